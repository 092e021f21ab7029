"""What a side is shown, and what an honest page's messages tell, over whole matches.

Nothing is revealed at a round's end (protocol 2): the other's hand cards that were never sold, given or shown as
camels, the deck left undrawn and the bonus tokens nobody took stay closed for good; the only shares sent once a
round is over are those of the bonus tokens taken (they are scored). A sale or an exchange names hidden places of
its player's hand chosen at random among those holding the good, so the places it leaves unnamed say nothing.
(That the scores equal the engine's on the true deal is test_honest.py's.)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from jaipur.fair import FriendGame, finish
from jaipur.fair.items import BONUS_PILES, CARD_LETTERS, CARDS, HANDS
from jaipur.fair.ledger import Ledger, bit
from jaipur.notation import Move, parse_move

from .duel import Duel, decode
from .helpers import play
from .toy import counter_random

# ---------------------------------------------------------------- nothing revealed at a round's end


def shares_from(side: FriendGame, seat: int, r: int) -> list[tuple[int, tuple[int, ...]]]:
    """(message number, places) of every share `seat` sent for round r, as the side's messages hold them."""
    return [(m.number, m.opens.places) for m in side.messages
            if m.sender == seat and m.opens is not None and m.opens.round == r]


def before_move(side: FriendGame, number: int) -> FriendGame:
    """The side as it was before message `number` (from 0): its save with the messages cut there."""
    data = side.to_json()
    return FriendGame.from_json({**data, "messages": data["messages"][:number]}, side.suite)


def check_nothing_revealed(side: FriendGame) -> int:
    """Every rule of what `side` was shown in each round it played; returns how many places stayed closed to it."""
    s, o = side.seat, 1 - side.seat
    closed = 0
    for r, rd in sorted(side.rounds.items()):
        led = rd.ledger
        assert led is not None and led.closed and rd.final is not None, f"round {r} was played to its end"
        never = {p for p in range(CARDS) if not led.seen.get(p, 0) & bit(s)}
        theirs = set(HANDS[o]) - {p for p in HANDS[o] if led.seen.get(p, 0) & bit(s)}
        undrawn = set(range(led.deck_next, CARDS))
        untaken = {q for k, pile in enumerate(BONUS_PILES) for q in range(led.bonus_next[k], pile.stop)}
        assert theirs <= never and undrawn <= never
        sent = {p for _, places in shares_from(side, o, r) for p in places}
        for what, places in (("the other's hand never shown", theirs), ("the undrawn deck", undrawn),
                             ("the bonus tokens not taken", untaken), ("any place kept from it", never)):
            assert not places & set(rd.opened), f"round {r}: {what} opened to seat {s}"
            assert not places & led.sent[o], f"round {r}: a share of {what} in the ledger"
            assert not places & sent, f"round {r}: a share of {what} sent"
        assert all(led.seen.get(p, 0) & bit(s) for p in sent), f"round {r}: a share of a place it may not see"
        # after the round's last move, only what that move put in view (its refills, the cards it named) and the
        # bonus tokens taken are opened, by either side
        last = rd.move_at[-1]
        was = before_move(side, last).rounds[r].ledger
        assert was is not None
        move = next(m for m in side.messages if m.number == last).move
        assert move is not None
        in_view = set(range(was.deck_next, led.deck_next)) | set(move.places)
        taken = set(led.bonus_taken[0]) | set(led.bonus_taken[1])
        after = {p for n, places in shares_from(side, o, r) + shares_from(side, s, r) if n > last for p in places}
        assert after <= taken | in_view, f"round {r}: opened after its last move: {after - taken - in_view}"
        assert set(led.bonus_taken[o]) <= set(rd.opened), f"round {r}: the other's tokens are scored, so shown"
        closed += len(never) + len(untaken)
    return closed


def test_nothing_is_revealed_at_a_rounds_end_but_the_bonus_tokens_taken() -> None:
    """Over whole toy matches, for each side: the other's hand cards it never saw, the undrawn deck and the bonus
    tokens nobody took are not opened to it (no share of them was sent, none is in the ledger, none in its save),
    and what is opened once a round's last move is played is that move's own and the bonus tokens taken."""
    assert nothing_revealed([(80, "standard"), (81, "standard"), (82, "single-round"), (85, "single-round")]) > 50


