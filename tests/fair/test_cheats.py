"""Every cheat the issue lists is caught, named in a sentence (which message, what was wrong), when the message
that carries it arrives; a refused link changes nothing.

A cheater is an honest side whose message is rewritten and signed again with its own key (so the signature is good
and the cheat is about content), or a `FriendGame` subclass that deals or plays falsely and signs what it makes.
The proofs themselves (a false shuffle, a false share, a key without its proof) are cheated in test_attacks.py;
here are the chain, the structure of the messages, the shares owed and the moves.
"""

from __future__ import annotations

import copy
from collections.abc import Generator
from dataclasses import replace
from typing import Any

import pytest

from jaipur.fair import Cheated, FriendGame, Refused, finish, wire
from jaipur.fair.derive import coin, commitment
from jaipur.fair.items import CARD_LETTERS, CARDS, HANDS, MARKET_PLACES
from jaipur.rng import Rng
from jaipur.rules import legal_moves

from .duel import NAMES, Duel, decode, random_move, rewrite, shares, signed, state, with_places, without
from .toy import ToySuite, counter_random

SUITE = ToySuite()

# ---------------------------------------------------------------- how a cheat must be caught


def caught(side: FriendGame, code: str, number: int, *words: str, suite: Any = SUITE) -> Cheated:
    """The side found message `number` (from 1) not valid, with this code, a sentence naming the message and its
    sender, and these words; the saved game says so and comes back not valid."""
    err = side.invalid
    assert isinstance(err, Cheated), f"not caught: {err!r}"
    assert err.code == code, err.message
    assert side.invalid_at == number and err.values["number"] == number, (side.invalid_at, err.message)
    assert err.message.startswith(f"Message {number} from {NAMES[1 - side.seat]}: "), err.message
    for word in words:
        assert word in err.message, (word, err.message)
    assert side.status == "invalid" and not side.move_due()
    back = FriendGame.from_json(side.to_json(), suite)
    assert isinstance(back.invalid, Cheated) and back.invalid.code == code and back.status == "invalid"
    assert back.invalid.message == err.message and back.invalid_at == number
    with pytest.raises(Refused) as after:
        side.receive("friend=AAAA")
    assert after.value.code == "friend-game-invalid"
    return err


def refused(side: FriendGame, text: str, code: str) -> Refused:
    """The side refuses the link with this code, and nothing of it changes (its saved form is the same)."""
    before = state(side)
    view, status, out = side.view(), side.status, side.outgoing()
    with pytest.raises(Refused) as err:
        side.receive(text)
    assert err.value.code == code, err.value.message
    assert state(side) == before and side.view() == view and side.status == status and side.outgoing() == out
    assert side.invalid is None
    return err.value


def sections(side: FriendGame) -> wire.Message:
    """The last message the side made (to change it)."""
    m = side.messages[-1]
    assert m.sender == side.seat
    return m


def number_of(d: Duel) -> int:
    """The number (from 1) of the last message that travelled."""
    return len(d.texts)


def transcript(seed: int, mode: str = "single-round") -> list[str]:
    """Every text of an honest match (the same one `Duel.begin(seed, mode=mode)` plays)."""
    d = Duel.begin(seed, mode=mode)
    d.play_out()
    return d.texts


def probe(d: Duel) -> FriendGame:
    """The receiver of the last text as it will be once it takes it (a copy: the duel is unchanged)."""
    side = FriendGame.from_json(d.sides[d.receiver].to_json(), SUITE)
    side.receive(d.texts[-1])
    return side


# ---------------------------------------------------------------- links refused: nothing changes


def test_a_changed_byte_anywhere_is_refused_and_the_honest_link_still_plays() -> None:
    d = Duel.begin(3, mode="single-round")
    d.until(lambda d: d.receiver == 1 and number_of(d) > 6 and decode(d.sides[0], d.texts[-1]).move is not None
            and decode(d.sides[0], d.texts[-1]).opens is not None)
    b = d.sides[1]
    data = wire.from_text(d.texts[-1])
    m = decode(b, d.texts[-1])
    assert m.move is not None and m.opens is not None  # a refill or a sale opened something: change a share too
    move_at = data.index(m.move.move.encode())
    share_at = data.index(m.opens.shares[0])
    proof_at = data.index(m.opens.proof)
    for at in (move_at, move_at + 1, share_at, share_at + 7, proof_at, proof_at + 15, wire.HEADER_SIZE - 1, 1,
               len(data) - 1, len(data) - SUITE.signature_size, len(data) - SUITE.signature_size - 1):
        changed = bytearray(data)
        changed[at] ^= 0x04
        err = refused(b, wire.to_text(bytes(changed)), "friend-malformed" if at == 1 else "friend-changed")
        assert "changed" in err.message or at == 1  # byte 1 names the suite: another suite's is no message here
    # a byte that breaks the message's layout: refused as damaged
    changed = bytearray(data)
    changed[wire.HEADER_SIZE] = 0xEE
    refused(b, wire.to_text(bytes(changed)), "friend-malformed")
    d.play_out()
    assert d.sides[0].status == d.sides[1].status == "over"


