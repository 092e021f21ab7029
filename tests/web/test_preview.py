"""The preview of a move (jaipur.web.draw.preview) says exactly what the move then does."""

from __future__ import annotations

import random

from jaipur import apply, check, legal_moves, new_match
from jaipur.cards import ORDER
from jaipur.position import Position
from jaipur.view import view
from jaipur.web.draw.preview import preview


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


# ---------------------------------------------------------------- drawn on the table

from jaipur.web.app import Controller  # noqa: E402
from jaipur.web.draw.model import CAMEL_EXCHANGE  # noqa: E402
from jaipur.web.draw.render import Node, find, text_of, walk  # noqa: E402
from jaipur.web.links.address import read_address  # noqa: E402

from .fakes import FakeBots, FakePlatform  # noqa: E402


def _table(query: str = "?opponent=trader&seed=3") -> tuple[Controller, FakePlatform]:
    pf = FakePlatform()
    c = Controller(pf, read_address(query), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def _one(node: Node, attr: str) -> Node:
    found = [n for n in walk(node) if attr in n.attrs]
    assert len(found) == 1, attr
    return found[0]


def test_a_selected_sale_shows_its_tokens_and_then_earns_them() -> None:
    c, pf = _table()   # seed 3: seat 0 holds D D S C L, the market is P L M M M
    assert _one(pf.node, "data-preview").attrs["data-preview"] == ""
    c.on_event({"card": "D", "zone": "hand", "index": "0"})
    c.on_event({"card": "D", "zone": "hand", "index": "1"})
    pv = _one(pf.node, "data-preview")
    assert pv.attrs["data-preview"] == "S2D" and pv.attrs["data-values"] == "7,7"
    assert text_of(find(pv, **{"class": "preview-text"})[0]) == "Earns 7 + 7 = 14 rupees."
    c.on_event({"action": "sell"})
    pf.run()
    assert [val for _, val in c.position.taken_goods[0]] == [7, 7]


def test_take_the_camels_says_how_many_and_an_exchange_shows_the_hand_after() -> None:
    c, pf = _table()
    c.on_event({"card": "M", "zone": "market", "index": "2"})
    pv = _one(pf.node, "data-preview")
    assert pv.attrs["data-camels"] == "3" and "3 camels join your herd" in text_of(pv)
    c.on_event({"action": "clear"})
    for key in ({"card": "P", "zone": "market", "index": "0"}, {"card": "L", "zone": "market", "index": "1"},
                {"card": "D", "zone": "hand", "index": "0"}, {"card": "S", "zone": "hand", "index": "2"}):
        c.on_event(key)
    pv = _one(pf.node, "data-preview")
    assert pv.attrs["data-preview"] == "XPL-DS" and pv.attrs["data-hand"] == "DCPLL"
    assert text_of(pv) == "After it: 5 cards in your hand, 0 camels in your herd."


def test_a_market_camel_in_an_exchange_is_refused_at_the_first_click() -> None:
    c, pf = _table()
    c.on_event({"card": "P", "zone": "market", "index": "0"})
    c.on_event({"card": "M", "zone": "market", "index": "2"})
    hint = _one(pf.node, "data-hint")
    assert hint.attrs["data-code"] == "R13b" and "never be taken in an exchange" in text_of(hint)
    err = check(c.position, "XPM-DS")
    assert err is not None and (err.code, err.message) == (CAMEL_EXCHANGE.code, CAMEL_EXCHANGE.message)