@pytest.mark.slow
def test_nothing_is_revealed_at_a_rounds_end_in_many_more_matches() -> None:
    assert nothing_revealed([(seed, "standard" if seed % 3 else "single-round") for seed in range(200, 240)]) > 500


def nothing_revealed(games: list[tuple[int, str]]) -> int:
    """`check_nothing_revealed` on both sides of each match; how many places stayed closed in all."""
    closed = 0
    for seed, mode in games:
        match = play(seed, mode=mode)
        a, b = match.sides
        assert a.status == b.status == "over"
        closed += sum(check_nothing_revealed(side) for side in (a, b))
        for side in (a, b):   # what each side saves holds no card it was not shown
            for key in side.to_json()["opened"]:
                r, p = map(int, key.split(":"))
                led = side.rounds[r].ledger
                assert led is not None and led.seen.get(p, 0) & bit(side.seat), key
    return closed


def test_the_check_of_what_was_revealed_is_not_blind() -> None:
    """A side that knows a card it never saw, or had been sent a share of one, fails the check."""
    match = play(80, mode="single-round")
    a, b = match.sides
    check_nothing_revealed(a)
    led = a.rounds[1].ledger
    assert led is not None
    hidden = next(p for p in range(CARDS) if not led.seen.get(p, 0) & bit(0))
    a.rounds[1].opened[hidden] = 0
    with pytest.raises(AssertionError):
        check_nothing_revealed(a)
    del a.rounds[1].opened[hidden]
    led.sent[1].add(hidden)
    with pytest.raises(AssertionError):
        check_nothing_revealed(a)


# ---------------------------------------------------------------- the places a sale or an exchange names


def hidden_copies(side: FriendGame) -> dict[str, list[int]]:
    """The side's hidden hand places holding each good (the other has not seen them)."""
    rd = side.rounds[max(side.rounds)]
    led = rd.ledger
    assert led is not None
    out: dict[str, list[int]] = {}
    for p in led.hidden_hand(side.seat):
        out.setdefault(CARD_LETTERS[rd.opened[p]], []).append(p)
    return out


def choice_to_make(side: FriendGame) -> tuple[str, list[int], int] | None:
    """A legal sale of the side's that names fewer hidden places than it holds of that good: (the sale, the hidden
    places holding it, how many it names)."""
    rd = side.rounds[max(side.rounds)]
    led = rd.ledger
    assert led is not None
    copies = hidden_copies(side)
    for move in side.legal_moves():
        m = parse_move(move)
        if m.kind != "sell" or m.good not in copies:
            continue
        seen = sum(1 for p in led.hands[side.seat] if p not in led.hidden_hand(side.seat)
                   and CARD_LETTERS[rd.opened[p]] == m.good)
        need = m.count - seen
        if 0 < need < len(copies[m.good]):
            return move, copies[m.good], need
    return None


def sale_with_a_choice() -> tuple[FriendGame, str, list[int], int]:
    """A side to move holding several hidden copies of a good, with a sale naming fewer: the side, the sale, the
    hidden places holding the good, how many the sale names."""
    d = Duel.begin(91, mode="single-round")
    d.until(lambda d: probe_choice(d) is not None)
    side = d.sides[d.receiver]
    side.receive(d.texts[-1])
    found = choice_to_make(side)
    assert found is not None
    return (side, *found)


def named_counts(side: FriendGame, move: str, runs: int) -> Counter[int]:
    """How often each place is named by the side's message for `move`, over `runs` random sources."""
    named: Counter[int] = Counter()
    kept = side._random
    for i in range(runs):
        side._random = counter_random(10_000 + i)
        named.update(finish(side._plan(move))["move"].places)
    side._random = kept
    return named


