"""The game review's rendering (in the replay viewer): a Review button, then a small SVG chart of the
reviewed seat's estimated chance of winning after each of its moves, and the costliest moves in words."""

from __future__ import annotations

from typing import Any

from ..review import Review
from .i18n import Strings
from .model import TableState
from .nodes import Node, h

WIDTH, HEIGHT, PAD = 320, 90, 6
"""The chart's box (SVG user units) and its inner margin."""


def percent(s: Strings, x: float) -> str:
    """A chance as a whole percentage in the page's digits."""
    return s.t("review.percent", n=s.num(round(100 * x)))


def chart(r: Review, s: Strings) -> Node:
    """The chance of winning after each reviewed move as a line, 50% dashed, the marked moves as dots."""
    n = len(r.points)

    def xy(i: int, chance: float) -> tuple[float, float]:
        x = PAD + (WIDTH - 2 * PAD) * (i / (n - 1) if n > 1 else 0.5)
        return round(x, 1), round(PAD + (HEIGHT - 2 * PAD) * (1 - chance), 1)

    line = " ".join(f"{x},{y}" for x, y in (xy(i, p.chance) for i, p in enumerate(r.points)))
    marked = {p.index for p in r.marks}
    dots = [h("circle", {"cx": xy(i, p.chance)[0], "cy": xy(i, p.chance)[1], "r": 4, "class": "review-dot",
                         "data-index": p.index})
            for i, p in enumerate(r.points) if p.index in marked]
    mid = HEIGHT / 2
    return h("svg", {"class": "review-chart", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "role": "img",
                     "aria-label": s.t("review.chart"), "data-review-chart": n},
             h("line", {"x1": PAD, "y1": mid, "x2": WIDTH - PAD, "y2": mid, "class": "review-even"}),
             h("polyline", {"points": line, "class": "review-line", "fill": "none"}),
             dots)


def progress(rv: dict[str, Any], s: Strings) -> Node:
    """How far a running review has come: a bar and "5 of 24 moves reviewed" (a polite live region)."""
    done, total = int(rv.get("done") or 0), int(rv.get("total") or 0)
    return h("p", {"class": "review-progress", "data-review-progress": done, "data-review-total": total},
             h("progress", {"max": max(1, total), "value": done, "aria-hidden": "true"}), " ",
             h("span", {"aria-live": "polite"}, s.t("review.progress", n=s.num(done), total=s.num(total))))


def review_panel(state: TableState, s: Strings) -> Node | None:
    """The review part of the replay controls (nothing outside a replay)."""
    rv = state.review
    if rv is None:
        return None
    r: Review | None = rv["review"]
    name = state.names[rv["seat"]] if rv["seat"] < len(state.names) else ""
    button = h("button", {"type": "button", "data-action": "review", "disabled": bool(rv["running"])},
               s.t("review.running") if rv["running"] else s.t("review.button", name=name))
    if r is None:
        return h("section", {"class": "review", "data-review": "running" if rv["running"] else "none",
                             "data-reviewer": rv.get("where") or None},
                 button, progress(rv, s) if rv["running"] else None)
    marks = [h("li", {"data-review-mark": p.index},
               s.t("review.mark", ply=s.num(p.index + 1), move=p.move, before=percent(s, p.best),
                   after=percent(s, p.chance)), " ",
               s.t("review.better", move=p.preferred), " ", s.reason(p.why))
             for p in r.marks]
    return h("section", {"class": "review", "data-review": "done", "data-marks": len(r.marks),
                         "data-reviewer": rv.get("where") or None},
             h("h3", {}, s.t("review.title", name=name, n=s.num(r.round))),
             chart(r, s) if r.points else None,
             h("ol", {"class": "review-marks"}, marks) if marks else
             h("p", {}, s.t("review.none")) if r.complete else None,
             None if r.complete else h("p", {"class": "muted", "data-review-partial": len(r.points)},
                                       s.t("review.partial", n=s.num(len(r.points)))),
             button)
