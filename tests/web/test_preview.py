"""The preview of a move (jaipur.web.preview) says exactly what the move then does."""

from __future__ import annotations

import random

from jaipur import apply, legal_moves, new_match
from jaipur.cards import ORDER
from jaipur.position import Position
from jaipur.view import view
from jaipur.web.preview import preview


def _positions(seed: int, plies: int) -> list[Position]:
    rng = random.Random(seed)
    p = new_match(seed=seed)
    out = [p]
    for _ in range(plies):
        moves = legal_moves(p)
        if not moves:
            break
        p = apply(p, rng.choice(moves))
        out.append(p)
    return out


def _hand(p: Position, seat: int) -> str:
    return "".join(letter * n for letter, n in zip(ORDER, p.hands[seat]) if letter != "M")


def test_every_legal_move_is_previewed_as_it_plays() -> None:
    checked = {"sell": 0, "exchange": 0, "camels": 0, "take": 0, "ends": 0, "bonus": 0}
    for seed in range(12):
        for p in _positions(seed, 60):
            seat = p.to_move
            v = dict(view(p, seat))
            for move in legal_moves(p):
                pv = preview(v, move)
                after = apply(p, move)
                assert pv.ends_round == after.round_over, (seed, move)
                assert pv.herd == after.herds[seat], move
                if pv.kind == "sell":
                    got = after.taken_goods[seat][len(p.taken_goods[seat]):]
                    assert pv.values == tuple(val for _, val in got)
                    bonus = after.taken_bonus[seat][len(p.taken_bonus[seat]):]
                    assert pv.bonus == (bonus[0][0] if bonus else None)
                    assert pv.short == (len(v["goods"][pv.good]) < pv.count)
                    checked["bonus"] += pv.bonus is not None
                elif pv.kind == "camels":
                    assert pv.camels == after.herds[seat] - p.herds[seat]
                if pv.kind in ("exchange", "take"):
                    assert pv.hand == _hand(after, seat)
                checked[pv.kind] += 1
                checked["ends"] += pv.ends_round
    assert all(n > 0 for n in checked.values()), checked


def test_a_short_pile_and_the_round_end() -> None:
    v = {"market": "DGMMM", "hand": "LLLLC", "herds": [1, 0], "seat": 0, "deck_size": 2,
         "goods": {"D": [7], "G": [], "S": [], "C": [1], "P": [1], "L": [2, 1]},
         "bonus_sizes": {"3": 7, "4": 0, "5": 5}}
    pv = preview(v, "S4L")
    assert (pv.values, pv.rupees, pv.bonus, pv.short, pv.ends_round) == ((2, 1), 3, None, True, True)
    assert preview(v, "S1C").ends_round and preview(v, "S1C").values == (1,)   # the third empty pile
    assert preview(v, "TM").camels == 3 and preview(v, "TM").ends_round
    assert not preview(v, "TD").ends_round and preview(v, "TD").hand == "DCLLLL"
