"""Pure: what flies across the table when a move is played — `flights(before, move, after) -> [Flight]`.

Both positions come as VIEWS of the seat in front of the screen (`jaipur.view`,
or the replay viewer's view that may reveal both hands), so this module cannot
show what that seat may not see: it never holds the opponent's cards or the deck.

A flight goes from the `source_nth` element matching the CSS selector `source`
in the page as drawn BEFORE the move to the `target_nth` element matching
`target` in the page drawn AFTER it (dom.py measures both and animates a
lightweight copy; a selector that matches nothing means no flight). What flies
(`face`) is a card letter, `"back"` for a face-down card, or `"token"` (a copy of
the token as it lay). Anything that leaves a face-down place (the deck, the
opponent's hand) flies face down and is seen only once it has landed.

The selectors follow render_table.py's zones: cards are the `.card` elements of
`[data-zone=market|hand|herd|opponent-hand|deck]` in their drawn order (market and
hands in canonical letter order), camels of the opponent's herd land on its one
icon, sold cards on the discard pile's `.sold[data-good=…]`, goods tokens come
from `[data-zone=goods] .pile[data-good=…]` (top first) and go to the end of the
seller's `.token-group[data-good=…]`, a bonus token from its face-down pile to the
seller's last `.token.bonus`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...notation import CAMELS, EXCHANGE, SELL, TAKE, Move, parse_move
from ...position import Position

BACK = "back"
"""The face of a card that flies face down."""
TOKEN = "token"
"""The face of a token: dom.py copies the token element as it lay."""
MARKET = "[data-zone=market] .card"
DECK = "[data-zone=deck] .card"


@dataclass(frozen=True, slots=True)
class Flight:
    """One thing that moves: from the n-th match of `source` (before) to the n-th match of `target` (after).

    `hide`: the target is hidden until the flight lands (False for a pile that was there already);
    `slide`: a card that stays in its row and only shifts place (it moves at once, not in the stagger)."""

    source: str
    source_nth: int
    target: str
    target_nth: int
    face: str
    hide: bool = True
    slide: bool = False

    def to_data(self) -> dict[str, Any]:
        """The JSON form dom.py's draw reads."""
        return {"from": self.source, "i": self.source_nth, "to": self.target, "j": self.target_nth,
                "face": self.face, "hide": self.hide, "slide": self.slide}


@dataclass(frozen=True, slots=True)
class Played:
    """A move just played, shown moving on the next draw of the table (the controller keeps it until then).
    `chosen`: the selection it was played with (where the player picked the cards)."""

    before: Position
    move: str
    after: Position
    chosen: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _Row:
    """A row of cards as drawn before and after: letters (None when face down) or just how many."""

    selector: str
    before: str | None
    after: str | None
    size_before: int
    size_after: int

    @property
    def visible(self) -> bool:
        return self.before is not None and self.after is not None


def _row(selector: str, before: str | None, after: str | None, n_before: int = 0, n_after: int = 0) -> _Row:
    return _Row(selector, before, after, len(before) if before is not None else n_before,
                len(after) if after is not None else n_after)


def _leaving(row: _Row, letters: str, chosen: Iterable[int] = ()) -> list[int]:
    """Where the cards `letters` leave the row from (its drawn indices before): the chosen cards
    (the player's selection) first, then the first of each letter; the last ones of a face-down row."""
    if not row.visible:
        return list(range(row.size_before - len(letters), row.size_before))
    assert row.before is not None
    used: set[int] = set()
    picks: list[int] = []
    preferred = [i for i in chosen if 0 <= i < row.size_before]
    for letter in letters:
        spots = [i for i in preferred if row.before[i] == letter and i not in used]
        spots += [i for i, c in enumerate(row.before) if c == letter and i not in used]
        if spots:
            used.add(spots[0])
            picks.append(spots[0])
    return picks


