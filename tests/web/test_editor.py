"""The position editor's pure operations (jaipur/web/teach/editor.py): built by clicks, checked by the engine."""

from __future__ import annotations

import pytest

from jaipur import JaipurError, Position, apply, legal_moves, new_match, position_from_json, position_to_json, view
from jaipur.web.teach import editor
from jaipur.web.teach.editor import Draft, add_card, check, export, from_position, remove_card


def _built() -> Draft:
    d = Draft()
    for letter in "MMDGS":
        d = add_card(d, "market", letter)
    for letter in "LLLM":
        d = add_card(d, "hand0", letter)
    return add_card(d, "hand1", "C")


def test_clicks_build_a_position_the_engine_accepts() -> None:
    d = _built()
    assert check(d) is None
    data = export(d)
    assert data == {"market": "MMDGS", "hands": ["LLL", "C"], "herds": [1, 0]}
    p = position_from_json(data)
    assert p.herds == (1, 0)


def test_an_invalid_draft_says_the_engines_sentence_and_is_never_exported() -> None:
    d = add_card(_built(), "market", "P")
    with pytest.raises(JaipurError) as exc:
        position_from_json(editor.draft_data(d))
    assert check(d) == exc.value.message
    with pytest.raises(JaipurError):
        export(d)
    assert check(remove_card(d, "market", 5)) is None


def test_turn_round_seals_piles_and_bonus() -> None:
    d = editor.set_turn(_built(), 1)
    d = editor.set_round(d, 2, (1, 0))
    d = editor.set_pile(d, "D", [5, 5])
    d = editor.set_bonus(d, "3", [2, 1])
    p = position_from_json(export(d))
    assert (p.to_move, p.round, p.seals) == (1, 2, (1, 0))
    bad = editor.set_round(d, 2, (1, 1))
    assert check(bad) is not None and "seal" in str(check(bad))


def test_a_played_position_opens_in_the_editor_unchanged() -> None:
    p = new_match(seed=5)
    for _ in range(20):
        p = apply(p, sorted(legal_moves(p), key=str)[0])
    d = from_position(p)
    assert check(d) is None
    q = position_from_json(export(d))
    for key in ("market", "hands", "herds", "goods", "bonus", "taken", "to_move", "round", "seals"):
        assert position_to_json(q)[key] == position_to_json(p)[key], key


def test_bad_clicks_are_refused() -> None:
    with pytest.raises(ValueError):
        add_card(Draft(), "deck", "D")
    with pytest.raises(ValueError):
        add_card(Draft(), "market", "X")
    assert remove_card(Draft(), "hand0", 3) == Draft()


def test_piles_by_count_the_discard_and_a_seats_view() -> None:
    d = editor.set_goods_left(_built(), "D", 2)
    assert editor.goods_left(d, "D") == (5, 5)
    assert editor.set_goods_left(d, "D", 9) == editor.set_goods_left(d, "D", 5)   # never more than the pile
    d = editor.set_bonus_left(d, "4", 3)
    p = position_from_json(export(d))
    assert p.goods[0] == (5, 5) and len(p.bonus[1]) == 3 and set(p.bonus[1]) <= {4, 5, 6}
    d = add_card(add_card(d, "discard", "S"), "discard", "D")
    assert position_from_json(export(d)).discard[:3] == (1, 0, 1)
    assert editor.zone_cards(remove_card(d, "discard", 0), "discard") == "S"
    assert editor.clear(d) == Draft(seed=d.seed)
    game = new_match(seed=3)
    for _ in range(9):
        game = apply(game, sorted(legal_moves(game), key=str)[0])
    drafted = position_from_json(export(editor.from_view(view(game, 1), 77)))
    def seen(p: Position) -> dict[str, object]:   # the public memory of cards taken starts empty in the editor
        return {k: v for k, v in view(p, 1).items() if k != "known"}

    assert seen(drafted) == seen(game)            # what seat 1 saw, exactly; the rest dealt afresh
    assert drafted.hands[0] != game.hands[0] or drafted.deck != game.deck
