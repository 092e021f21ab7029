"""Which page the player sees (render.page_key, the page root's `data-page`): dom.js shows a new page from the top,
so the key changes exactly when another page opens — not when a move is played or a dialog opens."""

from __future__ import annotations

import pytest

from jaipur import legal_moves
from jaipur.study.puzzlebook import Entry, candidates
from jaipur.web.app import Controller
from jaipur.web.links.address import read_address

from .fakes import FakeBots, FakePlatform


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    """Two sure-win finishes of seeded games."""
    return [Entry(f"t{n + 1}", 1, *candidates(seed)[0], f"seed {seed}", "C", 0.5, seed) for n, seed in enumerate((3, 7))]


def page(pf: FakePlatform) -> str:
    assert pf.node is not None
    return str(pf.node.attrs["data-page"])


def test_the_page_key_changes_when_another_page_opens(entries: list[Entry]) -> None:
    pf = FakePlatform()
    c = Controller(pf, read_address(""), FakeBots(), min_think=0, puzzles=entries)
    c.boot()
    pf.run()
    start = page(pf)
    c.on_event({"type": "click", "action": "open-puzzle", "value": "t1"})
    first = page(pf)
    c.on_event({"type": "click", "action": "puzzle-next"})
    second = page(pf)
    assert len({start, first, second}) == 3
    c.on_event({"type": "click", "action": "rules"})        # a dialog over the same page
    assert page(pf) == second


def test_a_move_keeps_the_page() -> None:
    pf = FakePlatform()
    c = Controller(pf, read_address("?opponent=novice&seed=3"), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    table = page(pf)
    assert table.startswith("table game")
    assert c.position is not None
    c.play(legal_moves(c.position)[0])
    pf.run()
    assert page(pf) == table
