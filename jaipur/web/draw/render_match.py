"""The match's summary in its result dialog: every round side by side (goods, bonus and camel tokens, the
total, who took the seal), and the seals each player won. Drawn from the rounds' public results only
(model.TableState.rounds, one view's `result` per finished round)."""

from __future__ import annotations

from ...types import RoundResult
from ..i18n import Strings
from .model import TableState
from .nodes import Node, h


def seal_marks(s: Strings, n: int) -> Node:
    """`n` seals of excellence as small pictures, named for screen readers."""
    return h("span", {"class": "seals", "data-seals": n, "title": s.t("seals", n=n), "role": "img",
                      "aria-label": s.t("seals", n=n)},
             [h("span", {"class": "seal", "aria-hidden": "true"}) for _ in range(n)])


def _cell(s: Strings, res: RoundResult, x: int, n: int) -> Node:
    b = res["breakdown"][x]
    won = res["winner"] == x
    parts = s.t("summary.parts", goods=s.num(b["goods"]), bonus=s.num(b["bonus"]), camel=s.num(b["camel"]))
    return h("td", {"data-round": n, "data-seat": x, "data-score": res["scores"][x],
                    "data-won": "true" if won else None, "class": "won" if won else None},
             h("strong", {}, s.num(res["scores"][x])),
             h("span", {"class": "seal", "role": "img", "aria-label": s.t("summary.seal"),
                        "title": s.t("summary.seal")}) if won else None,
             h("small", {"class": "parts"}, parts))


def match_summary(state: TableState, s: Strings) -> Node | None:
    """The table of every round of the match (None before a round has ended)."""
    rounds = state.rounds
    if not rounds:
        return None
    seats = (state.seat, 1 - state.seat)
    seals = rounds[-1]["seals"]
    numbers = range(1, len(rounds) + 1)
    return h("section", {"class": "match-summary", "data-match-summary": len(rounds),
                         "aria-labelledby": "summary-title"},
             h("h3", {"id": "summary-title"}, s.t("summary.title")),
             h("table", {"class": "summary"},
               h("thead", {}, h("tr", {}, h("td", {}),
                                [h("th", {"scope": "col"}, s.t("round", n=n)) for n in numbers],
                                h("th", {"scope": "col"}, s.t("result.seals")))),
               h("tbody", {},
                 [h("tr", {"data-seat": x},
                    h("th", {"scope": "row"}, state.names[x]),
                    [_cell(s, res, x, n) for n, res in zip(numbers, rounds)],
                    h("td", {"data-seals-won": seals[x]}, seal_marks(s, seals[x])))
                  for x in seats])),
             h("p", {"class": "muted summary-how"}, s.t("summary.how")))
