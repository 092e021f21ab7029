"""A lesson's rendering (modes.lesson): its Try again button, and the line that stands in for the caption
once the reader has played on from the lesson's position (the caption describes that position only)."""

from __future__ import annotations

from ..i18n import Strings
from .model import TableState
from .nodes import Node, h


def restart_button(state: TableState, s: Strings, big: bool = False) -> Node | None:
    """Try again: back to the lesson's position (enabled once the table has moved on; nothing outside a lesson)."""
    r = state.restart
    if r is None or not state.interactive:
        return None
    return h("button", {"type": "button", "class": "primary big" if big else "act restart",
                        "data-action": "restart", "disabled": not r["moved"]}, s.t("action.restart"))


def moved_line(state: TableState, s: Strings) -> Node | None:
    """In place of the caption after the reader's move: the caption was the lesson position's (Try again)."""
    r = state.restart
    if r is None or not r["moved"] or not r["caption"]:
        return None
    # the caption's words, unseen (table.css draws them hidden from `data-room`), keep its room: the table does not
    # move up when this shorter line takes the caption's place
    return h("p", {"class": "caption moved", "data-lesson-moved": True, "data-room": r["caption"]},
             h("span", {"class": "muted"}, s.t("lesson.moved")))


def held_turn(state: TableState, s: Strings) -> str | None:
    """The bar's turn words while the computer does not answer (`reply=0`), else None."""
    r = state.restart
    return s.t("turn.held") if r is not None and r["held"] else None