def _arriving(row: _Row, letters: str) -> list[int]:
    """Where the cards `letters` land in the row (its drawn indices after): the last of each letter;
    the last places of a face-down row."""
    if not row.visible:
        return list(range(row.size_after - len(letters), row.size_after))
    assert row.after is not None
    need = Counter(letters)
    seen: Counter[str] = Counter()
    total = Counter(row.after)
    out: dict[str, list[int]] = {}
    for i, c in enumerate(row.after):
        seen[c] += 1
        if seen[c] > total[c] - need[c]:
            out.setdefault(c, []).append(i)
    return [out[c].pop(0) for c in letters if out.get(c)]


def _slides(row: _Row, left: list[int], landed: list[int]) -> list[Flight]:
    """Cards that stay in a face-up row but are drawn at another place (the row is kept sorted)."""
    if not row.visible:
        return []
    assert row.before is not None and row.after is not None
    stay_before = [i for i in range(len(row.before)) if i not in left]
    stay_after = [i for i in range(len(row.after)) if i not in landed]
    out = []
    for letter in dict.fromkeys(row.before):
        olds = [i for i in stay_before if row.before[i] == letter]
        news = [i for i in stay_after if row.after[i] == letter]
        out += [Flight(row.selector, i, row.selector, j, letter, slide=True)
                for i, j in zip(olds, news) if i != j]
    return out


def _face(row: _Row, letter: str) -> str:
    """A card leaving a face-down row flies face down."""
    return letter if row.visible else BACK


def _pairs(src: _Row, dst: _Row, letters: str, chosen: Iterable[int] = ()) -> tuple[list[Flight], list[int], list[int]]:
    """Cards `letters` going from one row to another: the flights, and the indices left and landed."""
    left = _leaving(src, letters, chosen)
    landed = _arriving(dst, letters)
    flights = [Flight(src.selector, i, dst.selector, j, _face(src, c)) for i, j, c in zip(left, landed, letters)]
    return flights, left, landed


