"""The screen between two players on one device: pass it to the other player, who presses Ready (their cards
stay hidden until then).

Test hooks: `[data-pass-to]` (the seat it goes to), `button[data-action=ready]`.
"""

from __future__ import annotations

from ..i18n import Strings
from .model import TableState
from .nodes import Node, h


def pass_screen(state: TableState, s: Strings) -> Node:
    """The pass screen: whose turn it is now, the move just played, and Ready."""
    seat = state.pass_to if state.pass_to is not None else 0
    name = state.names[seat]
    last = None
    if state.last is not None:
        last = h("p", {"class": "pass-last"}, s.did(state.last, state.names[state.last["seat"]]))
    return h("main", {"class": "pass", "data-pass-to": seat},
             h("div", {"class": "pass-card"},
               h("span", {"class": "card back big", "aria-hidden": "true"}),
               h("h2", {}, s.t("pass.title", name=name)),
               h("p", {}, s.t("pass.body", name=name)),
               last,
               h("button", {"type": "button", "class": "primary big", "data-action": "ready",
                            "data-autofocus": True}, s.t("action.ready"))))
