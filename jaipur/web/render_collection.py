"""The puzzle collection's rendering: the list on the start screen (by level, solved ones marked) and the
Back / Next buttons under a collection puzzle."""

from __future__ import annotations

from ..puzzlebook import LEVELS
from .i18n import Strings
from .model import TableState
from .nodes import Node, h


def collection_list(state: TableState, s: Strings) -> Node | None:
    """The collection on the start screen: one row of buttons per level (none when it is empty)."""
    if not state.book:
        return None
    solved = sum(1 for e in state.book if e["solved"])
    rows = []
    for level in LEVELS:
        items = [(n, e) for n, e in enumerate(state.book, 1) if e["level"] == level]
        if not items:
            continue
        rows.append(h("li", {"data-level": level},
                      h("span", {"class": "collection-level"}, s.t("collection.level", level=s.num(level))),
                      [h("button", {"type": "button", "class": "collection-item" + (" solved" if e["solved"] else ""),
                                    "data-action": "open-puzzle", "data-value": e["id"],
                                    "data-solved": "true" if e["solved"] else "false",
                                    "aria-label": s.t("collection.item.solved" if e["solved"] else "collection.item",
                                                      n=s.num(n))},
                         s.num(n) + (" ✓" if e["solved"] else "")) for n, e in items]))
    return h("details", {"class": "collection", "data-collection": True},
             h("summary", {}, s.t("collection.title"), " ",
               h("span", {"class": "collection-count"},
                 s.t("collection.count", solved=s.num(solved), total=s.num(len(state.book))))),
             h("ul", {"class": "collection-levels"}, rows))


def collection_nav(state: TableState, s: Strings) -> Node | None:
    """Back and Next through the collection, under a collection puzzle (nothing for another puzzle)."""
    c = state.collection
    if c is None:
        return None
    return h("div", {"class": "puzzle-buttons collection-nav", "data-collection-nav": c["id"]},
             h("button", {"type": "button", "data-action": "puzzle-back", "disabled": c["index"] <= 0},
               s.t("collection.back")),
             h("span", {"class": "collection-where", "data-solved": "true" if c["solved"] else "false"},
               s.t("collection.where", n=s.num(c["index"] + 1), total=s.num(c["total"]))),
             h("button", {"type": "button", "data-action": "puzzle-next", "disabled": c["index"] >= c["total"] - 1},
               s.t("collection.next")))
