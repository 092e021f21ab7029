"""The game review's rendering (in the replay viewer): a Review button, then a small SVG chart of the
reviewed seat's estimated chance of winning after each of its moves (its axes labelled: the move's number,
the chance in percent), and the costliest moves in words, each a button that shows the table where it was
played."""

from __future__ import annotations

from ...study.review import Review
from ..i18n import Strings
from .model import TableState
from .nodes import Node, h
from .panels import ReviewPanel

WIDTH, HEIGHT = 320, 132
"""The chart's box (SVG user units)."""
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 18, 32
"""The plot's margins inside the box: room for the percentages (left), the chance's label (top), the moves'
numbers and the moves' label (bottom)."""
TICKS = 6
"""At most this many moves are numbered under the chart (the first and the last always)."""
FONT = 9
"""The labels' size in user units (the chart scales with its width)."""


def percent(s: Strings, x: float) -> str:
    """A chance as a whole percentage in the page's digits."""
    return s.t("review.percent", n=s.num(round(100 * x)))


def _numbered(n: int) -> list[int]:
    """Which of n points get their move's number under the chart: evenly spread, the first and last included."""
    if n <= TICKS:
        return list(range(n))
    return sorted({round(k * (n - 1) / (TICKS - 1)) for k in range(TICKS)})


def chart(r: Review, s: Strings) -> Node:
    """The chance of winning after each reviewed move as a line, 50% dashed, the marked moves as dots; the
    vertical axis in percent (0, 50, 100) under its label, the horizontal one numbered by move under its label.
    Time runs left to right in every language (the labels are the page's words and digits)."""
    n = len(r.points)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def xy(i: int, chance: float) -> tuple[float, float]:
        x = LEFT + (right - LEFT) * (i / (n - 1) if n > 1 else 0.5)
        return round(x, 1), round(TOP + (bottom - TOP) * (1 - chance), 1)

    def label(x: float, y: float, text: str, side: str, cls: str) -> Node:
        """A label at (x, y): its `side` (left, right or middle) there, its words in the page's direction."""
        rtl = s.dir == "rtl"
        anchor = {"middle": "middle", "left": "end" if rtl else "start", "right": "start" if rtl else "end"}[side]
        return h("text", {"x": x, "y": y, "text-anchor": anchor, "font-size": FONT, "fill": "currentColor",
                          "direction": s.dir, "class": cls}, text)

    line = " ".join(f"{x},{y}" for x, y in (xy(i, p.chance) for i, p in enumerate(r.points)))
    marked = {p.index for p in r.marks}
    dots = [h("circle", {"cx": xy(i, p.chance)[0], "cy": xy(i, p.chance)[1], "r": 4, "class": "review-dot",
                         "data-index": p.index})
            for i, p in enumerate(r.points) if p.index in marked]
    mid = (TOP + bottom) / 2
    ys = [label(LEFT - 4, y + FONT / 3, percent(s, chance), "right", "review-tick")
          for chance, y in ((1.0, TOP), (0.5, mid), (0.0, bottom))]
    xs = [label(xy(i, 0)[0], bottom + FONT + 3, s.num(r.points[i].index + 1), "middle", "review-tick")
          for i in _numbered(n)]
    return h("svg", {"class": "review-chart", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "role": "img",
                     "aria-label": s.t("review.chart"), "data-review-chart": n, "direction": "ltr"},
             h("line", {"x1": LEFT, "y1": mid, "x2": right, "y2": mid, "class": "review-even"}),
             h("polyline", {"points": line, "class": "review-line", "fill": "none"}),
             dots,
             h("g", {"class": "review-axes", "aria-hidden": "true"},
               h("line", {"x1": LEFT, "y1": TOP, "x2": LEFT, "y2": bottom, "stroke": "currentColor",
                          "stroke-width": 1, "opacity": .5}),
               h("line", {"x1": LEFT, "y1": bottom, "x2": right, "y2": bottom, "stroke": "currentColor",
                          "stroke-width": 1, "opacity": .5}),
               ys, xs,
               label(LEFT, TOP - 7, s.t("review.axis.chance"), "left", "review-axis-label"),
               label((LEFT + right) / 2, HEIGHT - 4, s.t("review.axis.move"), "middle", "review-axis-label")))


def progress(rv: ReviewPanel, s: Strings) -> Node:
    """How far a running review has come: a bar and "5 of 24 moves reviewed" (a polite live region)."""
    done, total = int(rv.get("done") or 0), int(rv.get("total") or 0)
    return h("p", {"class": "review-progress", "data-review-progress": done, "data-review-total": total},
             h("progress", {"max": max(1, total), "value": done, "aria-hidden": "true"}), " ",
             h("span", {"aria-live": "polite"}, s.t("review.progress", n=s.num(done), total=s.num(total))))


def _you(state: TableState, seat: int) -> bool:
    """The reviewed seat is the player in front of the screen, in their own match seen from their seat."""
    return seat == state.seat and not state.you_are_named


def review_panel(state: TableState, s: Strings) -> Node | None:
    """The review part of the replay controls (nothing outside a replay)."""
    rv = state.review
    if rv is None:
        return None
    r: Review | None = rv["review"]
    seat = rv["seat"]
    yours = _you(state, seat)
    name = state.names[seat] if seat < len(state.names) else ""
    button = h("button", {"type": "button", "data-action": "review", "disabled": bool(rv["running"])},
               s.t("review.running") if rv["running"] else
               s.t("review.button.you") if yours else s.t("review.button", name=name))
    if r is None:
        return h("section", {"class": "review", "data-review": "running" if rv["running"] else "none",
                             "data-reviewer": rv.get("where") or None},
                 button, progress(rv, s) if rv["running"] else None)
    moves = rv.get("moves") or {}
    marks = []
    for p in r.marks:
        entry = moves.get(p.index)
        did = s.did(entry, None if yours else name) if entry is not None else ""
        ply = s.num(p.index + 1)
        marks.append(h("li", {"data-review-mark": p.index},
                       h("button", {"type": "button", "class": "link-button review-goto", "data-action": "replay-goto",
                                    "data-value": p.index, "title": s.t("review.goto", ply=ply)},
                         s.t("review.mark", ply=ply, did=did)), " ",
                       s.t("review.chance", after=percent(s, p.chance), best=percent(s, p.best)), " ",
                       s.t("review.better", why=s.reason(p.why))))
    title = s.t("review.title.you", n=s.num(r.round)) if yours else s.t("review.title", name=name, n=s.num(r.round))
    return h("section", {"class": "review", "data-review": "done", "data-marks": len(r.marks),
                         "data-reviewer": rv.get("where") or None},
             h("h3", {}, title),
             chart(r, s) if r.points else None,
             h("ol", {"class": "review-marks"}, marks) if marks else
             h("p", {}, s.t("review.none")) if r.complete else None,
             None if r.complete else h("p", {"class": "muted", "data-review-partial": len(r.points)},
                                       s.plural("review.partial", len(r.points))),
             button)