def test_a_changed_byte_of_a_shuffle_is_refused_and_the_honest_shuffle_still_plays() -> None:
    """The deal's messages are long (a deck and its proof): a byte changed in the deck, the proof or the shares is
    a link changed, refused by its signature before any proof is read."""
    d = Duel.begin(3, mode="single-round")
    d.deliver()  # message 3: the inviter's shuffle, its proof and its shares of the friend's hand
    b = d.sides[1]
    data = wire.from_text(d.texts[-1])
    m = decode(b, d.texts[-1])
    assert m.shuffle is not None and m.opens is not None
    deck_at, proof_at = data.index(m.shuffle.deck), data.index(m.shuffle.proof)
    for at in (deck_at, deck_at + len(m.shuffle.deck) // 2, proof_at, proof_at + len(m.shuffle.proof) - 1,
               data.index(m.opens.shares[-1]), data.index(m.opens.proof)):
        changed = bytearray(data)
        changed[at] ^= 0x01
        refused(b, wire.to_text(bytes(changed)), "friend-changed")
    d.play_out()
    assert d.sides[0].status == d.sides[1].status == "over"


def test_a_message_signed_with_another_key_is_refused() -> None:
    d = Duel.begin(4)
    d.until(lambda d: number_of(d) == 9)
    victim = d.sides[d.receiver]
    stranger = FriendGame.invite("Eve", suite=SUITE)
    m = decode(victim, d.texts[-1])
    content = m.content
    forged = wire.to_text(content + stranger._signer.sign(content))
    refused(victim, forged, "friend-changed")


def test_a_message_out_of_order_is_refused_until_the_missing_one_comes() -> None:
    texts = transcript(5)
    d = Duel.begin(5, mode="single-round")
    d.until(lambda d: number_of(d) == 10)
    victim = d.sides[d.receiver]
    err = refused(victim, texts[11], "friend-early")
    assert err.values["number"] == 10 and "open message 10 first" in err.message
    refused(victim, texts[-1], "friend-early")
    d.play_out()
    assert d.texts == texts


def test_a_message_opened_again_is_refused_and_so_is_ones_own() -> None:
    d = Duel.begin(6, mode="single-round")
    d.until(lambda d: number_of(d) == 12)
    victim = d.sides[d.receiver]
    assert refused(victim, d.texts[-3], "friend-seen").values["number"] == 10
    refused(victim, d.texts[1 - victim.seat], "friend-seen")
    refused(victim, d.texts[-2], "friend-own-link")
    d.deliver()
    refused(victim, d.texts[-2], "friend-seen")  # the one it just took


def test_a_message_of_another_game_is_refused() -> None:
    other = transcript(8)
    d = Duel.begin(7, mode="single-round")
    d.until(lambda d: number_of(d) == 9)
    victim = d.sides[d.receiver]
    for text in (other[8], other[1], other[0]):
        assert "another game" in refused(victim, text, "friend-other-game").message


def test_a_second_version_of_a_message_already_taken_is_refused_as_a_fork() -> None:
    d = Duel.begin(9, mode="single-round")
    d.until(lambda d: number_of(d) == 14)
    cheater = d.sides[1 - d.receiver]
    victim = d.sides[d.receiver]
    earlier = cheater.messages[-3]  # a message the victim took already: signed again with another move
    assert earlier.move is not None
    other_move = "TM" if earlier.move.move != "TM" else "TL"
    forked = signed(cheater, replace(earlier, move=replace(earlier.move, move=other_move)))
    assert refused(victim, forked, "friend-fork").values["number"] == 12
    # the next message made on top of something else than the victim's last message: a fork too
    nxt = replace(sections(cheater), prev=bytes(wire.DIGEST_SIZE))
    refused(victim, signed(cheater, nxt), "friend-branch")


