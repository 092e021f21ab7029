"""The puzzle collection in the page: listed on the start screen by level, opened by `?puzzle=ID` or a click,
Back and Next through it, only the solution accepted, solves remembered (`jaipur.puzzles.v1`)."""

from __future__ import annotations

import json

import pytest

from jaipur.puzzlebook import Entry, candidates
from jaipur.rules import apply, legal_moves
from jaipur.web.address import read_address
from jaipur.web.app import Controller
from jaipur.web.collection import SOLVED_KEY, load_solved, solved_from_text
from jaipur.web.render import find, text_of

from .fakes import FakeBots, FakePlatform


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    """Three real sure-win finishes of seeded games (the collection's data file is made elsewhere)."""
    out = []
    for n, seed in enumerate((3, 7, 8)):
        p, solution = candidates(seed)[0]
        out.append(Entry(f"t{n + 1}", n + 1, p, solution, f"seed {seed}", "C", 0.5, seed))
    return out


def boot(entries: list[Entry], query: str = "", pf: FakePlatform | None = None) -> tuple[Controller, FakePlatform]:
    pf = pf or FakePlatform()
    c = Controller(pf, read_address(query), FakeBots(), min_think=0, puzzles=entries)
    c.boot()
    pf.run()
    return c, pf


def click(c: Controller, action: str, value: str = "") -> None:
    c.on_event({"type": "click", "action": action, "value": value})


def test_the_start_screen_lists_the_collection_by_level(entries: list[Entry]) -> None:
    c, pf = boot(entries, "", FakePlatform({SOLVED_KEY: json.dumps(["t2"])}))
    assert pf.node is not None
    items = find(pf.node, **{"data-action": "open-puzzle"})
    assert [n.attrs["data-value"] for n in items] == ["t1", "t2", "t3"]
    assert [n.attrs["data-solved"] for n in items] == ["false", "true", "false"]
    assert "Puzzles (1 of 3 solved)" in text_of(pf.node)
    click(c, "set-lang", "fa")
    assert "معماها" in text_of(pf.node) and "۱ از ۳" in text_of(pf.node)


def test_a_puzzle_accepts_only_its_solution_and_the_solve_is_remembered(entries: list[Entry]) -> None:
    c, pf = boot(entries)
    click(c, "open-puzzle", "t1")
    e = entries[0]
    assert c.kind == "puzzle" and c.position is e.position
    assert "Puzzle 1 of 3, level 1: win the round with one move." in text_of(pf.node)
    wrong = next(m for m in legal_moves(e.position) if m != e.solution)
    c.play(wrong)
    c.refresh()
    assert c.position is e.position and find(pf.node, **{"data-verdict": "wrong"})
    assert SOLVED_KEY not in pf.storage
    c.play(e.solution)
    c.refresh()
    assert c.position == apply(e.position, e.solution)
    assert find(pf.node, **{"data-verdict": "solved"})
    assert load_solved(pf) == {"t1"}
    assert find(pf.node, **{"data-collection-nav": "t1"})[0].children[1].attrs["data-solved"] == "true"


def test_next_and_back_walk_the_collection(entries: list[Entry]) -> None:
    c, pf = boot(entries, "?puzzle=t2&lang=fa")
    assert c.position is entries[1].position
    assert "معمای ۲ از ۳، سطح ۲" in text_of(pf.node)
    click(c, "puzzle-next")
    assert c.position is entries[2].position
    nav = find(pf.node, **{"data-action": "puzzle-next"})[0]
    assert nav.attrs["disabled"] not in (False, None)
    click(c, "puzzle-next")
    assert c.position is entries[2].position
    click(c, "puzzle-back")
    click(c, "puzzle-back")
    assert c.position is entries[0].position
    assert find(pf.node, **{"data-action": "puzzle-back"})[0].attrs["disabled"] not in (False, None)


def test_an_unknown_or_bad_id_is_said_on_the_start_screen(entries: list[Entry]) -> None:
    c, pf = boot(entries, "?puzzle=nope")
    assert c.screen == "start"
    assert "There is no puzzle “nope” in the collection" in text_of(pf.node)
    c, pf = boot(entries, "?puzzle=%3Cb%3E")
    assert c.screen == "start" and "“<b>”" in text_of(pf.node)


def test_embedded_solves_are_not_kept_and_the_list_is_not_shown(entries: list[Entry]) -> None:
    c, pf = boot(entries, "?puzzle=t3&embed=1")
    c.play(entries[2].solution)
    assert c.mode is not None and SOLVED_KEY not in pf.storage


def test_solved_ids_read_from_anything() -> None:
    assert solved_from_text(None) == frozenset()
    assert solved_from_text('{"a": 1}') == frozenset()
    assert solved_from_text('["a", "' + "x" * 50 + '"]') == {"a"}
