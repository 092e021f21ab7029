"""The new maharaja (ISMCTS): legal, deterministic with a seed and an iteration cap, blind to hidden cards,
within its budget (counted in iterations), and with memory bounded during the search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import hidden_twin, sample_positions

from jaipur import Rng, legal_moves, new_match, position_to_json, view
from jaipur.bots import get_bot, maharaja
from jaipur.bots.base import BadBudgetError
from jaipur.bots.evaluator import FEATURES, Evaluator, features, shipped
from jaipur.bots.heuristics import Scorer, table_from_view
from jaipur.bots.maharaja import MaharajaBot, Node
from jaipur.bots.playout import candidates, policy_move
from jaipur.bots.registry import UnknownBotError
from jaipur.rules import apply
from jaipur.view import determinize

POSITIONS = sample_positions(120, seed=7)


def test_plays_legal_moves_exchanges_included() -> None:
    bot = get_bot("maharaja", iterations=30, movetime=None)
    for i, p in enumerate(POSITIONS[::4]):
        move = bot.choose(view(p, p.to_move), Rng(i))
        assert move in legal_moves(p), (i, move)


def test_root_considers_every_legal_move() -> None:
    p = next(q for q in POSITIONS if sum(1 for m in legal_moves(q) if m.startswith("X")) > 20)
    bot = MaharajaBot(movetime=None, iterations=5)
    bot.choose(view(p, p.to_move), Rng(1))
    assert bot.last_nodes >= len(legal_moves(p)) + 1


def test_deterministic_with_iterations_and_seed() -> None:
    for p in POSITIONS[5:60:11]:
        v = view(p, p.to_move)
        moves = {get_bot("maharaja", iterations=80, movetime=None).choose(v, Rng(3)) for _ in range(3)}
        assert len(moves) == 1


def test_does_not_peek_at_hidden_cards() -> None:
    twin_rng = Rng(42)
    changed = 0
    for i, p in enumerate(POSITIONS[::3]):
        seat = p.to_move
        twin = hidden_twin(p, seat, twin_rng)
        assert view(twin, seat) == view(p, seat)
        changed += twin.hands[1 - seat] != p.hands[1 - seat]
        bot = get_bot("maharaja", iterations=40, movetime=None)
        assert bot.choose(view(p, seat), Rng(i)) == bot.choose(view(twin, seat), Rng(i)), i
    assert changed > 5


@pytest.mark.parametrize("cap", [1, 17, 64, 130])
def test_iteration_budget_is_exact(cap: int) -> None:
    p = POSITIONS[20]
    bot = MaharajaBot(movetime=None, iterations=cap)
    bot.choose(view(p, p.to_move), Rng(2))
    assert bot.last_iterations == cap


def test_tree_stops_growing_at_max_nodes() -> None:
    p = POSITIONS[33]
    root_size = len(legal_moves(p)) + 1
    bot = MaharajaBot(movetime=None, iterations=400, max_nodes=root_size + 30)
    move = bot.choose(view(p, p.to_move), Rng(2))
    assert move in legal_moves(p)
    assert bot.last_iterations == 400
    assert bot.last_nodes <= root_size + 30 + 40  # the last expansion may overshoot by one node's replies


def test_engine_memo_tables_are_trimmed_during_a_think(monkeypatch: pytest.MonkeyPatch) -> None:
    class AlwaysFull:
        """A stand-in for `rules.legal_cache` that is always over the limit and counts its clearings."""

        clears = 0

        def __len__(self) -> int:
            return maharaja.CACHE_SOFT_LIMIT + 1

        def clear(self) -> None:
            self.clears += 1

    full = AlwaysFull()
    monkeypatch.setattr(maharaja, "legal_cache", full)
    p = POSITIONS[40]
    MaharajaBot(movetime=None, iterations=maharaja.TRIM_EVERY * 6).choose(view(p, p.to_move), Rng(4))
    assert full.clears >= 6  # every TRIM_EVERY iterations, not only when the search starts


def test_think_yields_none_and_returns_the_choice() -> None:
    p = POSITIONS[50]
    v = view(p, p.to_move)
    bot = MaharajaBot(movetime=None, iterations=60)
    thinking = bot.think(v, Rng(9))
    while True:
        try:
            assert next(thinking) is None
        except StopIteration as stop:
            assert stop.value == bot.choose(v, Rng(9))
            break


def test_a_whole_round_between_two_maharajas() -> None:
    p = new_match(11, "single-round")
    bots = [MaharajaBot(movetime=None, iterations=12), MaharajaBot(movetime=None, iterations=12)]
    plies = 0
    while not p.round_over and plies < 200:
        p = apply(p, bots[p.to_move].choose(view(p, p.to_move), Rng(plies)))
        plies += 1
    assert p.round_over


def test_playout_candidates_are_legal_and_include_exchanges() -> None:
    rng = Rng(5)
    exchanges = 0
    for p in sample_positions(300, seed=3, every=1):
        legal = set(legal_moves(p))
        found = candidates(p)
        assert len(found) == len(set(found))
        assert set(found) <= legal, set(found) - legal
        exchanges += sum(1 for m in found if m.startswith("X"))
        assert policy_move(p, maharaja.DEFAULT, rng, 0.2) in legal
    assert exchanges > 50


def test_evaluator_is_antisymmetric_and_shipped() -> None:
    ev = shipped()
    assert len(ev.weights) == len(FEATURES)
    for p in POSITIONS[::7]:
        a, b = features(p, 0), features(p, 1)
        assert a == [-x for x in b]
        assert ev.value(p, 0) + ev.value(p, 1) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        Evaluator([1.0])


@pytest.mark.parametrize("level", ["maharaja", "maharaja-1"])
@pytest.mark.parametrize("movetime", [float("nan"), float("inf"), 0.0, -1.0, 1e9])
def test_a_movetime_that_cannot_bound_a_search_is_refused(level: str, movetime: float) -> None:
    p = POSITIONS[3]
    with pytest.raises(BadBudgetError) as caught:
        get_bot(level).choose(view(p, p.to_move), Rng(0), movetime)
    assert caught.value.code == "bad-input"


def test_the_command_line_refuses_nan_thinking_time(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from jaipur.__main__ import main

    path = tmp_path / "p.json"
    path.write_text(json.dumps(position_to_json(POSITIONS[3])), encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["move", "--bot", "maharaja", "--position", str(path), "--movetime", "nan"])
    assert done.value.code == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad-input"


def test_root_searches_only_the_width_best_priors() -> None:
    """Every legal move gets a prior; only the `width` moves with the highest priors are searched and chosen."""
    p = next(q for q in POSITIONS if sum(1 for m in legal_moves(q) if m.startswith("X")) > 20)
    v = view(p, p.to_move)
    narrow = MaharajaBot(movetime=None, iterations=120, width=3)
    move = narrow.choose(v, Rng(2))
    assert narrow.last_nodes >= len(legal_moves(p)) + 1
    root = Node(1 - p.to_move, 1.0)  # the same priors: the search's first draw from Rng(2) deals this world
    narrow._expand(root, determinize(v, Rng(2)), legal_moves(p), Scorer(table_from_view(v), narrow.weights))
    top3 = sorted(root.kids, key=lambda m: -root.kids[m].prior)[:3]
    assert move in top3 and len(root.kids) == len(legal_moves(p))


def test_a_negative_width_is_refused() -> None:
    with pytest.raises(ValueError):
        MaharajaBot(width=-1)


def test_an_evaluator_file_can_be_given_by_path(tmp_path: Path) -> None:
    weights = dict(zip(FEATURES, [0.5] * len(FEATURES)))
    good = tmp_path / "ev.json"
    good.write_text(json.dumps({"weights": weights}), encoding="utf-8")
    bot = get_bot(f"maharaja:iterations=10,evaluator={good}")
    assert isinstance(bot, MaharajaBot) and bot.evaluator.weights == (0.5,) * len(FEATURES)
    assert bot.choose(view(new_match(3), 0), Rng(1)) in legal_moves(new_match(3))
    cases = {
        tmp_path / "missing.json": "cannot read the evaluator file",
        tmp_path / "text.json": "is not JSON",
        tmp_path / "list.json": "is not a JSON object",
        tmp_path / "short.json": "needs a 'weights' number for each of the 13 features",
    }
    (tmp_path / "text.json").write_text("weights", encoding="utf-8")
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "short.json").write_text(json.dumps({"weights": {"score": 1}}), encoding="utf-8")
    for path, words in cases.items():
        with pytest.raises(UnknownBotError, match=words):
            get_bot(f"maharaja:evaluator={path}")