def test_a_link_that_is_not_a_message_is_refused_with_a_sentence() -> None:
    d = Duel.begin(10, mode="single-round")
    d.until(lambda d: number_of(d) == 5)
    victim = d.sides[d.receiver]
    for text, code in (("", "friend-not-a-link"), ("https://example.org/play?x=1", "friend-not-a-link"),
                       ("friend=@@@", "friend-malformed"), ("friend=AAAA", "friend-malformed"),
                       ("x" * (wire.MAX_TEXT + 1), "friend-malformed"),
                       (d.texts[-1][:len(d.texts[-1]) // 2], "friend-malformed")):
        refused(victim, text, code)


# ---------------------------------------------------------------- moves illegal given the real cards


def hidden_letters(side: FriendGame) -> dict[int, str]:
    """The cards of the side's own hand the other has not seen: place -> letter."""
    rd = side.rounds[max(side.rounds)]
    assert rd.ledger is not None
    return {p: CARD_LETTERS[rd.opened[p]] for p in rd.ledger.hidden_hand(side.seat)}


def made_by_hand(side: FriendGame, parts: dict[str, Any]) -> str:
    """The side's next message with these sections, signed by it (the side keeps nothing of it)."""
    return signed(side, wire.Message(side.game, side.number, side.messages[-1].digest, **parts))


def owed_and(side: FriendGame, parts: dict[str, Any], places: list[int]) -> wire.Opens:
    """The shares a message of the side's owes (`parts["opens"]`) and honest shares of more places, proven
    together for the side's next message."""
    opens = parts.get("opens")
    mine = set(opens.places) if opens is not None else set()
    return shares(side, max(side.rounds), sorted(mine | set(places)), side.number)


def test_a_sale_naming_hidden_places_that_are_not_that_good_is_caught_on_arrival() -> None:
    d = Duel.begin(16, mode="single-round")
    a, b = d.sides

    def ready(d: Duel) -> bool:  # the friend is to move with a hidden good, and lacks a C, a P or an L
        if d.receiver != 1 or number_of(d) < 3:
            return False
        side = probe(d)
        hidden = set(hidden_letters(side).values())
        return side.move_due() and bool(hidden - {"M"}) and bool(set("CPL") - hidden)

    d.until(ready)
    b.receive(d.texts[-1])
    hidden = hidden_letters(b)
    place = next(p for p, g in hidden.items() if g != "M")
    claim = next(g for g in "CPL" if g not in hidden.values())
    parts = finish(b._plan(None))  # what it owes without a move (its camels, the refills)
    parts["opens"] = owed_and(b, parts, [place])
    parts["move"] = wire.MoveSection(1, f"S1{claim}", (place,))
    a.receive(made_by_hand(b, parts))
    err = a.invalid
    assert isinstance(err, Cheated)
    # the hidden card opens as what it is; the sale then uses a card that was not shown (the ledger's sentence), or
    # is illegal with the hand the inviter now knows in part (the engine's): either names the message and the sale
    assert err.code in ("friend-move-card", "friend-illegal"), err.message
    caught(a, err.code, b.number + 1, claim)


def test_a_sale_naming_a_place_not_hidden_in_the_sellers_hand_is_caught_on_arrival() -> None:
    """The places a sale names must be hidden cards of the seller's own hand. Here the seller opens its hidden
    card (so the sale is legal on the table both see) but names another place: one of the other's hand or the
    market holding the same good (not hidden in its hand), or a deck place (a card nobody was shown)."""
    d = Duel.begin(18, mode="single-round")

    def ready(d: Duel) -> bool:  # the receiver is to move holding a hidden good the other also holds or sees
        side = probe(d)
        if not side.move_due() or number_of(d) < 5:
            return False
        rd = side.rounds[1]
        led = rd.ledger
        assert led is not None
        goods = set(hidden_letters(side).values()) & set("CPL")  # goods sold one at a time
        visible = [p for p in [*led.hands[1 - side.seat], *led.market] if p in rd.opened]
        return any(CARD_LETTERS[rd.opened[p]] in goods for p in visible)

    d.until(ready)
    seller = d.sides[d.receiver]
    seller.receive(d.texts[-1])
    victim = d.sides[1 - seller.seat]
    rd = seller.rounds[1]
    led = rd.ledger
    assert led is not None
    hidden = hidden_letters(seller)
    other = next(p for p in [*led.hands[1 - seller.seat], *led.market] if p in rd.opened
                 and CARD_LETTERS[rd.opened[p]] in set(hidden.values()) & set("CPL"))
    good = CARD_LETTERS[rd.opened[other]]
    place = next(p for p, g in hidden.items() if g == good)
    for named, code in ((other, "friend-move-place"), (40, "friend-move-card")):
        parts = finish(seller._plan(None))
        parts["opens"] = owed_and(seller, parts, [place])
        parts["move"] = wire.MoveSection(1, f"S1{good}", (named,))
        judge = FriendGame.from_json(victim.to_json(), SUITE)
        judge.receive(made_by_hand(seller, parts))
        caught(judge, code, seller.number + 1)


def test_a_move_illegal_by_what_both_see_is_caught_on_arrival() -> None:
    d = Duel.begin(17, mode="single-round")
    d.until(lambda d: number_of(d) > 6 and decode(d.sides[0], d.texts[-1]).move is not None)
    victim = d.sides[d.receiver]
    cheater = d.sides[1 - d.receiver]
    m = sections(cheater)
    market = victim.view()["market"]
    absent = next(g for g in "DGSCPL" if g not in market)
    victim2 = FriendGame.from_json(victim.to_json(), SUITE)
    victim.receive(signed(cheater, replace(m, move=replace(m.move, move=f"T{absent}", places=()))))
    caught(victim, "friend-illegal", number_of(d), f"T{absent}", "illegal")
    victim2.receive(signed(cheater, replace(m, move=replace(m.move, move="T-D", places=()))))
    caught(victim2, "friend-bad-move", number_of(d), "not a move")


def test_a_move_when_it_is_not_the_senders_turn_is_caught_on_arrival() -> None:
    d = Duel.begin(0)  # the inviter starts round 1
    a, b = d.sides
    d.deliver()  # message 3: the inviter's coin, its shuffle and its shares of the friend's hand
    d.deliver()  # message 4: the friend's shares of the inviter's hand; its turn is not yet
    assert b._start(1) == ((0, 0), 0) and decode(b, d.texts[-1]).move is None
    m = sections(b)
    a.receive(signed(b, replace(m, move=wire.MoveSection(1, "TM", ()))))
    caught(a, "friend-turn", 4, "out of turn")


def test_a_move_in_the_message_that_deals_is_caught_on_arrival() -> None:
    """The inviter's dealing message comes before it knows its hand (the friend's shares come next): a move in it
    plays in a round not dealt yet."""
    d = Duel.begin(0)
    a, b = d.sides
    d.deliver()
    m = sections(a)
    assert m.shuffle is not None and m.move is None
    b.receive(signed(a, replace(m, move=wire.MoveSection(1, "TM", ()))))
    caught(b, "friend-structure", 3, "not being played")


def test_a_goods_card_shown_as_a_dealt_camel_is_caught_on_arrival() -> None:
    d = Duel.begin(2)
    a, b = d.sides
    d.deliver()  # message 3 opens the friend's hand
    b.receive(d.texts[-1])
    assert b.move_due()
    rd = b.rounds[1]
    goods = [p for p in HANDS[1] if CARD_LETTERS[rd.opened[p]] != "M"]
    assert goods
    parts = finish(b._plan(None))  # its dealt camels shown (the places of its hand it opens): add a goods card
    fake = goods[0]
    parts["opens"] = owed_and(b, parts, [fake])
    a.receive(made_by_hand(b, parts))
    caught(a, "friend-camel", 4, "as a camel", f"it is a {CARD_LETTERS[rd.opened[fake]]}")


class HiddenCamel(FriendGame):
    """A player who keeps its dealt camels hidden in its hand instead of showing them (R6)."""

    def _my_camels(self, rd: Any, led: Any) -> list[int]:
        return []


def both_legal(d: Duel, cheater: int) -> Any:
    """A chooser for the cheater: moves legal both as it sees the table and as the other side does (and no
    exchange of camels: its own table has its hidden camels in its herd, the ledger has them in its hand)."""
    def choose(side: FriendGame, rng: Rng) -> str:
        theirs = d.sides[1 - cheater].position
        legal = [m for m in side.legal_moves() if not (m.startswith("X") and "M" in m.split("-")[1])]
        if theirs is not None:
            legal = sorted(set(legal) & set(legal_moves(theirs)))
        return legal[rng.below(len(legal))]
    return choose


def test_a_dealt_camel_kept_hidden_is_scored_as_a_card_of_its_hand_not_in_its_herd() -> None:
    """Nothing is opened at a round's end, so a dealt camel kept in the hand (R6 broken) may go unseen. It then
    stays a card of its player's hand for the other side, and is not in the herd it scores: the cheat costs only
    its player (a smaller herd, a hand fuller by a card)."""
    d = Duel.begin(10, mode="single-round", kinds=(FriendGame, HiddenCamel))
    d.choose[1] = both_legal(d, 1)
    a, b = d.sides
    d.play_out()
    assert a.invalid is None and a.status == "over"
    led = a.rounds[1].ledger
    assert led is not None and not led.dealt_camels[1]
    kept = [p for p in led.hands[1] if CARD_LETTERS[b.rounds[1].opened[p]] == "M"]
    assert kept, "the friend still holds a dealt camel"
    assert a.results()[0].herds[1] == len(led.herds[1]) < len(led.herds[1]) + len(kept)


@pytest.mark.parametrize("seed", [6, 8])
def test_a_dealt_camel_kept_hidden_is_caught_once_the_hand_cannot_hold_only_goods(seed: int) -> None:
    """When the other's hand holds more hidden places than goods left unseen, some of them are camels it never
    showed: that is a cheat proven (not a crash of the honest side)."""
    d = Duel.begin(seed, mode="single-round", kinds=(FriendGame, HiddenCamel))
    d.choose[1] = both_legal(d, 1)
    a, _ = d.sides
    d.until(lambda d: a.invalid is not None or a.status == "over")
    assert a.invalid is not None and a.invalid.code.startswith("friend-"), a.status


# ---------------------------------------------------------------- coins


def test_an_inviter_coin_that_breaks_its_promise_is_caught_on_arrival() -> None:
    d = Duel.begin(23)
    a, b = d.sides
    d.deliver(move=False)
    m = sections(a)
    assert m.coin is not None
    b.receive(signed(a, replace(m, coin=bytes(16))))
    caught(b, "friend-coin", 3, "not the one its invitation promised")


def reloaded(side: FriendGame) -> FriendGame:
    """The side read back from its save, its seeded 'randomness' kept (after its history was rewritten)."""
    back = type(side).from_json(side.to_json(), SUITE)
    back._random = side._random
    return back


class ChosenCoin(FriendGame):
    """A side whose coin is not made from its secret: one it chose (an inviter's invitation commits to it)."""

    chosen = bytes([7]) * 16

    def _coin_held(self) -> bool:
        return True   # its coin is the chosen one, not its secret's: its own save is kept as it is

    def _plan(self, move: str | None, opening: bool = False) -> Generator[None, None, dict[str, Any]]:
        parts = yield from super()._plan(move, opening)
        if "coin" in parts:
            parts["coin"] = self.chosen
        return parts


def test_coins_are_held_by_the_commitment_not_by_a_secret_shown_later() -> None:
    """Replaces protocol 1's check of each coin against the round secret shown at the round's end: no secret is
    shown now, and none is needed. The inviter's coin is bound by the commitment its invitation carries (a coin
    that breaks it is caught, above); the friend chooses its coin knowing only that commitment. Coins that keep
    the commitment are played whatever made them: both sides agree who starts, and the match plays to its end."""
    a = ChosenCoin.invite("Ava", "single-round", suite=SUITE, random=counter_random(48))
    fake, b_fake = ChosenCoin.chosen, bytes([9]) * 16
    rewrite(a, invite=replace(sections(a).invite, commitment=commitment(a.game, fake)))
    a = reloaded(a)
    b = ChosenCoin.accept(a.outgoing_text(), "Bo", suite=SUITE, random=counter_random(49))
    rewrite(b, answer=replace(sections(b).answer, coin=b_fake))
    b = reloaded(b)
    d = Duel((a, b), [a.outgoing_text(), b.outgoing_text()], Rng(24))
    d.play_out()
    assert a.status == b.status == "over" and a.invalid is None and b.invalid is None
    assert a.coins == b.coins == [fake, b_fake] and a._start(1) == b._start(1)
    assert fake != coin(a._secret(1), a.game) and b_fake != coin(b._secret(1), b.game)


# ---------------------------------------------------------------- shares and structure


def test_a_message_opening_a_card_the_rules_keep_hidden_is_caught_on_arrival() -> None:
    for seed, place in ((27, 51), (28, 30), (28, 60)):
        d = Duel.begin(seed, mode="single-round")
        d.until(lambda d: number_of(d) > 6)
        cheater = d.sides[1 - d.receiver]
        victim = d.sides[d.receiver]
        m = sections(cheater)
        victim.receive(signed(cheater, replace(m, opens=with_places(cheater, m, [place], 1))))
        caught(victim, "friend-over-open", number_of(d), f"place {place}", "keep hidden")
        assert place not in victim.rounds[1].opened  # what it opened was dropped with the message


def test_a_message_opening_a_hidden_card_of_its_senders_own_hand_is_caught_on_arrival() -> None:
    """A share of a card of the sender's own hand the rules keep from the other (once its dealt camels were shown,
    a hidden card of its hand) is an over-opening: a page cannot show its own cards to the other."""
    d = Duel.begin(27, mode="single-round")
    d.until(lambda d: number_of(d) > 8)
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    led = cheater.rounds[1].ledger
    assert led is not None and not led.camels_due(cheater.seat)
    own = led.hidden_hand(cheater.seat)
    assert own
    m = sections(cheater)
    victim.receive(signed(cheater, replace(m, opens=with_places(cheater, m, [own[0]], 1))))
    caught(victim, "friend-over-open", number_of(d), f"place {own[0]}")


def test_a_message_omitting_a_share_it_owes_is_caught_on_arrival() -> None:
    d = Duel.begin(0)  # the inviter starts: message 4 is the friend's shares alone
    a, b = d.sides
    a.receive(b.outgoing_text())
    third = sections(a)  # the friend's hand and the market: a place of each left out
    for place in (HANDS[1][2], MARKET_PLACES[0]):
        friend = FriendGame.from_json(b.to_json(), SUITE)
        friend.receive(signed(a, replace(third, opens=without(a, third, place))))
        caught(friend, "friend-under-open", 3, f"place {place}", "may now see")
    b.receive(a.outgoing_text())
    fourth = sections(b)  # the inviter's hand and the market
    for place in (HANDS[0][4], MARKET_PLACES[1]):
        inviter = FriendGame.from_json(a.to_json(), SUITE)
        inviter.receive(signed(b, replace(fourth, opens=without(b, fourth, place))))
        caught(inviter, "friend-under-open", 4, f"place {place}", "may now see")
    # a refill's share omitted later in the round
    d = Duel.begin(29, mode="single-round")
    d.until(lambda d: number_of(d) > 6 and any(
        p >= 12 for p in (decode(d.sides[0], d.texts[-1]).opens or wire.Opens(1, (), (), b"")).places))
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(cheater)
    assert m.opens is not None
    place = next(p for p in m.opens.places if p >= 12)
    victim.receive(signed(cheater, replace(m, opens=without(cheater, m, place))))
    assert isinstance(victim.invalid, Cheated)
    # the refill is the sender's own (owed) or the victim's (needed to read the market): either way named
    caught(victim, "friend-under-open", number_of(d), f"place {place}")


def test_a_share_sent_twice_is_caught() -> None:
    d = Duel.begin(30, mode="single-round")
    d.until(lambda d: number_of(d) > 6)
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(cheater)
    # the market's first place: its share went in the sender's first shares already
    victim.receive(signed(cheater, replace(m, opens=with_places(cheater, m, [MARKET_PLACES[0]], 1))))
    caught(victim, "friend-open-twice", number_of(d), f"place {MARKET_PLACES[0]} a second time")


def test_a_message_with_parts_that_do_not_belong_to_its_place_is_caught() -> None:
    d = Duel.begin(31, mode="single-round")
    d.until(lambda d: number_of(d) > 6)
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(cheater)
    victim.receive(signed(cheater, replace(m, coin=bytes(16))))
    caught(victim, "friend-structure", number_of(d), "its parts are not those of its place")


def test_a_shuffle_sent_in_the_middle_of_a_round_is_caught_on_arrival() -> None:
    """Replaces protocol 1's secret shown before the round's end: what a message may carry depends on its place.
    A deal of the next round before this one is scored, or the inviter's deal of round 1 sent again, is out of
    turn."""
    d = Duel.begin(26, mode="standard")
    d.until(lambda d: number_of(d) > 8 and d.receiver == 0)
    friend, inviter = d.sides[1], d.sides[0]
    m = sections(friend)
    first = friend.messages[1].shuffle
    assert first is not None
    judge = FriendGame.from_json(inviter.to_json(), SUITE)
    judge.receive(signed(friend, replace(m, shuffle=replace(first, round=2))))
    caught(judge, "friend-structure", number_of(d), "deals round 2 out of turn")
    d.deliver()
    dealt = inviter.messages[2].shuffle
    assert dealt is not None and d.receiver == 1
    friend.receive(signed(inviter, replace(sections(inviter), shuffle=dealt)))
    caught(friend, "friend-structure", number_of(d), "deals round 1 out of turn")


# ---------------------------------------------------------------- the player's other games, and stopping


def test_a_cheat_in_one_game_leaves_the_players_other_saved_games_intact() -> None:
    one, two = Duel.begin(32, mode="single-round"), Duel.begin(33, mode="single-round")
    for d in (one, two):  # Ava (the inviter in both) is about to take a message in each
        d.until(lambda d: number_of(d) > 8 and d.receiver == 0)
    saved = {"one": one.sides[0].to_json(), "two": two.sides[0].to_json()}  # one browser's storage
    kept = copy.deepcopy(saved)
    ava = FriendGame.from_json(saved["one"], SUITE)
    cheater = one.sides[1]
    m = sections(cheater)
    ava.receive(signed(cheater, replace(m, opens=with_places(cheater, m, [HANDS[1][0]], 1))))
    assert ava.invalid is not None
    saved["one"] = ava.to_json()
    # a link of either game opened in the other: refused, nothing changes
    other = FriendGame.from_json(saved["two"], SUITE)
    refused(other, one.texts[-1], "friend-other-game")
    with pytest.raises(Refused) as err:
        ava.receive(two.texts[-1])
    assert err.value.code == "friend-game-invalid"
    assert saved["two"] == kept["two"] and other.to_json() == kept["two"]
    # the other game goes on from its saved form to its end, exactly as it would have
    honest = transcript(33)
    back = FriendGame.from_json(saved["two"], SUITE)
    back._random = two.sides[0]._random  # the same seeded 'randomness' from where it was saved: the same proofs
    two.sides = (back, two.sides[1])
    two.play_out()
    assert two.texts == honest and two.sides[0].status == "over"
    assert FriendGame.from_json(saved["one"], SUITE).status == "invalid"


def place_seen(side: FriendGame, r: int, place: int) -> bool:
    """Whether the rules let the side see a place of round r now (its hand, the market, the discard, its token)."""
    led = side.rounds[r].ledger
    return led is not None and bool(led.seen.get(place, 0) & (1 << side.seat))


def round_over(d: Duel) -> bool:
    """The last text ends round 1 (its receiver finds the round over once it takes it)."""
    led = probe(d).rounds[1].ledger
    return led is not None and led.closed


@pytest.mark.parametrize("stop", ["after its hand", "mid-round", "at the round's end"])
def test_a_player_who_stops_answering_leaves_the_other_able_to_abandon_and_learns_nothing(stop: str) -> None:
    d = Duel.begin(34)
    if stop == "after its hand":
        d.until(lambda d: number_of(d) == 3)
    elif stop == "mid-round":
        d.until(lambda d: number_of(d) == 20)
    else:  # the friend stops once the inviter's move ended round 1, before its shares of the tokens it took
        d.until(lambda d: d.receiver == 1 and round_over(d))
    stopper = d.sides[d.receiver]
    waiter = d.sides[1 - d.receiver]
    stopper.receive(d.texts[-1])
    if stopper.move_due():
        stopper.play(random_move(stopper, d.rng))
    # ... and never sends what it made. The other knows whose turn it is, and can give up on the game.
    assert waiter.status in ("their-turn", "waiting") and not waiter.move_due() and waiter.outgoing() is not None
    if stop != "at the round's end":
        assert waiter.status == "their-turn"
    n = waiter.number
    waiter.abandon()
    back = FriendGame.from_json(waiter.to_json(), SUITE)
    assert back.abandoned and back.number == n and back.status == waiter.status
    # the stopper knows only what the rules showed it, in every round, over or not (nothing is opened at the end
    # but the bonus tokens taken)
    for r, rd in stopper.rounds.items():
        assert all(place_seen(stopper, r, p) for p in rd.opened), (r, sorted(rd.opened))
    if stop == "at the round's end":
        # the round is scored on its side (it has every share it needs), not on the other's (its tokens' shares
        # never came); of the next round it dealt only its own shuffle, never sent: it knows no card of it
        led = stopper.rounds[1].ledger
        assert led is not None and led.bonus_taken[1], "the friend took a bonus token"
        assert stopper.rounds[1].final is not None and waiter.rounds[1].final is None
        assert 2 not in waiter.rounds and not stopper.rounds[2].opened and stopper.rounds[2].ledger is None


# ---------------------------------------------------------------- on the real curve


@pytest.fixture(scope="module")
def real_start() -> tuple[dict[str, Any], dict[str, Any], list[wire.Message]]:
    """An honest start on secp256k1 up to message 4 (both hands opened): the inviter saved once it made message 3,
    the friend before it took it, and the first four messages."""
    from jaipur.fair import secp256k1

    a = FriendGame.invite("Ava", suite=secp256k1(), random=counter_random(900))
    b = FriendGame.accept(a.outgoing_text(), "Bo", suite=secp256k1(), random=counter_random(901))
    saved_b = b.to_json()
    a.receive(b.outgoing_text())
    saved_a = a.to_json()
    b.receive(a.outgoing_text())
    if b.move_due():
        b.play(b.legal_moves()[0])
    return saved_a, saved_b, list(b.messages[:4])


@pytest.mark.slow
def test_cheats_on_secp256k1_are_caught_on_arrival(real_start: Any) -> None:
    from jaipur.fair import secp256k1
    from jaipur.fair.proofs.group import secp256k1_group

    suite, pg = secp256k1(), secp256k1_group()
    saved_a, saved_b, (_, _, third, fourth) = real_start
    text = wire.to_text(wire.encode(suite, third))
    a = FriendGame.from_json(saved_a, suite)

    def fresh_friend() -> FriendGame:
        return FriendGame.from_json(saved_b, suite)

    assert third.opens is not None and third.opens.round == 1 and fourth.opens is not None
    # the share of another place for place 5
    own = list(third.opens.shares)
    own[0] = third.opens.shares[1]
    b = fresh_friend()
    b.receive(signed(a, replace(third, opens=replace(third.opens, shares=tuple(own)))))
    caught(b, "proof-share", 3, suite=suite)
    # a share that is no point of the curve (an x with no y)
    x = next(x for x in range(2, 100) if not on_curve(x))
    own = list(third.opens.shares)
    own[1] = x.to_bytes(32, "big") + b"\x00"
    b = fresh_friend()
    b.receive(signed(a, replace(third, opens=replace(third.opens, shares=tuple(own)))))
    caught(b, "proof-malformed", 3, suite=suite)
    # the deal with one ciphertext's C1 made another point of the curve: refused by the shuffle's proof
    assert third.shuffle is not None
    deck = bytearray(third.shuffle.deck)
    deck[0:33] = pg.encode(pg.generator)
    b = fresh_friend()
    b.receive(signed(a, replace(third, shuffle=replace(third.shuffle, deck=bytes(deck)))))
    caught(b, "proof-shuffle", 3, suite=suite)
    # a byte changed: refused, nothing changes; the signature's s made high (the other valid ECDSA signature of the
    # same content): refused too, so a message has one form only
    b = fresh_friend()
    before = b.to_json()
    data = bytearray(wire.from_text(text))
    data[60] ^= 1
    with pytest.raises(Refused) as err:
        b.receive(wire.to_text(bytes(data)))
    assert err.value.code == "friend-changed" and b.to_json() == before
    raw = wire.from_text(text)
    s = int.from_bytes(raw[-32:], "big")
    high = raw[:-32] + (suite.group.order - s).to_bytes(32, "big")
    with pytest.raises(Refused) as err:
        b.receive(wire.to_text(high))
    assert err.value.code == "friend-changed" and b.to_json() == before
    b.receive(text)
    assert b.invalid is None and b.number >= 3
    # the friend's shares of the inviter's hand with two of them swapped: refused by their proof
    swapped = list(fourth.opens.shares)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    a.receive(signed(b, replace(fourth, opens=replace(fourth.opens, shares=tuple(swapped)))))
    caught(a, "proof-share", 4, suite=suite)


def on_curve(x: int) -> bool:
    """Whether secp256k1 has a point with this x."""
    from jaipur.fair import secp256k1

    p = secp256k1().group.p
    rhs = (x ** 3 + 7) % p
    return pow(rhs, (p - 1) // 2, p) == 1


# ---------------------------------------------------------------- what a message owes


def test_a_message_that_skips_the_move_its_sender_owes_is_caught_on_arrival() -> None:
    """Messages alternate: a message without the move its sender must play would leave the other with nothing to
    send and the game stuck, its player told to wait. It is a move not played: caught."""
    d = Duel.begin(2)  # the friend starts: message 4 must carry its first move
    a, b = d.sides
    d.deliver()
    d.deliver(move=False)
    assert b.move_due() and b.number == 3
    parts = finish(b._plan(None))  # its shares of the inviter's hand and the market, its camels, no move
    assert "opens" in parts and "move" not in parts
    a.receive(made_by_hand(b, parts))
    caught(a, "friend-no-move", 4, "does not play")
    # later in the round: a message with only the shares its sender owes
    d = Duel.begin(100, mode="single-round")

    def owes_shares(d: Duel) -> bool:
        side = probe(d)
        return number_of(d) > 6 and side.move_due() and bool(finish(side._plan(None)))

    d.until(owes_shares)
    mover, victim = d.sides[d.receiver], d.sides[1 - d.receiver]
    mover.receive(d.texts[-1])
    parts = finish(mover._plan(None))
    assert set(parts) == {"opens"}
    victim.receive(made_by_hand(mover, parts))
    caught(victim, "friend-no-move", number_of(d) + 1, "does not play")


def last_move(texts: list[str], side: FriendGame) -> int:
    """The index of the text carrying a match's last move."""
    return max(n for n, t in enumerate(texts) if decode(side, t).move is not None)


def test_a_move_that_ends_the_round_without_the_shares_of_its_tokens_is_caught_on_arrival() -> None:
    """Replaces protocol 1's move that ended a round without its secret: at a round's end each side owes its
    shares of the bonus tokens it took (they are scored), nothing else. The move that ends the round carries its
    mover's; without them the other could not score the round."""
    for seed in range(40, 60):
        texts = transcript(seed)
        d = Duel.begin(seed, mode="single-round")
        k = last_move(texts, d.sides[0])
        m = decode(d.sides[0], texts[k])
        tokens = [p for p in (m.opens.places if m.opens is not None else ()) if p >= CARDS]
        if tokens:
            break
    else:
        raise AssertionError("no round ended by a player holding bonus tokens")
    d.until(lambda d: number_of(d) == k + 1)
    sender, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(sender)
    assert m.opens is not None
    rest = [p for p in m.opens.places if p < CARDS]
    cut = shares(sender, 1, rest, m.number) if rest else None
    victim.receive(signed(sender, replace(m, opens=cut)))
    caught(victim, "friend-under-open", k + 1, f"place {tokens[0]}")


def test_a_message_that_leaves_out_the_next_rounds_deal_is_caught_on_arrival() -> None:
    """Messages alternate: a message that owes the next round's shuffle and leaves it out leaves the other nothing
    to send, the game stuck. It is caught: the friend's shuffle of the public deck left out of its message that
    also shows its bonus tokens (stalled), or of one that held nothing else (no message at all); the inviter's."""
    for seed, code in ((40, "friend-stalled"), (41, "friend-structure")):
        d = Duel.begin(seed)
        d.until(lambda d: (m := decode(d.sides[0], d.texts[-1])).shuffle is not None and m.shuffle.round == 2)
        friend, inviter = d.sides[1], d.sides[0]
        m = sections(friend)
        assert m.shuffle is not None and m.shuffle.round == 2 and d.receiver == 0
        assert (m.opens is not None) == (code == "friend-stalled")
        inviter.receive(signed(friend, replace(m, shuffle=None)))
        caught(inviter, code, number_of(d), *(["the deal of round 2"] if code == "friend-stalled" else []))
    d = Duel.begin(41)
    d.until(lambda d: (m := decode(d.sides[0], d.texts[-1])).shuffle is not None and m.shuffle.round == 2
            and m.sender == 0)
    friend, inviter = d.sides[1], d.sides[0]
    m = sections(inviter)
    assert m.opens is not None and m.opens.round == 2
    friend.receive(signed(inviter, replace(m, shuffle=None, opens=None, coin=None)))
    caught(friend, "friend-structure", number_of(d))


def test_a_catch_up_link_replaces_only_ones_own_unanswered_message_and_only_with_ones_own_signature() -> None:
    """A catch-up link (several messages in a row) may replace this side's last, unanswered message by another
    version signed with its own key (made in another browser holding the same keys); a version the other side
    signed, or a message of the other side's that is not the next one, is refused and changes nothing."""
    d = Duel.begin(21, mode="single-round")
    d.until(lambda d: number_of(d) == 9)
    friend, victim = d.sides[d.receiver], d.sides[1 - d.receiver]   # the victim's last message is unanswered
    mine = sections(victim)
    other_move = next(m for m in legal_moves(victim.rounds[max(victim.rounds)].proxy)  # type: ignore[arg-type]
                      if mine.move is not None and m != mine.move.move) if mine.move is not None else None
    assert other_move is not None
    forged = signed(friend, replace(mine, move=replace(mine.move, move=other_move)))   # signed by the friend
    before = state(victim)
    with pytest.raises(Refused) as err:
        finish(victim.catch_up_steps([forged]))
    assert err.value.code == "friend-changed" and state(victim) == before
    later = d.texts[-3]                                          # the friend's old message: passed over, no change
    assert finish(victim.catch_up_steps([later, d.texts[-1]])) is victim and state(victim) == before
