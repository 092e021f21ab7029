"""The puzzle collection's rendering: the list on the start screen (by level, solved ones marked ✓, those
whose answer was shown marked ◌) and the Back / Next buttons under a collection puzzle."""

from __future__ import annotations

from ...study.puzzlebook import LEVELS
from ..i18n import Strings
from .model import TableState
from .nodes import Node, h
from .panels import BookEntry


def collection_list(state: TableState, s: Strings) -> Node | None:
    """The collection on the start screen: one row of buttons per level (none when it is empty)."""
    if not state.book:
        return None
    solved = sum(1 for e in state.book if e["solved"])
    revealed = sum(1 for e in state.book if e.get("revealed"))
    rows = []
    for level in LEVELS:
        items = [(n, e) for n, e in enumerate(state.book, 1) if e["level"] == level]
        if not items:
            continue
        rows.append(h("li", {"data-level": level},
                      h("span", {"class": "collection-level"}, s.t("collection.level", level=s.num(level))),
                      [_item(e, n, s) for n, e in items]))
    count = (s.t("collection.count.revealed", solved=s.num(solved), total=s.num(len(state.book)),
                 revealed=s.num(revealed)) if revealed else
             s.t("collection.count", solved=s.num(solved), total=s.num(len(state.book))))
    # one span inside the summary: a phone's summary is a flex box, where a space between two items would vanish
    return h("details", {"class": "collection", "data-collection": True},
             h("summary", {}, h("span", {}, s.t("collection.title"), " ",
                                h("span", {"class": "collection-count"}, count))),
             h("ul", {"class": "collection-levels"}, rows))


def _item(e: BookEntry, n: int, s: Strings) -> Node:
    """One puzzle's button: its number, ✓ once solved, ◌ once its answer was shown without a solve."""
    state = "solved" if e["solved"] else "revealed" if e.get("revealed") else ""
    return h("button", {"type": "button", "class": "collection-item" + (f" {state}" if state else ""),
                        "data-action": "open-puzzle", "data-value": e["id"],
                        "data-solved": "true" if e["solved"] else "false",
                        "data-revealed": "true" if state == "revealed" else None,
                        "aria-label": s.t(f"collection.item.{state}" if state else "collection.item", n=s.num(n))},
             s.num(n) + {"solved": " ✓", "revealed": " ◌"}.get(state, ""))


def collection_nav(state: TableState, s: Strings) -> Node | None:
    """Back and Next through the collection, under a collection puzzle (nothing for another puzzle)."""
    c = state.collection
    if c is None:
        return None
    return h("div", {"class": "puzzle-buttons collection-nav", "data-collection-nav": c["id"]},
             h("button", {"type": "button", "data-action": "puzzle-back", "disabled": c["index"] <= 0},
               s.t("collection.back")),
             h("span", {"class": "collection-where", "data-solved": "true" if c["solved"] else "false",
                        "data-revealed": "true" if c.get("revealed") else None},
               s.t("collection.where", n=s.num(c["index"] + 1), total=s.num(c["total"]))),
             h("button", {"type": "button", "data-action": "puzzle-next", "disabled": c["index"] >= c["total"] - 1},
               s.t("collection.next")))
