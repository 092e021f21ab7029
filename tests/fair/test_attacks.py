"""Cheating provers at game level: a `FriendGame` that computes a false shuffle, false shares or a false key with
the library's own functions and proves it with the prover's own algorithm is refused when that message arrives
(`proof-shuffle`, `proof-share`, `proof-key`, `proof-malformed`), never later.

The audit's attack first: a shuffler that plants in its output an encryption of a sum of places (or a multiple,
a repeated place, an item of another game or another round, an item of another group). Each attack is also run
against a verifier that skips the shuffle check (`dealing.check_shuffle_steps` monkeypatched to read the deck
unchecked): there it goes through, and the cheater learns the other's cards. So each test shows the check is what
stops it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from jaipur.fair import FriendGame, Refused, dealing, wire
from jaipur.fair.items import CARD_LETTERS, CARDS, GROUPS, HANDS, ITEMS, label
from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import grouped, sigma
from jaipur.fair.proofs.elgamal import Ciphertext, KeyPair
from jaipur.fair.proofs.group import random_scalar, sub
from jaipur.fair.proofs.pace import Pacer
from jaipur.fair.proofs.shuffle import Shuffled
from jaipur.fair.proofs.transcript import Context

from .duel import NAMES, Duel, decode, shares, signed, true_items
from .toy import ToySuite, counter_random

SUITE = ToySuite()
Parts = list[Shuffled]

# ---------------------------------------------------------------- a cheating shuffler


class Shuffler(FriendGame):
    """A side whose shuffle of the rounds in `cheat_rounds` is forged by `forge` (honest elsewhere). `forge` gets the
    deck it shuffles and its honest shuffle (each group's output, permutation and randomness) and returns the deck
    it sends and the proof bytes, made by the prover's own algorithm."""

    cheat_rounds: ClassVar[tuple[int, ...]] = (1,)
    forge: ClassVar[Callable[[Shuffler, int, list[Ciphertext], Parts], tuple[list[Ciphertext], bytes]]]

    def _shuffle(self, r: int, rd: Any) -> Generator[None, None, tuple[wire.Shuffle, list[Ciphertext]]]:
        if r not in self.cheat_rounds:
            return (yield from super()._shuffle(r, rd))
        assert self.joint is not None
        if rd is None:
            points = yield from self._item_points()
            deck = dealing.starting_deck(self.pg, self.joint, points)
        else:
            deck = rd.deck1
        parts = grouped.shuffle_grouped(self.pg, self.joint, deck, GROUPS, self._random)
        out, proof = type(self).forge(self, r, deck, parts)
        return wire.Shuffle(r, eg.write_ciphertexts(self.pg, out), proof), out


def prove(side: FriendGame, r: int, deck: list[Ciphertext], parts: Parts, out: list[Ciphertext] | None = None,
          context_round: int | None = None) -> bytes:
    """The prover's own argument for `parts` (with their outputs replaced by `out`) as a shuffle of `deck`."""
    assert side.joint is not None
    if out is not None:
        parts = [replace(part, out=out[g.start:g.stop]) for part, g in zip(parts, GROUPS)]
    context = Context(side.game, context_round or r, dealing.shuffle_step(side.seat))
    return grouped.prove_grouped(side.pg, side.joint, deck, GROUPS, parts, context, side._random)


def remasked(side: FriendGame, c: Ciphertext) -> Ciphertext:
    """A ciphertext re-masked under the joint key with fresh randomness (the library's own function)."""
    assert side.joint is not None
    return eg.remask_fresh(side.pg, side.joint, c, side._random)[0]


def added(side: FriendGame, cs: list[Ciphertext], k: int = 1) -> Ciphertext:
    """k times the sum of ciphertexts: an encryption of k times the sum of their items."""
    pg = side.pg
    total = cs[0]
    for c in cs[1:]:
        total = Ciphertext(pg.add(total.c1, c.c1), pg.add(total.c2, c.c2))
    return Ciphertext(pg.mul(total.c1, k), pg.mul(total.c2, k))


def planting(name: str, plant: Callable[[Shuffler, int, list[Ciphertext]], None],
             rounds: tuple[int, ...] = (1,)) -> type[Shuffler]:
    """A shuffler that shuffles honestly, changes its output deck with `plant` (in place) and proves the result
    with the prover's own algorithm and its honest permutation and randomness."""
    def forge(side: Shuffler, r: int, deck: list[Ciphertext], parts: Parts) -> tuple[list[Ciphertext], bytes]:
        out = grouped.joined(parts)
        plant(side, r, out)
        return out, prove(side, r, deck, parts, out)

    return type(name, (Shuffler,), {"forge": staticmethod(forge), "cheat_rounds": rounds})


def target(side: FriendGame) -> int:
    """Where the cheater plants: the first place of its own hand."""
    return HANDS[side.seat][0]


def theirs(side: FriendGame) -> range:
    """The other's hand places."""
    return HANDS[1 - side.seat]


def plant_sum(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    out[target(side)] = remasked(side, added(side, [out[p] for p in theirs(side)]))


def plant_pair(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    out[target(side)] = remasked(side, added(side, [out[p] for p in theirs(side)[:2]]))


def plant_multiple(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    out[target(side)] = remasked(side, added(side, [out[theirs(side)[0]]], 2))


def plant_copy(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    out[target(side)] = remasked(side, out[theirs(side)[0]])


def plant_hand_copy(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    for mine, other in zip(HANDS[side.seat], theirs(side)):
        out[mine] = remasked(side, out[other])


def plant_foreign(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    assert side.joint is not None
    point = side.pg.hash_to_element(label(b"another-game", 3))
    out[target(side)] = eg.encrypt(side.pg, side.joint, point, random_scalar(side.pg, side._random))


def plant_other_group(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    t, token = target(side), GROUPS[1].start   # a card place and a bonus place swapped: still a permutation of 70
    out[t], out[token] = out[token], out[t]


def plant_last_round(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
    before = side.rounds[r - 1].deck2   # the last round's deal: the cheater knows its own hand's cards there
    assert before is not None
    out[target(side)] = remasked(side, before[target(side)])


PLANTS = {
    "a sum of the other's hand": plant_sum,
    "a multiple of a place": plant_multiple,
    "a place repeated": plant_copy,
    "another game's item": plant_foreign,
    "an item of another group": plant_other_group,
}


def unchecked(pg: Any, joint: Any, deck: Any, data: bytes, proof: bytes, game: bytes, round_number: int, seat: int,
              pacer: Pacer) -> Generator[None, None, list[Ciphertext]]:
    """A verifier that skipped the check: the deck read, its proof not."""
    yield
    return dealing.read_deck(pg, data)


def skip_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dealing, "check_shuffle_steps", unchecked)


def shuffle_refused(victim: FriendGame, number: int, code: str = "proof-shuffle") -> None:
    """The victim found message `number` (from 1) not valid for its proof, when it arrived."""
    err = victim.invalid
    assert err is not None, "the false proof was taken"
    assert err.code == code, err.message
    assert victim.invalid_at == number and err.values["number"] == number
    assert err.message.startswith(f"Message {number} from {NAMES[1 - victim.seat]}: ")
    assert victim.status == "invalid"
    back = FriendGame.from_json(victim.to_json(), SUITE)
    assert back.status == "invalid" and back.invalid is not None and back.invalid.code == code


def cheat_round_1(cheat: type[FriendGame], seat: int, seed: int = 5) -> tuple[Duel, FriendGame, int]:
    """A game whose `seat` is the cheater, up to the victim taking the cheater's shuffle of round 1: the duel, the
    victim and that message's number (from 1)."""
    kinds = (cheat, FriendGame) if seat == 0 else (FriendGame, cheat)
    d = Duel.begin(seed, mode="single-round", kinds=kinds)  # the friend's answer, its shuffle in it, is made here
    a, b = d.sides
    if seat == 1:
        a.receive(d.texts[-1])
        return d, a, 2
    d.deliver()             # the inviter takes the answer and deals (message 3)
    b.receive(d.texts[-1])
    return d, b, 3


# ---------------------------------------------------------------- the audit's attack, at game level


@pytest.mark.parametrize("seat", [0, 1], ids=["inviter", "friend"])
@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_a_shuffle_planting_a_false_place_is_refused_when_it_arrives(plant: str, seat: int) -> None:
    cheat = planting("Planter", PLANTS[plant])
    _, victim, number = cheat_round_1(cheat, seat)
    shuffle_refused(victim, number)
    assert not victim.rounds or victim.rounds.get(1) is None or victim.rounds[1].ledger is None


@pytest.mark.parametrize("seat", [0, 1], ids=["inviter", "friend"])
@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_a_shuffle_planting_a_false_place_goes_through_a_verifier_that_skips_the_check(
        plant: str, seat: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counter-check: the test above fails on a verifier without the shuffle check."""
    skip_check(monkeypatch)
    cheat = planting("Planter", PLANTS[plant])
    _, victim, _ = cheat_round_1(cheat, seat)
    assert victim.invalid is None


def opened_by_the_cheater(cheater: FriendGame, reply: str, places: list[int]) -> list[Any]:
    """What the cheater finds at places of round 1 with the shares the other sent in `reply` and its own: the
    points (opened by the library's own functions), as items where they are items."""
    m = decode(cheater, reply)
    assert m.opens is not None
    pg, rd = cheater.pg, cheater.rounds[1]
    assert rd.deck2 is not None and cheater._table is not None
    sent = dict(zip(m.opens.places, m.opens.shares))
    out = []
    for p in places:
        c = rd.deck2[p]
        point = eg.open_with(pg, c, [pg.decode(sent[p]), eg.share(pg, cheater._dealing_key().secret, c)])
        out.append(cheater._table.get(pg.encode(point), point))
    return out


def friends_reply(d: Duel, friend: FriendGame) -> str:
    """The friend's message 4 (its shares of the inviter's hand and the market), its move played if it starts."""
    if friend.move_due():
        friend.play(friend.legal_moves()[0])
    text = friend.outgoing_text()
    assert decode(friend, text).number == 3
    return text


def test_the_audits_attack_lets_the_inviter_read_the_friends_hand_unless_the_shuffle_is_checked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The inviter (the second shuffler) puts re-masked copies of the friend's five hand places in its own hand
    places. Checked, its dealing message is refused on arrival. Unchecked, the friend takes it and sends its
    shares of the inviter's 'hand' as the protocol asks: opened, they are the friend's five cards."""
    cheat = planting("HandCopier", plant_hand_copy)
    _, victim, number = cheat_round_1(cheat, 0)
    shuffle_refused(victim, number)

    skip_check(monkeypatch)
    d, friend, _ = cheat_round_1(cheat, 0)
    assert friend.invalid is None
    learned = opened_by_the_cheater(d.sides[0], friends_reply(d, friend), list(HANDS[0]))
    assert learned == [friend.rounds[1].opened[p] for p in HANDS[1]], "the inviter holds the friend's hand"


def test_the_audits_sum_lets_the_inviter_find_two_of_the_friends_cards_unless_the_shuffle_is_checked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit's form: one place of the inviter's hand := the sum of two places of the friend's hand. Opened
    with the friend's share, it is the sum of two item points: a search over pairs of the 52 cards names both."""
    cheat = planting("PairPlanter", plant_pair)
    _, victim, number = cheat_round_1(cheat, 0)
    shuffle_refused(victim, number)

    skip_check(monkeypatch)
    d, friend, _ = cheat_round_1(cheat, 0)
    inviter = d.sides[0]
    assert friend.invalid is None
    [point] = opened_by_the_cheater(inviter, friends_reply(d, friend), [HANDS[0][0]])
    pg, points = inviter.pg, inviter._points
    assert points is not None
    found = [(i, j) for i, j in itertools.combinations(range(CARDS), 2) if pg.equal(pg.add(points[i], points[j]), point)]
    assert found == [tuple(sorted(friend.rounds[1].opened[p] for p in HANDS[1][:2]))]


def test_a_friend_that_deals_one_card_everywhere_is_refused_on_arrival_and_unchecked_knows_every_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first shuffler's form: every card place holds the same item, so the friend knows the whole deal, the
    inviter's hand included. The shuffle check refuses the answer (message 2); unchecked, the inviter deals on it."""
    def everywhere(side: Shuffler, r: int, out: list[Ciphertext]) -> None:
        for p in range(1, CARDS):
            out[p] = remasked(side, out[0])

    cheat = planting("OneCard", everywhere)
    _, victim, number = cheat_round_1(cheat, 1)
    shuffle_refused(victim, number)

    skip_check(monkeypatch)
    d, inviter, _ = cheat_round_1(cheat, 1)
    assert inviter.invalid is None and inviter.rounds[1].deck2 is not None   # it dealt
    friend = d.sides[1]
    friend.rounds[1].deck2 = inviter.rounds[1].deck2   # (the friend's copy of the deal: message 3, not taken here)
    assert len(set(true_items(inviter, friend, 1)[:CARDS])) == 1, "every card is the one the friend planted"


def test_a_card_repeated_without_the_shuffle_check_is_caught_only_when_both_copies_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the check adds to the duplicate guard: a place of the inviter's hand repeating one of the friend's is
    refused with the deal (message 3). Unchecked, the inviter knows that card of the friend's from message 4, and
    the friend sees nothing wrong until the copy is opened to it (a sale, an exchange), if ever."""
    cheat = planting("Copier", plant_copy)
    skip_check(monkeypatch)
    d = Duel.begin(5, mode="single-round", kinds=(cheat, FriendGame))
    inviter, friend = d.sides
    d.deliver()   # message 3, the inviter's deal: taken by the friend next
    d.deliver()
    assert CARD_LETTERS[friend.rounds[1].opened[HANDS[1][0]]] != "M"  # (a camel would be shown: a duplicate at once)
    d.until(lambda d: len(d.texts) > 4)
    assert friend.invalid is None and inviter.invalid is None
    assert inviter.rounds[1].opened[HANDS[0][0]] == friend.rounds[1].opened[HANDS[1][0]]
    d.until(lambda d: friend.invalid is not None or inviter.invalid is not None or friend.status == "over")
    assert inviter.invalid is None
    if friend.invalid is not None:   # the copy was opened to the friend: caught, late
        assert friend.invalid.code == "friend-duplicate" and friend.invalid_at > 4


def test_a_round_2_shuffle_planting_the_last_rounds_card_is_refused_when_it_arrives() -> None:
    """Another round's deck: in round 2 the friend plants the ciphertext of round 1's first card of its own hand
    (a card it knows) among the places it shuffles; the inviter plants one of round 1's deal in its own hand."""
    for seat in (1, 0):
        cheat = planting("LastRound", plant_last_round, rounds=(2,))
        d = Duel.begin(41, kinds=(cheat, FriendGame) if seat == 0 else (FriendGame, cheat))
        victim = d.sides[1 - seat]
        d.until(lambda d, victim=victim: victim.invalid is not None or victim.status == "over")
        number = next(n + 1 for n, t in enumerate(d.texts) if (m := decode(victim, t)).shuffle is not None
                      and m.shuffle.round == 2 and m.sender == seat)
        shuffle_refused(victim, number)


# ---------------------------------------------------------------- each proof of the shuffle


def forging(name: str, forge: Callable[[Shuffler, int, list[Ciphertext], Parts], tuple[list[Ciphertext], bytes]],
            rounds: tuple[int, ...] = (1,)) -> type[Shuffler]:
    return type(name, (Shuffler,), {"forge": staticmethod(forge), "cheat_rounds": rounds})


def wrong_permutation(side: Shuffler, r: int, deck: list[Ciphertext], parts: Parts) -> tuple[list[Ciphertext], bytes]:
    """The deck honestly shuffled, proven with another permutation (two places of the cards swapped)."""
    perm = list(parts[0].permutation)
    perm[0], perm[1] = perm[1], perm[0]
    lied = [replace(parts[0], permutation=perm), *parts[1:]]
    return grouped.joined(parts), prove(side, r, deck, lied)


def wrong_randomness(side: Shuffler, r: int, deck: list[Ciphertext], parts: Parts) -> tuple[list[Ciphertext], bytes]:
    """The deck honestly shuffled, proven with one place's re-mask randomness off by one."""
    rand = list(parts[0].randomness)
    rand[3] += 1
    lied = [replace(parts[0], randomness=rand), *parts[1:]]
    return grouped.joined(parts), prove(side, r, deck, lied)


def split_remask(side: Shuffler, r: int, deck: list[Ciphertext], parts: Parts) -> tuple[list[Ciphertext], bytes]:
    """One place re-masked with s·G but (s + 1)·H, proven with s: an item moved by the joint key."""
    assert side.joint is not None
    pg, out = side.pg, grouped.joined(parts)
    place = target(side)
    src, s = deck[parts[0].permutation[place]], parts[0].randomness[place]
    out[place] = Ciphertext(pg.add(src.c1, pg.mul(pg.generator, s)), pg.add(src.c2, pg.mul(side.joint, s + 1)))
    return out, prove(side, r, deck, parts, out)


def other_deck(side: Shuffler, r: int, deck: list[Ciphertext], parts: Parts) -> tuple[list[Ciphertext], bytes]:
    """A true shuffle with its true proof, of another deck: the inviter shuffles the public deck (it would know
    every card of the deal), the friend a public deck of another game's items."""
    assert side.joint is not None
    if side.seat == 0:
        points = side._points
        assert points is not None
    else:
        points = [side.pg.hash_to_element(label(b"another-game", i)) for i in range(ITEMS)]
    start = dealing.starting_deck(side.pg, side.joint, points)
    mine = grouped.shuffle_grouped(side.pg, side.joint, start, GROUPS, side._random)
    return grouped.joined(mine), prove(side, r, start, mine)


def other_round(side: Shuffler, r: int, deck: list[Ciphertext], parts: Parts) -> tuple[list[Ciphertext], bytes]:
    """A true shuffle, proven for the next round."""
    return grouped.joined(parts), prove(side, r, deck, parts, context_round=r + 1)


FORGES = {
    "another permutation": wrong_permutation,
    "another re-mask": wrong_randomness,
    "a re-mask split between G and H": split_remask,
    "another deck": other_deck,
    "another round": other_round,
}


@pytest.mark.parametrize("seat", [0, 1], ids=["inviter", "friend"])
@pytest.mark.parametrize("forge", sorted(FORGES))
def test_a_shuffle_proven_falsely_is_refused_when_it_arrives(forge: str, seat: int) -> None:
    _, victim, number = cheat_round_1(forging("Forger", FORGES[forge]), seat)
    shuffle_refused(victim, number)


@pytest.mark.parametrize("seat", [0, 1], ids=["inviter", "friend"])
@pytest.mark.parametrize("forge", ["a re-mask split between G and H", "another deck"])
def test_a_false_shuffle_goes_through_a_verifier_that_skips_the_check(
        forge: str, seat: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counter-check for the false decks (the others are true decks with false proofs)."""
    skip_check(monkeypatch)
    _, victim, _ = cheat_round_1(forging("Forger", FORGES[forge]), seat)
    assert victim.invalid is None


def test_a_rounds_shuffle_sent_again_for_the_next_round_is_refused() -> None:
    """Every round starts from the same public deck, so the friend's shuffle of round 1 is a true shuffle of round
    2's starting deck too: sent again as round 2's, its proof (bound to round 1) does not hold."""
    d = Duel.begin(41)
    d.until(lambda d: (m := decode(d.sides[0], d.texts[-1])).shuffle is not None and m.shuffle.round == 2)
    friend, inviter = d.sides
    friend, inviter = d.sides[1], d.sides[0]
    m = friend.messages[-1]
    first = friend.messages[1].shuffle
    assert m.shuffle is not None and first is not None
    inviter.receive(signed(friend, replace(m, shuffle=replace(first, round=2))))
    shuffle_refused(inviter, m.number + 1)


def test_a_shuffle_of_another_game_is_refused() -> None:
    """A friend's answer carrying the shuffle (deck and proof) of another game's answer."""
    other = Duel.begin(6, mode="single-round")
    d = Duel.begin(5, mode="single-round")
    a, b = d.sides
    m = b.messages[1]
    a.receive(signed(b, replace(m, shuffle=other.sides[1].messages[1].shuffle)))
    shuffle_refused(a, 2)


# ---------------------------------------------------------------- each proof of the shares


def at_third(seed: int = 5) -> tuple[FriendGame, FriendGame, wire.Message, dict[str, Any]]:
    """The inviter, the friend's save before message 3, message 3 (the friend's hand and the market)."""
    d = Duel.begin(seed, mode="single-round")
    a, b = d.sides
    saved = b.to_json()
    a.receive(d.texts[-1])
    return a, b, a.messages[2], saved


def friend_takes(saved: dict[str, Any], text: str) -> FriendGame:
    friend = FriendGame.from_json(saved, SUITE)
    friend.receive(text)
    return friend


def share_of(side: FriendGame, place: int, key: KeyPair | None = None) -> Any:
    """A side's (or a key's) share of a place of round 1's deal."""
    c = side.rounds[1].deck2[place]  # type: ignore[index]
    return eg.share(side.pg, (key or side._dealing_key()).secret, c)


def test_a_share_of_another_place_is_refused_when_it_arrives() -> None:
    """Place 5 given place 6's share, proven by the prover's own algorithm: it would open place 5 to another card."""
    a, _, m, saved = at_third()
    assert m.opens is not None and m.opens.places[:2] == (5, 6)
    images = [share_of(a, p) for p in m.opens.places]
    images[0] = images[1]
    friend = friend_takes(saved, signed(a, replace(m, opens=shares(a, 1, list(m.opens.places), images=images))))
    shuffle_refused(friend, 3, "proof-share")


def test_a_share_made_with_another_key_is_refused_when_it_arrives() -> None:
    """Shares and their proof made with a key that is not the sender's dealing key."""
    a, _, m, saved = at_third()
    assert m.opens is not None
    stranger = KeyPair.make(a.pg, counter_random(77))
    friend = friend_takes(saved, signed(a, replace(m, opens=shares(a, 1, list(m.opens.places), key=stranger))))
    shuffle_refused(friend, 3, "proof-share")


def test_a_share_plus_an_element_is_refused_when_it_arrives() -> None:
    """A share + D alone, and the pair (share + D, share − D) whose sum is the true one's (one proof for all)."""
    a, _, m, saved = at_third()
    assert m.opens is not None
    pg = a.pg
    d = pg.hash_to_element(b"D")
    honest = [share_of(a, p) for p in m.opens.places]
    for images in ([pg.add(honest[0], d), *honest[1:]], [pg.add(honest[0], d), sub(pg, honest[1], d), *honest[2:]]):
        friend = friend_takes(saved, signed(a, replace(m, opens=shares(a, 1, list(m.opens.places), images=images))))
        shuffle_refused(friend, 3, "proof-share")


def test_a_share_that_is_no_element_is_refused_when_it_arrives() -> None:
    a, _, m, saved = at_third()
    assert m.opens is not None
    from .toy import P, Q

    odd = next(x for x in range(2, 100) if pow(x, Q, P) != 1)
    for bad in ((1).to_bytes(8, "big"), odd.to_bytes(8, "big"), bytes(8), b"\xff" * 8):  # 1, not a square, 0, > P
        friend = friend_takes(saved, signed(a, replace(m, opens=replace(m.opens, shares=(bad, *m.opens.shares[1:])))))
        shuffle_refused(friend, 3, "proof-malformed")


def test_the_shares_of_a_message_proven_for_an_earlier_message_are_refused() -> None:
    """A proof of shares is bound to its message's number: the same places, the same (true) shares, with the proof
    the prover made for them as message n − 2 (as if kept from an earlier message), are refused in message n."""
    d = Duel.begin(29, mode="single-round")
    d.until(lambda d: len(d.texts) > 8 and decode(d.sides[0], d.texts[-1]).opens is not None)
    sender, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sender.messages[-1]
    assert m.opens is not None
    for number in (m.number - 2, m.number - 1, m.number + 2):
        earlier = shares(sender, m.opens.round, list(m.opens.places), number)
        assert earlier.shares == m.opens.shares
        judge = FriendGame.from_json(victim.to_json(), SUITE)
        judge.receive(signed(sender, replace(m, opens=earlier)))
        shuffle_refused(judge, m.number + 1, "proof-share")
    victim.receive(d.texts[-1])
    assert victim.invalid is None


def test_the_shares_of_another_round_are_refused() -> None:
    """Shares proven for another round's context (the places and shares of this one)."""
    a, _, m, saved = at_third()
    assert m.opens is not None
    opens = shares(a, 1, list(m.opens.places))
    pg = a.pg
    ciphers = [a.rounds[1].deck2[p] for p in m.opens.places]  # type: ignore[index]
    images = [pg.decode(x) for x in opens.shares]
    proof = sigma._dleq_prove(pg, b"chaum-pedersen-shares", a._dealing_key(), [c.c1 for c in ciphers], images,
                              Context(a.game, 2, dealing.open_step(2)), counter_random(3))
    from jaipur.fair.proofs.pace import finish

    forged = replace(opens, proof=finish(proof).to_bytes(pg))
    friend = friend_takes(saved, signed(a, replace(m, opens=forged)))
    shuffle_refused(friend, 3, "proof-share")


# ---------------------------------------------------------------- the dealing keys


def test_a_friend_key_with_the_inviters_proof_copied_is_refused() -> None:
    """The rogue key's simplest form: the friend sends the inviter's key and its proof as its own (the joint key
    would be twice the inviter's, whose secret the inviter alone knows): the proof names the inviter's seat."""
    d = Duel.begin(7)
    a, b = d.sides
    invite = a.messages[0].invite
    m = b.messages[1]
    assert invite is not None and m.answer is not None
    a.receive(signed(b, replace(m, answer=replace(m.answer, key=invite.key, key_proof=invite.key_proof))))
    shuffle_refused(a, 2, "proof-key")


def test_a_key_proven_for_the_other_seat_is_refused() -> None:
    d = Duel.begin(7)
    a, b = d.sides
    m = b.messages[1]
    assert m.answer is not None
    key, proof = dealing.prove_key(b.pg, b._dealing_key(), b.game, 0, counter_random(8))   # made for seat 0
    assert key == m.answer.key
    a.receive(signed(b, replace(m, answer=replace(m.answer, key_proof=proof))))
    shuffle_refused(a, 2, "proof-key")


def test_a_key_proven_for_another_game_is_refused() -> None:
    d = Duel.begin(7)
    a, b = d.sides
    m = b.messages[1]
    assert m.answer is not None
    _, proof = dealing.prove_key(b.pg, b._dealing_key(), b"another-game", 1, counter_random(8))
    a.receive(signed(b, replace(m, answer=replace(m.answer, key_proof=proof))))
    shuffle_refused(a, 2, "proof-key")


def test_the_neutral_element_as_a_key_is_refused() -> None:
    """The neutral element opens nothing and everything (a proof for it holds with no secret: z = w). On the toy
    group it has an encoding the group refuses to read; the prover's own proof with secret 0 goes with it."""
    d = Duel.begin(7)
    a, b = d.sides
    m = b.messages[1]
    assert m.answer is not None
    pg = b.pg
    neutral = pg.encode(pg.identity)
    zero = KeyPair(0, pg.identity)
    proof = sigma.prove_key(pg, zero, dealing.key_context(b.game), 1, counter_random(9)).to_bytes(pg)
    a.receive(signed(b, replace(m, answer=replace(m.answer, key=neutral, key_proof=proof))))
    err = a.invalid
    assert err is not None and err.code in ("proof-key", "proof-malformed") and a.invalid_at == 2, err


def test_an_invitation_whose_key_proof_does_not_hold_is_refused_before_answering() -> None:
    """Replaces protocol 1's invitation whose deck held a card twice: the invitation carries only the inviter's key
    now, and a key without its proof (here: a proof for the friend's seat) cannot be answered."""
    a = FriendGame.invite("Ava", suite=SUITE, random=counter_random(12))
    m = a.messages[0]
    assert m.invite is not None
    _, proof = dealing.prove_key(a.pg, a._dealing_key(), a.game, 1, counter_random(13))
    forged = signed(a, replace(m, invite=replace(m.invite, key_proof=proof)))
    with pytest.raises(Refused) as err:
        FriendGame.accept(forged, "Bo", suite=SUITE)
    assert err.value.code == "proof-key" and "cannot be played" in err.value.message


# ---------------------------------------------------------------- any byte of a proof, a deck or a share


def saved_before(side: FriendGame, number: int) -> dict[str, Any]:
    """A side's save as it was before it took message `number` (from 0): its messages cut there."""
    data = side.to_json()
    return {**data, "messages": data["messages"][:number]}


@pytest.fixture(scope="module")
def match() -> Duel:
    d = Duel.begin(88)
    d.play_out()
    return d


PROOF_PARTS = ("shuffle proof", "shuffle deck", "shares proof", "a share")


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, int, int, int]:
    """Which part of a message to change, which message (an index among those holding it), a byte, a mask."""
    part = draw(st.sampled_from(PROOF_PARTS))
    return part, draw(st.integers(0, 10 ** 6)), draw(st.integers(0, 10 ** 6)), draw(st.integers(1, 255))


def mutate(m: wire.Message, part: str, at: int, mask: int) -> wire.Message:
    def flip(data: bytes) -> bytes:
        out = bytearray(data)
        out[at % len(out)] ^= mask
        return bytes(out)

    if part.startswith("shuffle"):
        assert m.shuffle is not None
        field = "proof" if part == "shuffle proof" else "deck"
        return replace(m, shuffle=replace(m.shuffle, **{field: flip(getattr(m.shuffle, field))}))
    assert m.opens is not None
    if part == "shares proof":
        return replace(m, opens=replace(m.opens, proof=flip(m.opens.proof)))
    k = at % len(m.opens.shares)
    changed = list(m.opens.shares)
    changed[k] = flip(changed[k])
    return replace(m, opens=replace(m.opens, shares=tuple(changed)))


@settings(max_examples=40, deadline=None, database=None)
@given(mutations())
def test_a_proof_deck_or_share_changed_and_signed_again_is_refused_and_the_honest_message_still_plays(
        match: Duel, case: tuple[str, int, int, int]) -> None:
    part, which, at, mask = case
    a = match.sides[0]
    holding = [n for n, t in enumerate(match.texts) if n > 0 and (
        decode(a, t).shuffle is not None if part.startswith("shuffle") else decode(a, t).opens is not None)]
    n = holding[which % len(holding)]
    m = decode(a, match.texts[n])
    sender, victim = match.sides[m.sender], match.sides[1 - m.sender]
    judge = FriendGame.from_json(saved_before(victim, n), SUITE)
    judge.receive(signed(sender, mutate(m, part, at, mask)))
    err = judge.invalid
    assert err is not None, f"a changed {part} was taken"
    assert err.code.startswith(("proof-", "friend-")) and judge.invalid_at == n + 1, err
    event(f"{part}: {err.code}")
    honest = FriendGame.from_json(saved_before(victim, n), SUITE)
    honest.receive(match.texts[n])
    assert honest.invalid is None and honest.messages[n].content == m.content


def test_every_byte_of_a_toy_dealing_message_proof_and_shares_is_checked() -> None:
    """Not a sample: every byte of the inviter's shares proof and of each of its shares in message 3, each flipped
    (one bit, then all bits) and signed again, is refused by a proof."""
    a, _, m, saved = at_third()
    assert m.opens is not None
    opens = m.opens
    for mask in (0x01, 0xFF):
        for at in range(len(opens.proof)):
            proof = bytearray(opens.proof)
            proof[at] ^= mask
            friend = friend_takes(saved, signed(a, replace(m, opens=replace(opens, proof=bytes(proof)))))
            assert friend.invalid is not None and friend.invalid.code.startswith("proof-"), ("proof", at)
        for k, share in enumerate(opens.shares):
            for at in range(len(share)):
                changed = bytearray(share)
                changed[at] ^= mask
                forged = replace(opens, shares=opens.shares[:k] + (bytes(changed),) + opens.shares[k + 1:])
                friend = friend_takes(saved, signed(a, replace(m, opens=forged)))
                assert friend.invalid is not None and friend.invalid.code.startswith("proof-"), (k, at)
