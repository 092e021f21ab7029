"""The replay viewer's controls, beside the table in place of the move buttons: step through the match, where
the replay is, the move just played in words, the round's result, the game review, the round jumps and whose
cards are shown.

Test hooks: `[data-zone=replay]` with `data-frame`, `data-frames`, `data-ply`, `data-plies` and `data-seen`,
`button[data-action=replay-first|replay-back|replay-play|replay-forward|replay-last|replay-round|replay-seat]`.
"""

from __future__ import annotations

from typing import Any, cast

from ..i18n import Strings
from .model import TableState
from .nodes import Node, h
from .panels import ReplayFrame
from .render_dialogs import round_breakdown
from .render_parts import actor
from .render_review import review_panel


def replay_controls(state: TableState, s: Strings, v: dict[str, Any]) -> Node:
    """First / back / play / forward / last, where we are, the move just played in words, the round
    jumps and whose cards are shown. The arrow keys step too (dom.py forwards them)."""
    r = state.replay or cast(ReplayFrame, {})   # without a replay every key below falls back to its default
    names = state.names
    at_start, at_end = bool(r.get("at_start")), bool(r.get("at_end"))
    playing = bool(r.get("autoplay"))

    def step(action: str, label: str, glyph: str, disabled: bool) -> Node:
        return h("button", {"type": "button", "class": "step", "data-action": action, "disabled": disabled,
                            "aria-label": label, "title": label},
                 h("span", {"class": "glyph", "aria-hidden": "true"}, glyph), h("span", {"class": "label"}, label))

    rtl = s.dir == "rtl"
    back_glyph, fwd_glyph = ("▶", "◀") if rtl else ("◀", "▶")
    first_glyph, last_glyph = ("»", "«") if rtl else ("«", "»")
    last = r.get("last")
    if last is not None:
        said = h("p", {"class": "replay-said", "data-last-move": last["move"], "aria-live": "polite"},
                 s.did(last, actor(state, last["seat"])))
    else:
        starter = actor(state, r.get("to_move", 0))
        said = h("p", {"class": "replay-said", "aria-live": "polite"},
                 s.t("replay.dealt.you", n=r.get("round", 1)) if starter is None else
                 s.t("replay.dealt", n=r.get("round", 1), name=starter))
    res = v.get("result")
    result = round_breakdown(state, s, v, res, None) if res is not None else None
    rounds = r.get("rounds") or []
    seen = r.get("seen_from", 0)
    return h("section", {"class": "actions replay-controls", "data-zone": "replay", "data-keys": "replay",
                         "data-frame": r.get("frame", 0), "data-frames": r.get("frames", 1),
                         "data-ply": r.get("ply", 0), "data-plies": r.get("plies", 0), "data-seen": seen,
                         "aria-label": s.t("replay.title")},
             h("div", {"class": "replay-buttons buttons"},
               step("replay-first", s.t("replay.first"), first_glyph, at_start),
               step("replay-back", s.t("replay.back"), back_glyph, at_start),
               h("button", {"type": "button", "class": "step play" + (" primary" if not playing else ""),
                            "data-action": "replay-play", "aria-pressed": "true" if playing else "false"},
                 h("span", {"class": "glyph", "aria-hidden": "true"}, "❚❚" if playing else "►"),
                 h("span", {"class": "label"}, s.t("replay.pause" if playing else "replay.play"))),
               step("replay-forward", s.t("replay.forward"), fwd_glyph, at_end),
               step("replay-last", s.t("replay.last"), last_glyph, at_end)),
             h("p", {"class": "replay-where"},
               h("strong", {}, s.t("replay.where", ply=r.get("ply", 0), plies=r.get("plies", 0))),
               " · ", s.t("round", n=r.get("round", 1))),
             said,
             result,
             review_panel(state, s),
             h("div", {"class": "replay-row"},
               h("div", {"class": "replay-rounds", "role": "group", "aria-label": s.t("replay.rounds")},
                 h("span", {"class": "row-label"}, s.t("replay.rounds")),
                 [h("button", {"type": "button", "class": "chip", "data-action": "replay-round", "data-value": n,
                               "aria-pressed": "true" if n == r.get("round") else "false"}, s.t("round", n=n))
                  for n in rounds]) if len(rounds) > 1 else None,
               h("div", {"class": "replay-seen", "role": "group", "aria-label": s.t("replay.seen")},
                 h("span", {"class": "row-label"}, s.t("replay.seen")),
                 [h("button", {"type": "button", "class": "chip", "data-action": "replay-seat", "data-value": val,
                               "aria-pressed": "true" if seen == val else "false"},
                    s.t("replay.seen.all") if val == "all" else s.t("replay.seen.you") if val == r.get("you")
                    else s.t("replay.seen.seat", name=names[int(val)]))
                  for val in (0, 1, "all")]) if not r.get("locked") else None),
             h("p", {"class": "muted keys"}, s.t("replay.keys")))
