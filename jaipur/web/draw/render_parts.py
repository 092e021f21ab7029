"""Small pieces several screens of the page share: who did a move (for a log line), a command's key shortcut,
a goods token, and the notices box (a bad address, a saved game) of the start screen and the table."""

from __future__ import annotations

from ..i18n import Strings
from .model import KEY_COMMANDS, TableState
from .nodes import Node, h


def actor(state: TableState, seat: int) -> str | None:
    """Who did it, for a log line: None means 'you' (the seat in front of the screen, against the computer)."""
    if seat == state.seat and not state.you_are_named:
        return None
    return state.names[seat]


def shortcut(command: str) -> str:
    """The aria-keyshortcuts of a command's button, from the page's key map ('T', 'Backspace Delete')."""
    return " ".join(code.removeprefix("Key") for code, c in KEY_COMMANDS.items() if c == command)


def token(good: str, value: int, s: Strings, extra: str = "") -> Node:
    """One goods token showing its value (`extra`: more classes, such as 'small')."""
    return h("span", {"class": "token" + (" " + extra if extra else ""), "data-good": good}, s.num(value))


def page_notices(state: TableState, s: Strings) -> Node | None:
    """The page's notices and the question about a previous game, if any (none: None)."""
    prompt = None
    if state.previous is not None:   # a link (or another tab) would have its game saved over: ask
        other = state.previous.code == "save.other-tab"
        prompt = h("div", {"class": "notices", "role": "group", "data-prompt": "previous-game",
                           "aria-labelledby": "previous-game-text"},
                   h("p", {"id": "previous-game-text", "data-code": state.previous.code}, s.reason(state.previous)),
                   h("button", {"type": "button", "class": "primary small", "data-action": "resume-previous"},
                     s.t("action.load-other" if other else "action.resume-previous")),
                   h("button", {"type": "button", "class": "small", "data-action": "keep-new"},
                     s.t("action.play-here" if other else "action.keep-new")))
    if not state.notices:
        return prompt
    notices = h("div", {"class": "notices", "role": "status", "data-notices": True},
                h("ul", {}, [h("li", {"data-code": n.code}, s.reason(n)) for n in state.notices]),
                h("button", {"type": "button", "class": "small", "data-action": "dismiss-notices"},
                  s.t("action.notices")))
    return notices if prompt is None else h("div", {"class": "notices-and-prompt"}, prompt, notices)
