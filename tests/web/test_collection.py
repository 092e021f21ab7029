"""The puzzle collection in the page: listed on the start screen by level, opened by `?puzzle=ID` or a click,
Back and Next through it, only the solution accepted, solves remembered (`jaipur.puzzles.v1`)."""

from __future__ import annotations

import json

import pytest

from jaipur.lang.strings import strings
from jaipur.rules import apply, legal_moves
from jaipur.study.puzzlebook import Entry, candidates, finish, load, refute
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of
from jaipur.web.links.address import read_address
from jaipur.web.store.collection import SOLVED_KEY, load_revealed, load_solved, solved_from_text

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
    pf.run()                                   # the wrong try's explanation, dropped by the solve, ends


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


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_wrong_try_says_why_from_the_opponent_s_reply_that_beats_it(lang: str) -> None:
    book = load()
    e = book[0]                                   # finish-1-01: after its rival the opponent ends the round ahead
    c, pf = boot(book, f"?puzzle={e.id}&lang={lang}")
    s = strings(lang)
    c.play(e.rival)
    c.refresh()
    first = text_of(find(pf.node, **{"data-verdict": "wrong"})[0])
    assert first == s.t("puzzle.wrong.thinking")  # said at once; why comes from the verifier, in the background
    pf.run()
    c.refresh()
    said = text_of(find(pf.node, **{"data-verdict": "wrong"})[0])
    r = refute(e.position, e.rival)
    assert r.kind == "reply" and r.sure and r.reply is not None
    assert s.move(r.reply) in said and s.num(r.mine) in said and s.num(r.theirs) in said
    assert said.startswith(s.t("puzzle.wrong.why", why="\x00").split("\x00")[0])
    assert e.rival not in said and r.reply not in said              # in words, never in notation
    assert c.position is e.position                                 # a wrong try changes nothing


def test_a_wrong_try_that_ends_the_round_is_scored_at_once() -> None:
    book = load()
    e = next(x for x in book if x.id == "finish-3-02")   # taking a cloth ends the round too, and can lose
    c, pf = boot(book, f"?puzzle={e.id}")
    c.play("TC")
    c.refresh()
    said = text_of(find(pf.node, **{"data-verdict": "wrong"})[0])
    assert said.startswith("Not this one: taking one cloth, and it ends the round, but you can lose it: "
                           "if the hidden bonus tokens go against you, you have 67 rupees against 68.")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_level_3_answer_says_why_it_surely_wins_and_the_least_it_scores(lang: str) -> None:
    book = load()
    s = strings(lang)
    for e in [x for x in book if x.level == 3]:
        c, pf = boot(book, f"?puzzle={e.id}&lang={lang}")
        click(c, "reveal")
        answer = text_of(find(pf.node, **{"data-answer": ""})[0])
        f = finish(e.position, apply(e.position, e.solution), e.position.to_move)
        assert s.t("puzzle.sure", mine=f.worst[0], theirs=f.worst[1]) in answer, e.id
        assert (s.t("puzzle.sure.camel") in answer) == f.camel, e.id
        assert f.tiebreak is None or s.t(f"puzzle.sure.tiebreak.{f.tiebreak}") in answer, e.id
        assert e.solution not in answer, e.id


def test_a_puzzle_revealed_then_played_is_kept_as_revealed_not_solved(entries: list[Entry]) -> None:
    pf = FakePlatform({SOLVED_KEY: json.dumps(["t3"])})     # a browser's older data: solved ids only
    c, pf = boot(entries, "?puzzle=t1", pf)
    click(c, "reveal")
    c.play(entries[0].solution)
    c.refresh()
    verdict = find(pf.node, **{"data-verdict": "solved"})[0]
    assert "counts as revealed, not solved" in text_of(verdict)
    assert find(pf.node, **{"data-hint": "revealed"}) and "Answer shown" in text_of(pf.node)
    assert load_solved(pf) == {"t3"} and load_revealed(pf) == {"t1"}
    assert json.loads(pf.storage[SOLVED_KEY]) == ["t3"]        # the old key keeps its form: a list of solved ids
    nav = find(pf.node, **{"data-collection-nav": "t1"})[0].children[1]
    assert nav.attrs["data-solved"] == "false" and nav.attrs["data-revealed"] == "true"
    click(c, "puzzle-next")                                  # t2: solved without the answer
    c.play(entries[1].solution)
    assert load_solved(pf) == {"t2", "t3"}
    click(c, "new-game")
    items = {n.attrs["data-value"]: n for n in find(pf.node, **{"data-action": "open-puzzle"})}
    assert items["t1"].attrs["data-revealed"] == "true" and items["t1"].attrs["data-solved"] == "false"
    assert items["t2"].attrs["data-solved"] == "true" and "data-revealed" not in items["t2"].attrs
    assert "Puzzles (2 of 3 solved, 1 revealed)" in text_of(pf.node)
    # solved later without the answer: solved, and no longer revealed
    click(c, "open-puzzle", "t1")
    c.play(entries[0].solution)
    assert load_solved(pf) == {"t1", "t2", "t3"} and load_revealed(pf) == frozenset()


def test_the_count_is_one_item_of_the_summary_so_its_space_stays(entries: list[Entry]) -> None:
    c, pf = boot(entries)
    (summary,) = [n for n in find(pf.node, **{"data-collection": ""})[0].children if n.tag == "summary"]
    assert [n.tag for n in summary.children] == ["span"]     # a phone's summary is a flex box
    assert text_of(summary) == "Puzzles (0 of 3 solved)"


def test_the_address_names_the_puzzle_while_it_is_shown(entries: list[Entry]) -> None:
    c, pf = boot(entries)
    assert pf.addressed == []                                 # the start screen: nothing to name
    click(c, "open-puzzle", "t2")
    assert pf.addressed == [("puzzle", "t2")]
    click(c, "puzzle-next")
    click(c, "reveal")                                        # redrawn, the same puzzle: named once
    assert pf.addressed == [("puzzle", "t2"), ("puzzle", "t3")]
    click(c, "new-game")
    assert pf.addressed[-1] == ("puzzle", None)               # back to the start screen: the address says so
    c, pf = boot(entries, "?puzzle=t1")
    assert c.kind == "puzzle" and pf.addressed == []          # opened by its address: it names it already
    click(c, "puzzle-next")
    assert pf.addressed == [("puzzle", "t2")]
    c, pf = boot(entries, "?puzzle=t1&embed=1")
    click(c, "puzzle-next")
    assert pf.addressed == []                                 # an embed's address is its host page's


def test_a_right_try_says_the_least_it_scores_unless_the_answer_said_it() -> None:
    book = load()
    e = next(x for x in book if x.id == "finish-3-02")
    f = finish(e.position, apply(e.position, e.solution), e.position.to_move)
    sure = strings("en").t("puzzle.sure", mine=f.worst[0], theirs=f.worst[1])
    c, pf = boot(book, f"?puzzle={e.id}")
    c.play(e.solution)
    c.refresh()
    said = text_of(find(pf.node, **{"data-verdict": "solved"})[0])
    assert said.startswith("Right: taking the camel") and sure in said and "Puzzle solved." in said
    click(c, "puzzle-next")
    click(c, "puzzle-back")
    click(c, "reveal")
    c.play(e.solution)
    c.refresh()
    assert sure not in text_of(find(pf.node, **{"data-verdict": "solved"})[0])   # the answer above says it
