"""The game review marks the moves that cost the most: a planted blunder (a sure win left unplayed) is found."""

from __future__ import annotations

from jaipur.bots import get_bot
from jaipur.lang import Reason
from jaipur.record import Record
from jaipur.rng import Rng
from jaipur.rules import apply, legal_moves, new_match
from jaipur.study.puzzlebook import ending_moves, sure_win
from jaipur.study.review import Point, marks_of, review
from jaipur.view import view


def planted(seed: int) -> tuple[Record, int, str, int]:
    """A seeded single-round game (the trader on both sides) up to the first position where one move wins the
    round for sure; there the side to move plays a move that does not end the round instead (the blunder)."""
    trader = get_bot("trader")
    p = new_match(seed=seed, mode="single-round")
    rng = Rng(seed)
    moves: list[str] = []
    while not p.round_over:
        wins = [m for m in ending_moves(p) if sure_win(p, m)]
        if len(wins) == 1:
            blunder = next(m for m in sorted(legal_moves(p)) if not apply(p, m).round_over)
            return Record(seed=seed, mode="single-round", moves=[*moves, blunder]), p.to_move, wins[0], len(moves)
        move = trader.choose(view(p, p.to_move), rng)
        moves.append(move)
        p = apply(p, move)
    raise AssertionError("no sure win in this game")


def test_the_planted_blunder_is_the_costliest_move() -> None:
    record, seat, win, at = planted(3)
    r = review(record, seat, playouts=8, iterations=40)
    assert [pt.index for pt in r.points] == sorted(pt.index for pt in r.points)
    assert all(record.moves[pt.index] == pt.move for pt in r.points)
    assert r.points[-1].index == at
    top = r.marks[0]
    assert top.index == at and top.move == record.moves[at]
    assert top.best == 1.0 and top.cost >= 0.5
    assert sure_win(__import__("jaipur").replay(record)[at], top.preferred)
    assert top.why.code.startswith("suggest.sell")
    assert len(r.marks) <= 3


def _pt(i: int, chance: float, best: float) -> Point:
    return Point(i, "C", chance, best, "C", Reason("suggest.camels.lead", values={"n": 1, "mine": 1, "theirs": 0}))


def test_marks_are_the_costliest_three_above_the_threshold() -> None:
    pts = [_pt(0, 0.5, 0.55), _pt(1, 0.2, 0.6), _pt(2, 0.4, 0.4), _pt(3, 0.1, 0.9), _pt(4, 0.3, 0.5),
           _pt(5, 0.3, 0.6), _pt(6, 0.7, 0.6)]
    assert [p.index for p in marks_of(pts)] == [3, 1, 5]
    assert [p.index for p in marks_of(pts, most=5)] == [3, 1, 5, 4]
    assert _pt(6, 0.7, 0.6).cost == 0.0
    assert marks_of([_pt(0, 0.5, 0.55)]) == []


def test_a_good_game_has_no_mark_above_its_cost() -> None:
    record = Record(seed=2, moves=[])
    r = review(record, 0)
    assert r.points == [] and r.marks == []


def test_a_stop_ends_the_review_early_and_says_so() -> None:
    record, seat, _, at = planted(3)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    from jaipur.bots.base import run_to_end
    from jaipur.study.review import think_review

    part = run_to_end(think_review(record, seat, playouts=2, iterations=5, stop=stop))
    assert not part.complete and len(part.points) == 2 and at > 2


def test_an_estimate_ends_even_when_the_traders_exchange_for_ever() -> None:
    """Exchanges draw no card: in some dealings of this position two traders swap goods back and forth and the
    round never ends. The estimate stops such a playout (puzzlebook.MAX_PLAYOUT_PLIES) and counts it half."""
    from jaipur.record import replay
    from jaipur.study import puzzlebook

    moves = ["TS", "TM", "XSS-LL", "XLL-MM", "TM", "S2L", "TP", "TD", "S3S", "TC", "S1P", "S2C", "TM", "TG", "XGS-MM"]
    p = replay(Record(seed=11, mode="single-round", moves=moves))[14]
    steps = list(puzzlebook.think_win_rate(p, "XGS-MM", 8, 11 * 1009 + 14))
    most = 8 * (1 + puzzlebook.MAX_PLAYOUT_PLIES // puzzlebook.YIELD_PLIES)
    assert 8 < len(steps) <= most                                 # every playout ended, yielding along the way
    rate = puzzlebook.win_rate(p, "XGS-MM", 8, 11 * 1009 + 14)
    assert 0.0 <= rate <= 1.0 and (rate * 16) == int(rate * 16)   # wins, losses and halves of 8 playouts
