"""Pondering: maharaja searches the opponent's turn from its own view, keeps what it learned for the move that came,
never knows more than its view, stays within its memory bounds, and the arena's `ponder=T` is seeded."""

from __future__ import annotations

from dataclasses import asdict

import pytest
from helpers import hidden_twin, sample_positions

from jaipur import Rng, legal_moves, view
from jaipur.bots import get_bot
from jaipur.bots.arena import play_game, run_arena
from jaipur.bots.base import NoMoveError
from jaipur.bots.maharaja import MaharajaBot
from jaipur.bots.ponder import follows, ponder_for, ponders
from jaipur.bots.registry import UnknownBotError
from jaipur.rules import apply

POSITIONS = sample_positions(90, seed=11)


def _pondered_reply(bot: MaharajaBot, before: dict, move: str, after: dict, seed: int) -> str:
    ponder_for(bot, before, Rng(seed), iterations=60)
    bot.heard(move)
    return bot.choose(after, Rng(seed + 1))


def _opponent_turns() -> list[tuple[int, object, str, object]]:
    """(seat, position with the opponent to move, the opponent's move, the position after it) along the samples."""
    out = []
    for i, p in enumerate(POSITIONS[::3]):
        seat = 1 - p.to_move
        moves = legal_moves(p)
        move = moves[i % len(moves)]
        q = apply(p, move)
        if not q.round_over:
            out.append((seat, p, move, q))
    return out


def test_pondered_search_keeps_the_move_that_came_and_plays_legally() -> None:
    kept_any = 0
    for i, (seat, p, _, _) in enumerate(_opponent_turns()[:8]):
        bot = MaharajaBot(movetime=None, iterations=40)
        ponder_for(bot, view(p, seat), Rng(i), iterations=80)
        # the opponent plays the move the pondering searched most: what a well-read opponent would do
        move = max(bot._pondered[1].root.kids.items(), key=lambda kv: kv[1].visits)[0]  # type: ignore[index]
        q = apply(p, move)
        if q.round_over:
            continue
        bot.heard(move)
        reply = bot.choose(view(q, seat), Rng(i))
        assert reply in legal_moves(q)
        assert 0 < bot.last_kept <= bot.last_pondered
        assert bot.last_iterations == 40  # the think's own budget, on top of what it kept
        kept_any += 1
    assert kept_any >= 5


def test_pondering_never_peeks_at_hidden_cards() -> None:
    twin_rng = Rng(5)
    changed = 0
    for i, (seat, p, move, q) in enumerate(_opponent_turns()[:10]):
        twin_p = hidden_twin(p, seat, twin_rng)
        twin_q = hidden_twin(q, seat, twin_rng)
        assert view(twin_p, seat) == view(p, seat) and view(twin_q, seat) == view(q, seat)
        changed += twin_p.hands[1 - seat] != p.hands[1 - seat]
        real = _pondered_reply(MaharajaBot(movetime=None, iterations=30), view(p, seat), move, view(q, seat), i)
        twin = _pondered_reply(MaharajaBot(movetime=None, iterations=30), view(twin_p, seat), move,
                               view(twin_q, seat), i)
        assert real == twin, i
    assert changed > 3


def test_a_view_that_does_not_follow_starts_afresh() -> None:
    seat, p, move, q = _opponent_turns()[3]
    bot = MaharajaBot(movetime=None, iterations=20)
    ponder_for(bot, view(p, seat), Rng(1), iterations=50)
    bot.heard(move)
    assert bot.pondering
    other = POSITIONS[70]
    bot.choose(view(other, other.to_move), Rng(1))
    assert bot.last_pondered == 0 and not bot.pondering


def test_forget_undo_and_a_new_pondering_drop_the_old_one() -> None:
    turns = _opponent_turns()
    seat, p, move, q = turns[2]
    bot = MaharajaBot(movetime=None, iterations=20)
    ponder_for(bot, view(p, seat), Rng(1), iterations=30)
    bot.forget()
    bot.heard(move)
    assert not bot.pondering
    bot.choose(view(q, seat), Rng(1))
    assert bot.last_pondered == 0
    # a pondering generator whose search was replaced stops by itself
    first = bot.ponder(view(p, seat), Rng(2))
    next(first)
    ponder_for(bot, view(p, seat), Rng(3), iterations=5)
    assert list(first) == []


def test_pondering_memory_is_bounded() -> None:
    seat, p, _, _ = _opponent_turns()[4]
    bot = MaharajaBot(movetime=None, iterations=10, max_nodes=60)
    ponder_for(bot, view(p, seat), Rng(4), iterations=500)
    search = bot._pondered[1]  # type: ignore[index]
    assert search.done == 500
    assert search.nodes <= 60 + 40  # the last expansion may overshoot by one node's replies


def test_pondering_needs_the_opponents_turn() -> None:
    p = POSITIONS[10]
    bot = MaharajaBot(movetime=None, iterations=10)
    with pytest.raises(NoMoveError):
        ponder_for(bot, view(p, p.to_move), Rng(1), iterations=5)
    with pytest.raises(ValueError):
        ponder_for(bot, view(p, 1 - p.to_move), Rng(1))


def test_follows_reads_one_opponent_move() -> None:
    seat, p, move, q = _opponent_turns()[1]
    assert follows(view(p, seat), view(q, seat))
    assert not follows(view(q, seat), view(p, seat))
    assert not follows(view(p, seat), view(q, 1 - seat))
    assert not follows(view(p, seat), {"seat": seat})
    r = apply(q, legal_moves(q)[0])
    assert not follows(view(p, seat), view(r, seat)) or r.to_move != seat


def test_only_the_search_bots_ponder_and_the_option_is_checked() -> None:
    assert ponders(get_bot("maharaja:ponder=1"))
    assert get_bot("maharaja:ponder=2.5").ponder_time == 2.5
    assert not ponders(get_bot("trader"))
    for bad in ("maharaja:ponder=-1", "maharaja:ponder=99999", "maharaja-1:ponder=1"):
        with pytest.raises(UnknownBotError):
            get_bot(bad)


def test_arena_ponder_is_seeded_and_jobs_agree() -> None:
    spec = "maharaja:iterations=12,ponder=2"
    one = [asdict(play_game(spec, "maharaja:iterations=12", 9, i, None)) for i in range(2)]
    again = [asdict(play_game(spec, "maharaja:iterations=12", 9, i, None)) for i in range(2)]
    for game in one + again:
        game.pop("a_times"), game.pop("b_times")
    assert one == again
    assert all(g["a_pondered"] > 0 for g in one)
    a = run_arena(spec, "maharaja:iterations=12", 4, seed=9, jobs=1)
    b = run_arena(spec, "maharaja:iterations=12", 4, seed=9, jobs=2)
    for key in ("a_wins", "b_wins", "ties", "mean_margin", "ponder"):
        assert a[key] == b[key], key
    assert 0 < a["ponder"]["kept"] <= a["ponder"]["pondered"]