class _Table:
    """The rows, herds and token areas of one move's mover and the market, as the viewer draws them."""

    def __init__(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        self.before, self.after = before, after
        self.seat = before["seat"]
        self.mover = before["to_move"]
        self.mine = self.mover == self.seat
        self.market = _row(MARKET, before["market"], after["market"])
        if self.mine:
            self.hand = _row("[data-zone=hand] .card", before["hand"], after["hand"])
            self.herd = _row("[data-zone=herd] .card", "M" * before["herds"][self.seat], "M" * after["herds"][self.seat])
            self.tokens = "[data-zone=tokens]"
        else:
            revealed = bool(before.get("revealed") and after.get("revealed"))
            self.hand = _row("[data-zone=opponent-hand] .card",
                             str(before["opponent_hand"]) if revealed else None,
                             str(after["opponent_hand"]) if revealed else None,
                             before["opponent_hand_size"], after["opponent_hand_size"])
            self.herd = _row("[data-zone=opponent-herd] .camel-mini", None, None, 1, 1)
            self.tokens = "[data-zone=opponent-tokens]"

    def to_herd(self, k: int, chosen: Iterable[int]) -> tuple[list[Flight], list[int], list[int]]:
        """k camels from the market to the mover's herd (the opponent's herd is one icon)."""
        if self.mine:
            return _pairs(self.market, self.herd, "M" * k, chosen)
        left = _leaving(self.market, "M" * k, chosen)
        return [Flight(MARKET, i, self.herd.selector, 0, "M", hide=False) for i in left], left, []

    def from_herd(self, k: int, chosen: Iterable[int]) -> tuple[list[Flight], list[int], list[int]]:
        """k camels from the mover's herd to the market."""
        if self.mine:
            return _pairs(self.herd, self.market, "M" * k, chosen)
        landed = _arriving(self.market, "M" * k)
        return [Flight(self.herd.selector, 0, MARKET, j, "M") for j in landed], [], landed

    def refill(self, market_left: str) -> list[Flight]:
        """Cards drawn from the deck into the market (face down until they land)."""
        drawn = Counter(self.after["market"]) - Counter(market_left)
        letters = "".join(c * drawn[c] for c in dict.fromkeys(self.after["market"]))
        return [Flight(DECK, 0, MARKET, j, BACK) for j in _arriving(self.market, letters)]

    def tokens_sold(self, good: str) -> list[Flight]:
        """Goods tokens from the top of the pile, and a bonus token, to the seller's tokens."""
        taken_before = self.before["taken"][self.mover]
        taken_after = self.after["taken"][self.mover]
        got = len(self.before["goods"][good]) - len(self.after["goods"][good])
        held = sum(1 for g, _ in taken_before["goods"] if g == good)
        group = f"{self.tokens} .token-group[data-good={good}] .token"
        out = [Flight(f"[data-zone=goods] .pile[data-good={good}] .token", k, group, held + k, TOKEN)
               for k in range(got)]
        if len(taken_after["bonus"]) > len(taken_before["bonus"]):
            size = taken_after["bonus"][-1][0]
            out.append(Flight(f'[data-zone=bonus] .bonus-pile[data-size="{size}"] .token', 0,
                              f"{self.tokens} .token.bonus", len(taken_before["bonus"]), TOKEN))
        return out


def _indices(chosen: Iterable[str], zone: str) -> list[int]:
    """The indices of a zone in selection keys like 'market:2'."""
    out = []
    for key in chosen:
        z, _, i = key.partition(":")
        if z == zone and i.isdigit():
            out.append(int(i))
    return sorted(out)


def flights(before: dict[str, Any], move: Move | str, after: dict[str, Any],
            chosen: Iterable[str] = ()) -> list[Flight]:
    """What flies when `move` turns the table `before` into `after` (two views from the same seat).

    `chosen`: the selection the seat in front of the screen played the move with ('market:2', 'hand:0', …),
    so the cards fly from where they were picked. Taken cards fly first, then the refill from the deck;
    a sale sends the cards to the discard pile, then the tokens to the seller.

    >>> from jaipur import new_match, apply, view
    >>> p = new_match(seed=3)
    >>> [(f.source, f.target, f.face) for f in flights(view(p, 0), "TM", view(apply(p, "TM"), 0)) if not f.slide][:1]
    [('[data-zone=market] .card', '[data-zone=herd] .card', 'M')]
    """
    m = move if isinstance(move, Move) else parse_move(move)
    if before.get("seat") != after.get("seat"):
        return []
    t = _Table(before, after)
    chosen = list(chosen)
    pick_market = _indices(chosen, "market")
    pick_hand = _indices(chosen, "hand") if t.mine else []
    pick_herd = _indices(chosen, "herd") if t.mine else []
    out: list[Flight] = []
    if m.kind == TAKE:
        took, m_left, h_landed = _pairs(t.market, t.hand, m.good, pick_market)
        refill = t.refill(_without(before["market"], m.good))
        out += took + refill
        out += _slides(t.market, m_left, [f.target_nth for f in refill]) + _slides(t.hand, [], h_landed)
    elif m.kind == CAMELS:
        k = before["market"].count("M")
        took, m_left, _ = t.to_herd(k, pick_market)
        refill = t.refill(_without(before["market"], "M" * k))
        out += took + refill + _slides(t.market, m_left, [f.target_nth for f in refill])
    elif m.kind == EXCHANGE:
        took, m_left, h_landed = _pairs(t.market, t.hand, m.taken, pick_market)
        gave, h_left, m_landed = _pairs(t.hand, t.market, m.given.replace("M", ""), pick_hand)
        camels, c_left, c_landed = t.from_herd(m.given.count("M"), pick_herd)
        out += took + gave + camels
        out += _slides(t.market, m_left, m_landed + c_landed) + _slides(t.hand, h_left, h_landed)
        out += _slides(t.herd, c_left, [])
    elif m.kind == SELL:
        left = _leaving(t.hand, m.good * m.count, pick_hand)
        pile = f"[data-zone=discard] .sold[data-good={m.good}]"
        out += [Flight(t.hand.selector, i, pile, 0, _face(t.hand, m.good), hide=False) for i in left]
        out += t.tokens_sold(m.good)
        out += _slides(t.hand, left, [])
    return out


def _without(letters: str, gone: str) -> str:
    """`letters` with one of each letter of `gone` removed."""
    rest = list(letters)
    for c in gone:
        if c in rest:
            rest.remove(c)
    return "".join(rest)


__all__ = ["BACK", "TOKEN", "Flight", "Played", "flights"]