def test_a_sale_names_any_of_the_hidden_copies_of_its_good_each_as_often() -> None:
    """Statistically, over the page's random source: holding several hidden copies of a good and selling fewer, each
    copy is named about as often (never always the lowest place), so the unnamed places say nothing."""
    side, move, places, need = sale_with_a_choice()
    runs = 300
    named = named_counts(side, move, runs)
    assert sum(named.values()) == runs * need and set(named) == set(places), named
    expected = runs * need / len(places)
    for p in places:   # a binomial count: its standard deviation is under 9 here; 5 of them either way
        assert abs(named[p] - expected) < 45, (named, expected)


def test_the_statistical_test_fails_for_a_page_that_names_the_lowest_places(monkeypatch: pytest.MonkeyPatch) -> None:
    """The counter-check: a page choosing the lowest places (what a sorted choice would do) is found out."""
    monkeypatch.setattr(FriendGame, "_sample", lambda self, places, k: sorted(places)[:k])
    side, move, places, need = sale_with_a_choice()
    named = named_counts(side, move, 50)
    assert set(named) == set(sorted(places)[:need]) != set(places)


def probe_choice(d: Duel) -> Any:
    """The receiver of the last text, once it takes it, and the choice it has to make (None when none)."""
    side = FriendGame.from_json(d.sides[d.receiver].to_json(), d.sides[0].suite)
    side.receive(d.texts[-1])
    return choice_to_make(side) if side.move_due() else None


class Checked(FriendGame):
    """An honest side that checks, each time it names places for a move, that they are valid."""

    checked: list[tuple[str, tuple[int, ...], bool]] = []

    def _places_for(self, rd: Any, led: Ledger, move: Move) -> list[int]:
        places = super()._places_for(rd, led, move)
        goods = {"sell": move.good * move.count, "exchange": move.given.replace("M", "")}.get(move.kind, "")
        hidden = led.hidden_hand(self.seat)
        letter = {p: CARD_LETTERS[rd.opened[p]] for p in led.hands[self.seat]}
        assert len(set(places)) == len(places) and set(places) <= set(hidden), (move, places, hidden)
        for good in set(goods):
            seen = sum(1 for p in led.hands[self.seat] if p not in hidden and letter[p] == good)
            need = max(0, goods.count(good) - seen)
            assert sum(1 for p in places if letter[p] == good) == need, (move, places)
        assert all(letter[p] in goods for p in places), (move, places)
        copies = {g: sorted(p for p in hidden if letter[p] == g) for g in set(goods)}
        named = {g: sorted(p for p in places if letter[p] == g) for g in set(goods)}
        lowest = all(named[g] == copies[g][:len(named[g])] for g in named)
        choice = any(0 < len(named[g]) < len(copies[g]) for g in named)
        if choice:
            Checked.checked.append((str(move), tuple(places), lowest))
        return places


def test_the_places_an_honest_page_names_are_always_valid_and_not_always_the_lowest() -> None:
    """Over whole matches: every sale and exchange names distinct hidden places of its player's hand, as many of
    each good as the move uses beyond the cards the other has seen; when it has a choice, it does not always name
    the lowest places; and the other side takes every move."""
    Checked.checked = []
    for seed in range(85, 90):
        d = Duel.begin(seed, mode="standard", kinds=(Checked, Checked))
        d.play_out()
        a, b = d.sides
        assert a.status == b.status == "over" and a.invalid is None and b.invalid is None
        for m in (decode(a, t) for t in d.texts):   # places of the mover's dealt hand, of the good it gave or sold
            if m.move is not None and m.move.places:
                rd = d.sides[m.sender].rounds[m.move.round]
                gone = m.move.move[2:] if m.move.move.startswith("S") else m.move.move.split("-")[1]
                assert all(CARD_LETTERS[rd.opened[p]] in gone for p in m.move.places), m.move
                assert set(m.move.places) <= set(HANDS[m.sender]), m.move   # a card taken was seen by both
    choices = Checked.checked
    assert len(choices) >= 10, len(choices)
    assert not all(lowest for _, _, lowest in choices), "the lowest places every time"
    assert sum(1 for _, _, lowest in choices if not lowest) >= len(choices) // 5
