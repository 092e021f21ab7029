"""suggest(): a legal move and a reason code with values, worded in one line in every catalogue."""

from __future__ import annotations

import pytest
from helpers import sample_positions

from jaipur import Rng, legal_moves, view
from jaipur.bots import Suggestion, suggest
from jaipur.bots.suggest import REASON_CODES, explain
from jaipur.lang import LANGS, Reason
from jaipur.lang.strings import strings

POSITIONS = sample_positions(150, seed=2, every=2)


def test_suggestions_are_legal_and_explained() -> None:
    kinds = set()
    for i, p in enumerate(POSITIONS):
        s = suggest(view(p, p.to_move), rng=Rng(i))
        assert isinstance(s, Suggestion)
        assert s.move in legal_moves(p)
        assert isinstance(s.reason, Reason) and s.reason.code in REASON_CODES
        en, fa = strings("en").reason(s.reason), strings("fa").reason(s.reason)
        for text in (en, fa):
            assert text and "\n" not in text and text.endswith(".") and "{" not in text
        assert any("\u0600" <= ch <= "\u06ff" for ch in fa)
        assert str(s.reason) == en
        kinds.add(s.move[0] if s.move != "TM" else "TM")
    assert {"T", "TM", "S"} <= kinds


def test_every_kind_of_move_can_be_explained() -> None:
    p = POSITIONS[20]
    v = view(p, p.to_move)
    for move in legal_moves(p):
        reason = explain(move, v)
        assert all(strings(lang).reason(reason) for lang in LANGS)


@pytest.mark.parametrize("level", ["random", "novice", "trader", "maharaja"])
def test_suggest_with_each_level(level: str) -> None:
    p = POSITIONS[5]
    s = suggest(view(p, p.to_move), level=level, rng=Rng(3), movetime=0.05)
    assert s.move in legal_moves(p)
    assert strings("en").reason(s.reason) and strings("fa").reason(s.reason)


def test_sell_reason_names_rupees_and_bonus() -> None:
    from jaipur import position_from_json

    p = position_from_json({"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [0, 1], "seed": 4})
    reason = explain("S4L", view(p, 0))
    en, fa = str(reason), strings("fa").reason(reason)
    assert en.startswith("Sell 4 leather: 10 rupees plus a 4-card bonus")
    assert "۴" in fa


def test_think_suggest_yields_and_agrees() -> None:
    from jaipur.bots import think_suggest

    p = POSITIONS[40]
    v = view(p, p.to_move)
    thinking = think_suggest(v, "maharaja:iterations=300", Rng(2))   # a fixed amount of work, not of time
    yields = 0
    while True:
        try:
            next(thinking)
            yields += 1
        except StopIteration as stop:
            found = stop.value
            break
    assert yields >= 2 and found.move in legal_moves(p)
    thinking = think_suggest(v, "trader", Rng(2))
    try:
        while True:
            next(thinking)
    except StopIteration as stop:
        assert stop.value == suggest(v, "trader", Rng(2))


def test_the_terminal_game_words_a_suggestion_in_english() -> None:
    import io

    from jaipur.bots.cli import play

    out = io.StringIO()
    assert play("novice", 3, 0, None, io.StringIO("hint\nquit\n"), out) == 0
    said = [line for line in out.getvalue().splitlines() if "Suggestion:" in line]
    assert len(said) == 1 and said[0].rstrip().endswith(".") and "{" not in said[0] and "suggest." not in said[0]
