"""The puzzle collection: every puzzle checked by the engine exactly, by playouts for its margin, and by the top bot.

A puzzle's solution must be legal, must end the round with the solver the winner whatever the hidden cards
and values are, and must be the only move that does; after the best other move (found when the puzzle was
made) the solver's estimated chance of winning is at least MARGIN lower; the top bot, searching from the
solver's view, plays the solution.
"""
from __future__ import annotations

import collections

import pytest

import jaipur
from jaipur.bots import get_bot
from jaipur.position import position_from_json, position_to_json
from jaipur.study import puzzlebook as pb

BOOK = pb.load()
IDS = [e.id for e in BOOK]


def test_the_collection_has_at_least_24_puzzles_in_three_levels() -> None:
    """Issue 13: at least 24 puzzles, in three levels, with unique ids."""
    assert len(BOOK) >= 24
    levels = collections.Counter(e.level for e in BOOK)
    assert set(levels) == set(pb.LEVELS) and min(levels.values()) >= 6
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("entry", BOOK, ids=IDS)
def test_the_solution_is_the_only_move_that_surely_wins_now(entry: pb.Entry) -> None:
    """R21/R22 and R23-R26: the solution ends the round and wins for every value hidden from the solver; no
    other legal move does."""
    p = entry.position
    assert entry.solution in jaipur.legal_moves(p)
    assert jaipur.apply(p, entry.solution).round_over
    assert [m for m in pb.ending_moves(p) if pb.sure_win(p, m)] == [entry.solution]


@pytest.mark.parametrize("entry", BOOK, ids=IDS)
def test_the_best_other_move_is_worse_by_the_margin(entry: pb.Entry) -> None:
    """The rival found when the puzzle was made, replayed with the same seeded playouts, gives the solver a
    chance of winning at most 1 - MARGIN (the solution wins for sure)."""
    assert entry.rival != entry.solution and entry.rival in jaipur.legal_moves(entry.position)
    rate = pb.win_rate(entry.position, entry.rival, pb.PLAYOUTS, entry.seed + 1)
    assert rate == pytest.approx(entry.rival_rate, abs=1e-3)
    assert rate <= 1.0 - pb.MARGIN


@pytest.mark.parametrize("entry", BOOK, ids=IDS)
def test_the_top_bot_finds_the_solution(entry: pb.Entry) -> None:
    """The strongest level, searching only the solver's view (fixed iterations and seed), plays the solution."""
    bot = get_bot("maharaja:iterations=300")
    seen = jaipur.view(entry.position, entry.position.to_move)
    assert bot.choose(seen, jaipur.Rng(entry.seed)) == entry.solution


@pytest.mark.parametrize("entry", BOOK, ids=IDS)
def test_the_level_is_what_grade_says_and_the_position_round_trips(entry: pb.Entry) -> None:
    """The stored level is the grader's, and the stored position reads back to the same position."""
    assert pb.grade(entry.position, entry.solution) == entry.level
    assert position_from_json(position_to_json(entry.position)) == entry.position


def test_sure_win_counts_the_hidden_bonus_values_against_the_solver() -> None:
    """A finish that wins only if the opponent's hidden bonus token is small is not a sure win."""
    base = {"market": "MMMDG", "hands": ["LL", "C"], "herds": [0, 0], "deck": "",
            "goods": {"D": [], "G": [], "L": [1]}, "seed": 3}
    # Selling the last leather empties a third pile: 1 rupee against the opponent's 3-card bonus (1-3 hidden).
    p = position_from_json({**base, "taken": [{"goods": [["D", 7]], "bonus": []},
                                              {"goods": [["G", 5]], "bonus": [[3, 3]]}]})
    assert pb.sure_win(p, "S2L") is False          # 7 + 1 = 8 against 5 + up to 3 = 8: a tie at worst
    q = position_from_json({**base, "taken": [{"goods": [["D", 7], ["D", 7]], "bonus": []},
                                              {"goods": [["G", 5]], "bonus": [[3, 3]]}]})
    assert pb.sure_win(q, "S2L") is True           # 15 against at most 8


