"""The column beside the table (under it on a phone): the move buttons with the hint, the ready move's preview
and undo / clear, the editor's and the puzzle's panels above them, and the move log.

Test hooks: `button[data-action=take|camels|exchange|sell]` (with `data-candidate`), `[data-hint]`,
`[data-preview]`, `[data-puzzle]` with `[data-verdict]` and `[data-answer]`, `[data-zone=log]` with
`li[data-move]`.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Strings
from .model import KINDS, TableState
from .nodes import Node, h
from .preview import preview
from .render_collection import collection_nav
from .render_editor import editor_panel
from .render_lesson import restart_button
from .render_parts import actor, shortcut, token
from .render_tutorial import lesson_nav


def actions_panel(state: TableState, s: Strings) -> Node:
    """The move buttons, the hint (or why not), the preview, undo / restart / clear, and the panels above."""
    buttons = []
    for kind in KINDS:
        a = state.actions.get(kind)
        enabled = bool(a and a.enabled)
        why = s.reason(a.reason) if a and not enabled else ""
        asked = state.wanted is None or kind in state.wanted   # a tutorial step highlights only what it asks for
        buttons.append(h("button", {"type": "button", "class": "act" + (" primary" if enabled and asked else ""),
                                    "data-action": kind, "aria-keyshortcuts": shortcut(kind), "disabled": not enabled,
                                    "data-move": None, "data-candidate": a.move if a and a.move else None,
                                    "title": why or None},
                         s.t(f"action.{kind}")))
    kind, reason, ready = state.hint
    if kind == "start":
        text = s.t("hint.start")
    elif kind == "ready":
        text = s.t("hint.ready", move=_ready_text(state, s, ready or ""))
    elif kind == "wait":
        text = s.t("hint.wait", name=state.names[1 - state.seat])
    elif kind in ("over", "still", "solved", "revealed", "puzzle", "learn", "learned", "held"):
        text = s.t(f"hint.{kind}")
    else:
        text = s.reason(reason)
    back = None
    if kind == "over" and state.dialog is None and state.kind in ("game", "position") and state.interactive:
        back = h("button", {"type": "button", "class": "act primary result-back", "data-action": "show-result",
                            "data-autofocus": True}, s.t("action.show-result"))
    undo = None
    if state.tools and state.kind in ("game", "position") and state.opponent != "human":
        undo = h("button", {"type": "button", "class": "act undo", "data-action": "undo",
                            "aria-keyshortcuts": shortcut("undo"), "disabled": not state.can_undo}, s.t("action.undo"))
    # only the answer to a selection (ready / why not) is live: "your turn" is said by the bar's status
    said = kind in ("ready", "why")
    return h("div", {"class": "actions"},
             editor_panel(state, s),
             _puzzle_panel(state, s),
             h("div", {"class": "buttons"}, buttons),
             _preview(state, s, ready if kind == "ready" else None),
             h("div", {"class": "hint-row"},
               h("p", {"class": "hint" + (" why" if kind == "why" else ""), "data-hint": kind,
                       "data-code": reason.code if reason else None},
                 h("span", {"aria-live": "polite"}, text if said else None), None if said else text),
               back,
               undo, restart_button(state, s),
               h("button", {"type": "button", "class": "act clear", "data-action": "clear",
                            "aria-keyshortcuts": shortcut("clear"), "disabled": not state.selection},
                 s.t("action.clear"))
               if state.interactive else None))


def _preview(state: TableState, s: Strings, move: str | None) -> Node:
    """What the ready move will do, before it is played (preview.py): a sale's tokens and total, a bonus
    token (value unknown), a short pile, the round's end; an exchange's hand and herd; the camels' count.
    The row is always there (empty without a ready move) so the table does not move."""
    v = state.view
    if not move or v is None:
        return h("p", {"class": "preview empty", "data-preview": ""})
    pv = preview(v, move)
    chips: list[Node] = []
    parts: list[str] = []
    attrs: dict[str, Any] = {"class": "preview", "data-preview": pv.move, "data-kind": pv.kind}
    if pv.kind == "sell":
        chips = [token(pv.good, val, s, "small") for val in pv.values]
        if pv.values:
            parts.append(s.t("preview.sell", values=s.t("preview.plus").join(s.num(x) for x in pv.values),
                             rupees=s.plural("rupees", pv.rupees)))
        else:
            parts.append(s.t("preview.sell.nothing", good=s.names(pv.good)))
        if pv.bonus is not None:
            chips.append(h("span", {"class": "token bonus back small", "data-size": pv.bonus}, "?"))
            parts.append(s.t("preview.bonus", size=pv.bonus))
        if pv.short:
            parts.append(s.plural("preview.short", len(pv.values), goods=s.names(pv.good)))
        attrs.update({"data-values": ",".join(str(x) for x in pv.values), "data-rupees": pv.rupees,
                      "data-bonus": pv.bonus or ""})
    elif pv.kind == "exchange":
        parts.append(s.t("preview.exchange", hand=s.plural("count.cards", len(pv.hand)),
                         herd=s.plural("count.camels", pv.herd)))
        attrs.update({"data-hand": pv.hand, "data-herd": pv.herd})
    elif pv.kind == "camels":
        parts.append(s.plural("preview.camels", pv.camels, herd=s.plural("count.camels", pv.herd)))
        attrs["data-camels"] = pv.camels
    else:
        parts.append(s.t("preview.take", n=len(pv.hand)))
    if pv.ends_round:
        parts.append(s.t("preview.ends.sell" if pv.kind == "sell" else "preview.ends"))
        attrs["data-ends-round"] = "true"
    return h("p", attrs, h("span", {"class": "chips", "aria-hidden": "true"}, chips) if chips else None,
             h("span", {"class": "preview-text"}, " ".join(parts)))


def _puzzle_panel(state: TableState, s: Strings) -> Node | None:
    """The puzzle: its task, the verdict on the last try (in words), and the answer when revealed."""
    pz = state.puzzle
    if pz is None:
        return None
    verdict = pz["verdict"]
    answer = pz["answer"]
    said = None
    if verdict is not None:
        word = "solved" if verdict.done else ("right" if verdict.correct else "wrong")
        said = h("p", {"class": "verdict-line " + ("right" if verdict.correct else "wrong"), "role": "status",
                       "data-verdict": word}, verdict.message(s.lang))
    return h("section", {"class": "puzzle", "data-puzzle": True, "data-solved": "true" if pz["solved"] else "false"},
             said,
             h("p", {"class": "answer", "data-answer": True}, s.reason(answer))
             if answer else None,
             h("div", {"class": "puzzle-buttons"},
               h("button", {"type": "button", "data-action": "reveal", "disabled": bool(answer)},
                 s.t("action.reveal")),
               h("button", {"type": "button", "data-action": "retry",
                            "disabled": verdict is None or not verdict.correct}, s.t("action.retry")),
               h("button", {"type": "button", "data-action": "open-editor"}, s.t("action.open-editor"))
               if state.tools else None),
             collection_nav(state, s), lesson_nav(state, s))


def _ready_text(state: TableState, s: Strings, move: str) -> str:
    if move == "TM" and state.view is not None:
        return s.camels_option(state.view["market"].count("M"))
    return s.move(move)


def move_log(state: TableState, s: Strings) -> Node:
    """The move log, newest first, with the rounds' starts and ends."""
    items = []
    for entry in reversed(state.log):
        if entry["kind"] == "round-start":
            starter = entry["seat"]
            who = actor(state, starter)
            text = (s.t("log.round-start.you", n=entry["round"]) if who is None
                    else s.t("log.round-start.other", n=entry["round"], name=who))
            items.append(h("li", {"class": "log-round", "data-round": entry["round"]}, text))
        elif entry["kind"] == "round-end":
            sc = entry["scores"]
            items.append(h("li", {"class": "log-round end", "data-round": entry["round"]},
                           s.t("log.round-end", n=entry["round"], a=state.names[0], sa=sc[0],
                               b=state.names[1], sb=sc[1])))
        else:
            mine = entry["seat"] == state.seat
            items.append(h("li", {"class": "log-move" + (" mine" if mine else " theirs"),
                                  "data-move": entry["move"], "data-seat": entry["seat"]},
                           s.did(entry, actor(state, entry["seat"]))))
    return h("aside", {"class": "zone log", "data-zone": "log", "aria-label": s.t("zone.log")},
             h("h2", {}, s.t("zone.log")),
             h("ol", {"reversed": True}, items) if items else h("p", {"class": "muted"}, s.t("log.empty")))
