"""Learn to play's rendering: the suggestion on a newcomer's start screen and the steps' Back / Next."""

from __future__ import annotations

from ..i18n import Strings
from .model import TableState
from .nodes import Node, h


def learn_entry(state: TableState, s: Strings) -> Node | None:
    """A newcomer's start screen suggests the guided first game (nothing for a player who has played)."""
    if not state.learn_new:
        return None
    return h("div", {"class": "learn-suggest", "data-learn-suggest": True},
             h("p", {}, s.t("learn.suggest")),
             h("button", {"type": "button", "class": "primary", "data-action": "learn"}, s.t("learn.open")))


def lesson_nav(state: TableState, s: Strings) -> Node | None:
    """Back and Next through the steps, and where the learner is (nothing outside the tutorial)."""
    c = state.lesson
    if c is None:
        return None
    last = c["index"] >= c["total"] - 1
    finished = None
    if last and c["solved"]:
        finished = h("p", {"class": "verdict-line right", "data-learn-done": True}, s.t("learn.finished"))
    return h("div", {"class": "learn-nav", "data-lesson": c["id"], "data-step": c["index"] + 1},
             h("div", {"class": "puzzle-buttons"},
               h("button", {"type": "button", "data-action": "learn-back", "disabled": c["index"] <= 0},
                 s.t("learn.back")),
               h("span", {"class": "collection-where"},
                 s.t("learn.where", n=s.num(c["index"] + 1), total=s.num(c["total"]))),
               None if last else h("button", {"type": "button", "class": "primary" if c["solved"] else None,
                                              "data-action": "learn-next"}, s.t("learn.next")),
               h("button", {"type": "button", "data-action": "new-game"}, s.t("learn.play"))
               if last and c["solved"] else None),
             finished)