def test_ending_moves_are_those_after_which_the_round_is_over() -> None:
    """ending_moves lists exactly the legal moves that end the round."""
    for entry in BOOK[:6]:
        p = entry.position
        assert set(pb.ending_moves(p)) == {m for m in jaipur.legal_moves(p) if jaipur.apply(p, m).round_over}


def _worlds(p: jaipur.Position, count: int = 24) -> list[jaipur.Position]:
    """Full positions that the side to move cannot tell from `p` (the same view, the hidden cards dealt anew)."""
    seen = jaipur.view(p, p.to_move)
    return [jaipur.determinize(seen, jaipur.Rng(500 + k)) for k in range(count)]


@pytest.mark.parametrize("entry", BOOK[::3], ids=IDS[::3])
def test_a_wrong_move_is_refuted_by_a_counter_example_the_solver_could_meet(entry: pb.Entry) -> None:
    """The verifier's counter-example to a wrong try: a move that ends the round is scored within the hidden
    bonus values (R20, R23-R26); otherwise the opponent's reply ends the round with the solver not winning in a
    dealing of the hidden cards consistent with the solver's view, or playouts from there lose."""
    p, seat = entry.position, entry.position.to_move
    for move in [m for m in jaipur.legal_moves(p) if m != entry.solution][:12]:
        r = pb.refute(p, move)
        after = jaipur.apply(p, move)
        if after.round_over:
            f = pb.finish(p, after, seat)
            assert r.kind in ("behind", "may-lose") and not f.sure_win, move
            assert (r.mine, r.theirs) == (f.best if r.kind == "behind" else f.worst)
            assert r.kind != "behind" or r.mine <= r.theirs
            continue
        assert r.kind in ("reply", "later", "open"), move
        if r.kind == "reply":   # the reply is legal and ends the round so in some world the solver cannot tell apart
            assert r.reply is not None
            met = [pb.finish(p, jaipur.apply(w, r.reply), seat) for w in
                   (jaipur.apply(w, move) for w in _worlds(p, 200)) if r.reply in jaipur.legal_moves(w)
                   and jaipur.apply(w, r.reply).round_over]
            assert any(f.sure_loss if r.sure else not f.sure_win for f in met), move
        if r.kind == "later":
            assert r.reply is not None and 0 < r.lost <= r.played


@pytest.mark.parametrize("entry", BOOK[::4], ids=IDS[::4])
def test_the_counter_example_reads_only_what_the_solver_sees(entry: pb.Entry) -> None:
    """Hidden information stays hidden (R19/R20): two positions the solver cannot tell apart get the same
    refutation of every wrong try."""
    p = entry.position
    others = _worlds(p, 2)
    for move in [m for m in jaipur.legal_moves(p) if m != entry.solution][:6]:
        assert pb.refute(p, move) == pb.refute(others[0], move) == pb.refute(others[1], move), move


def test_finish_bounds_the_hidden_bonus_values_both_ways() -> None:
    """R20, R23-R26: the worst case gives the opponent the highest unseen bonus values and the solver the lowest,
    the best case the reverse; the camel token and the tie-breaks are said when they decide a sure win."""
    for e in BOOK:
        p, seat = e.position, e.position.to_move
        f = pb.finish(p, jaipur.apply(p, e.solution), seat)
        assert f.sure_win and not f.sure_loss and f.worst[0] <= f.best[0] and f.worst[1] >= f.best[1]
        assert f.worst[0] >= f.worst[1]
        assert (f.tiebreak is not None) == (f.worst[0] == f.worst[1])
    levels = {e.id: pb.finish(e.position, jaipur.apply(e.position, e.solution), e.position.to_move) for e in BOOK}
    assert any(f.camel for f in levels.values()) and any(f.tiebreak for f in levels.values())
