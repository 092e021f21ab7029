"""Every cheat the issue lists is caught, named in a sentence (which message, what was wrong), when the bad item is
opened or at the latest at the round's end; a refused link changes nothing.

A cheater is an honest side whose message is rewritten and signed again with its own key (so the signature is good
and the cheat is about content), or a `FriendGame` subclass that deals or opens falsely and signs what it makes.
"""

from __future__ import annotations

import copy
from collections.abc import Generator
from dataclasses import replace
from typing import Any

import pytest

from jaipur.fair import Cheated, FriendGame, Refused, finish, wire
from jaipur.fair.derive import coin, commitment, first_starter
from jaipur.fair.items import BONUS_PILES, CARD_LETTERS, CARDS, HANDS, ITEMS, MARKET_PLACES
from jaipur.fair.keys import FriendKeys, InviterKeys
from jaipur.rng import Rng
from jaipur.rules import legal_moves

from .duel import NAMES, Duel, decode, layers, random_move, rewrite, signed, state, with_layers, without
from .toy import ToySuite, counter_random

SUITE = ToySuite()

# ---------------------------------------------------------------- how a cheat must be caught


def caught(side: FriendGame, code: str, number: int, *words: str) -> Cheated:
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
    back = FriendGame.from_json(side.to_json(), SUITE)
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


# ---------------------------------------------------------------- links refused: nothing changes


def test_a_changed_byte_anywhere_is_refused_and_the_honest_link_still_plays() -> None:
    d = Duel.begin(3, mode="single-round")
    d.until(lambda d: d.receiver == 1 and number_of(d) > 6 and decode(d.sides[0], d.texts[-1]).move is not None
            and decode(d.sides[0], d.texts[-1]).opens is not None)
    b = d.sides[1]
    data = wire.from_text(d.texts[-1])
    m = decode(b, d.texts[-1])
    move_at = data.index(m.move.move.encode())
    assert m.opens is not None  # a refill or a sale opened something: change a byte of a layer too
    layer_at = data.index(m.opens.layers[0][1])
    for at in (move_at, move_at + 1, layer_at, layer_at + 7, wire.HEADER_SIZE - 1, 1, len(data) - 1,
               len(data) - SUITE.signature_size, len(data) - SUITE.signature_size - 1):
        changed = bytearray(data)
        changed[at] ^= 0x04
        err = refused(b, wire.to_text(bytes(changed)), "friend-other-game" if at == 1 else "friend-changed")
        assert "changed" in err.message or at == 1
    # a byte that breaks the message's layout: refused as damaged
    changed = bytearray(data)
    changed[wire.HEADER_SIZE] = 0xEE
    refused(b, wire.to_text(bytes(changed)), "friend-malformed")
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


# ---------------------------------------------------------------- cards not dealt, forged keys


def test_an_inviter_layer_that_is_not_the_partial_decryption_opens_a_card_never_dealt() -> None:
    d = Duel.begin(11)
    d.deliver()  # the inviter's message 3 opens the friend's hand
    a, b = d.sides
    m = sections(a)
    own = dict(m.opens.layers)
    swapped = with_layers(m.opens, ((5, own[6]),), 1)  # place 5 given place 6's layer
    b.receive(signed(a, replace(m, opens=swapped)))
    caught(b, "friend-not-dealt", 3, "place 5", "never dealt")


def test_an_inviter_layer_that_is_not_a_point_is_caught() -> None:
    d = Duel.begin(11)
    d.deliver()
    a, b = d.sides
    m = sections(a)
    bad = with_layers(m.opens, ((7, (1).to_bytes(8, "big")),), 1)
    b.receive(signed(a, replace(m, opens=bad)))
    caught(b, "friend-bad-point", 3, "place 7", "not a point")


class ForeignCards(FriendGame):
    """An inviter whose deck holds cards that were never dealt: elements hashed from another game's labels."""

    def _item_points(self) -> Generator[None, None, list[Any]]:
        yield from super()._item_points()
        return [self.group.hash_to_element(b"another game|item|%d" % i) for i in range(ITEMS)]


def test_a_deck_of_cards_that_were_not_dealt_is_caught_when_the_first_is_opened() -> None:
    d = Duel.begin(12, kinds=(ForeignCards, FriendGame))
    a, b = d.sides
    assert b.invalid is None and a.invalid is None  # the answer: nothing opened to the friend yet
    d.deliver()
    b.receive(d.texts[-1])
    caught(b, "friend-not-dealt", 3, "place 5", "never dealt")


def test_a_friend_key_of_another_place_is_a_forged_key() -> None:
    d = Duel.begin(13)
    a, b = d.sides
    m = sections(b)  # the answer opens the inviter's hand with the friend's keys
    own = dict(m.opens.layers)
    forged = with_layers(m.opens, ((2, own[3]),), 1)
    a2 = FriendGame.from_json(a.to_json(), SUITE)
    a2.receive(signed(b, replace(m, opens=forged)))
    caught(a2, "friend-forged-key", 2, "place 2", "forged key")
    a3 = FriendGame.from_json(a.to_json(), SUITE)
    a3.receive(signed(b, replace(m, opens=with_layers(m.opens, ((10, bytes(8)),), 1))))
    caught(a3, "friend-bad-key", 2, "place 10", "not a key")
    a4 = FriendGame.from_json(a.to_json(), SUITE)
    a4.receive(signed(b, replace(m, opens=with_layers(m.opens, ((0, SUITE.group.order.to_bytes(8, "big")),), 1))))
    caught(a4, "friend-bad-key", 2, "place 0")


def test_a_forged_key_later_in_the_round_is_caught_on_arrival() -> None:
    d = Duel.begin(14, mode="single-round")
    d.until(lambda d: d.receiver == 0 and number_of(d) > 8 and any(
        p >= 12 for p, _ in (decode(d.sides[1], d.texts[-1]).opens or wire.Opens(1, ())).layers))
    a, b = d.sides
    m = sections(b)
    place = next(p for p, _ in m.opens.layers if p >= 12)
    forged = with_layers(m.opens, ((place, (12345).to_bytes(8, "big")),), 1)
    a.receive(signed(b, replace(m, opens=forged)))
    caught(a, "friend-forged-key", number_of(d), f"place {place}", "forged key")


# ---------------------------------------------------------------- duplicated cards


def twice(side: FriendGame, m: wire.Message) -> str:
    """The message with its deck's second element made equal to its first (one card twice, another missing)."""
    assert m.deck is not None
    deck = SUITE.group.unpack(m.deck.packed, ITEMS)
    deck[1] = deck[0]
    return signed(side, replace(m, deck=replace(m.deck, packed=SUITE.group.pack(deck))))


def test_an_invitation_whose_deck_holds_a_card_twice_is_caught_before_answering() -> None:
    inviter = FriendGame.invite("Ava", suite=SUITE)
    with pytest.raises(Cheated) as err:
        FriendGame.accept(twice(inviter, sections(inviter)), "Bo", suite=SUITE)
    assert err.value.code == "friend-duplicate"
    assert err.value.message == "Message 1 from Ava: its deck holds the same card twice."


def test_a_friend_deck_holding_a_card_twice_is_caught_on_arrival() -> None:
    a = FriendGame.invite("Ava", suite=SUITE)
    b = FriendGame.accept(a.outgoing_text(), "Bo", suite=SUITE)
    a.receive(twice(b, sections(b)))
    caught(a, "friend-duplicate", 2, "deck holds the same card twice")


class ClonedPlaces(FriendGame):
    """A friend who locks one inviter place into two of its own places under two keys: its deck's elements all
    differ, but two places open to the same card (and one card is never dealt)."""

    def _my_keys(self, r: int) -> InviterKeys | FriendKeys:
        keys = super()._my_keys(r)
        assert isinstance(keys, FriendKeys)
        source = list(keys.source)
        source[1] = source[0]
        return FriendKeys(source, keys.keys)


def test_two_places_opening_to_the_same_card_are_caught_when_the_second_opens() -> None:
    a = FriendGame.invite("Ava", suite=SUITE)
    b = ClonedPlaces.accept(a.outgoing_text(), "Bo", suite=SUITE)
    a.receive(b.outgoing_text())  # the answer opens the inviter's hand: places 0 and 1
    err = caught(a, "friend-duplicate", 2, "already opened elsewhere", "dealt twice")
    assert err.values["card"] in CARD_LETTERS


# ---------------------------------------------------------------- moves illegal given the real cards


def hidden_letters(side: FriendGame) -> dict[int, str]:
    """The cards of the side's own hand the other has not seen: place -> letter."""
    rd = side.rounds[max(side.rounds)]
    assert rd.ledger is not None
    return {p: CARD_LETTERS[rd.opened[p]] for p in rd.ledger.hidden_hand(side.seat)}


def made_by_hand(side: FriendGame, parts: dict[str, Any]) -> str:
    """The side's next message with these sections, signed by it (the side keeps nothing of it)."""
    return signed(side, wire.Message(side.game, side.number, side.messages[-1].digest, **parts))


def test_a_sale_naming_hidden_places_that_are_not_that_good_is_caught_on_arrival() -> None:
    d = Duel.begin(16, mode="single-round")
    a, b = d.sides

    def ready(d: Duel) -> bool:  # the friend is to move with a hidden good, and lacks a C, a P or an L
        if d.receiver != 1 or number_of(d) < 3:
            return False
        probe = FriendGame.from_json(b.to_json(), SUITE)
        probe.receive(d.texts[-1])
        hidden = set(hidden_letters(probe).values())
        return probe.move_due() and bool(hidden - {"M"}) and bool(set("CPL") - hidden)

    d.until(ready)
    b.receive(d.texts[-1])
    hidden = hidden_letters(b)
    place = next(p for p, g in hidden.items() if g != "M")
    claim = next(g for g in "CPL" if g not in hidden.values())
    parts = finish(b._plan(None))  # what it owes without a move (its camels, the refills)
    parts["opens"] = with_layers(parts.get("opens"), layers(b, 1, [place]), 1)
    parts["move"] = wire.MoveSection(1, f"S1{claim}", (place,))
    a.receive(made_by_hand(b, parts))
    err = a.invalid
    assert isinstance(err, Cheated)
    # the hidden card opens as what it is; the sale then uses a card that was not shown (the ledger's sentence), or
    # is illegal with the hand the inviter now knows in part (the engine's): either names the message and the sale
    assert err.code in ("friend-move-card", "friend-illegal"), err.message
    caught(a, err.code, b.number + 1, claim)


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
    d = Duel.begin(5)
    a, b = d.sides
    d.deliver()  # message 3: the inviter's coin and layers; the friend starts round 1
    assert a._first == 1 and a.status == "their-turn"
    m = sections(a)
    assert m.move is None
    b.receive(signed(a, replace(m, move=wire.MoveSection(1, "TM", ()))))
    caught(b, "friend-turn", 3, "out of turn")


def test_a_goods_card_shown_as_a_dealt_camel_is_caught_on_arrival() -> None:
    d = Duel.begin(2)  # the friend's hand: DMLPP
    a, b = d.sides
    d.deliver()  # message 3 opens the friend's hand (and carries the inviter's first move)
    b.receive(d.texts[-1])
    assert b.move_due()
    rd = b.rounds[1]
    goods = [p for p in HANDS[1] if CARD_LETTERS[rd.opened[p]] != "M"]
    assert len(goods) == 4
    parts = finish(b._plan(None))  # its dealt camel shown: add a goods card shown as a camel
    fake = goods[0]
    parts["opens"] = with_layers(parts["opens"], layers(b, 1, [fake]), 1)
    a.receive(made_by_hand(b, parts))
    caught(a, "friend-camel", 4, "as a camel", f"it is a {CARD_LETTERS[rd.opened[fake]]}")


class NoSelfCheck(FriendGame):
    """A cheater that does not check the round against itself at its end (it would find its own cheat and stop
    answering): it shows its secret as an honest side does, so the other can check the round."""

    def _verify(self, m: wire.Message, rd: Any, trusted: bool) -> Generator[None, None, None]:
        return
        yield


class HiddenCamel(NoSelfCheck):
    """A player who keeps its dealt camels hidden in its hand instead of showing them (R6)."""

    def _my_camels(self, rd: Any, led: Any) -> list[int]:
        return []


def both_legal(d: Duel, cheater: int) -> Any:
    """A chooser for the cheater: moves legal both as it sees the table and as the other side does."""
    def choose(side: FriendGame, rng: Rng) -> str:
        theirs = d.sides[1 - cheater].position
        assert theirs is not None
        legal = sorted(set(side.legal_moves()) & set(legal_moves(theirs)))
        return legal[rng.below(len(legal))]
    return choose


def secret_message(d: Duel, seat: int) -> int:
    """The number (from 1) of the message in which `seat` showed its round-1 secret."""
    for n, text in enumerate(d.texts):
        m = decode(d.sides[0], text)
        if m.sender == seat and m.secret is not None and m.secret.round == 1:
            return n + 1
    raise AssertionError("no secret shown")


def test_a_dealt_camel_kept_hidden_in_the_hand_is_caught_at_the_rounds_end() -> None:
    d = Duel.begin(1, mode="single-round", kinds=(FriendGame, HiddenCamel))  # the friend's hand: PPMMM
    d.choose[1] = both_legal(d, 1)
    a, b = d.sides
    d.until(lambda d: a.invalid is not None or decode(a, d.texts[-1]).secret is not None and d.receiver == 0)
    assert a.invalid is None  # nothing seen before the round's end
    assert not a.rounds[1].ledger.dealt_camels[1] and a.view()["coming"]["herd"] is False
    d.deliver()
    caught(a, "friend-hidden-camel", secret_message(d, 1), "Bo kept a dealt camel in the hand", "R6")


class StackedDeck(NoSelfCheck):
    """An inviter whose deck is not shuffled by its secret: its items in their plain order (a stacked deck)."""

    def _my_keys(self, r: int) -> InviterKeys | FriendKeys:
        keys = super()._my_keys(r)
        assert isinstance(keys, InviterKeys)
        return InviterKeys(keys.key, keys.inverse, list(range(ITEMS)))


def test_a_deck_not_made_from_the_secret_shown_at_the_rounds_end_is_caught_then() -> None:
    d = Duel.begin(20, mode="single-round", kinds=(StackedDeck, FriendGame))
    a, b = d.sides
    d.until(lambda d: b.invalid is not None or d.receiver == 1 and decode(b, d.texts[-1]).secret is not None)
    assert b.invalid is None
    d.play_out()
    caught(b, "friend-bad-deal", secret_message(d, 0), "the deal of round 1 (message 1)", "not made from the secret")


def test_a_friend_secret_that_did_not_make_its_deck_is_caught_when_shown() -> None:
    d = Duel.begin(21, mode="single-round", kinds=(FriendGame, NoSelfCheck))
    a, b = d.sides
    d.until(lambda d: d.receiver == 0 and decode(b, d.texts[-1]).secret is not None)
    m = sections(b)
    assert m.secret is not None
    a.receive(rewrite(b, secret=replace(m.secret, value=bytes(32))))
    caught(a, "friend-bad-deal", b.number, "the deal of round 1 (message 2)")


def test_a_bonus_place_opened_to_another_piles_token_is_caught_on_arrival() -> None:
    class CrossPiles(FriendGame):
        """A friend whose deck puts each bonus token in another pile's places (a value misreported)."""

        def _my_keys(self, r: int) -> InviterKeys | FriendKeys:
            keys = super()._my_keys(r)
            assert isinstance(keys, FriendKeys)
            source = list(keys.source)
            first, size = BONUS_PILES[0].start, ITEMS - CARDS
            for q in range(first, ITEMS):
                source[q] = keys.source[first + (q - first + 7) % size]
            return FriendKeys(source, keys.keys)

    def big_sales(side: FriendGame, rng: Rng) -> str:
        legal = side.legal_moves()
        big = [m for m in legal if m.startswith("S") and int(m[1]) >= 3]
        return (big or legal)[rng.below(len(big or legal))]

    def small_sales(side: FriendGame, rng: Rng) -> str:
        legal = [m for m in side.legal_moves() if not (m.startswith("S") and int(m[1]) >= 3)]
        return legal[rng.below(len(legal))] if legal else random_move(side, rng)

    d = Duel.begin(22, mode="single-round", kinds=(FriendGame, CrossPiles))
    d.choose = {0: big_sales, 1: small_sales}
    a, b = d.sides
    d.until(lambda d: a.invalid is not None)
    sold = a.rounds[1].ledger.bonus_taken[0]
    assert sold, "the inviter took a bonus token"
    caught(a, "friend-wrong-pile", number_of(d), f"place {sold[0]}", "another pile")


def test_an_inviter_coin_that_breaks_its_promise_is_caught_on_arrival() -> None:
    d = Duel.begin(23)
    a, b = d.sides
    d.deliver(move=False)
    m = sections(a)
    assert m.coin is not None
    b.receive(signed(a, replace(m, coin=bytes(16))))
    caught(b, "friend-coin", 3, "not the one its invitation promised")


def same_start(inviter: bytes, friend: bytes, seat: int) -> bytes:
    """A coin for `seat` other than its real one that gives the same starter (so both sides agree who starts)."""
    honest = first_starter(inviter, friend)
    for k in range(1, 64):
        fake = bytes([k]) * 16
        if first_starter(*((fake, friend) if seat == 0 else (inviter, fake))) == honest:
            return fake
    raise AssertionError("no coin found")


def test_an_inviter_coin_not_made_from_its_secret_is_caught_at_round_1s_end() -> None:
    a = NoSelfCheck.invite("Ava", "single-round", suite=SUITE, random=counter_random(48))
    dry = FriendGame.accept(a.outgoing_text(), "Bo", suite=SUITE, random=counter_random(49))
    real, friend = coin(a._secret(1), a.game), coin(dry._secret(1), a.game)
    fake = same_start(real, friend, 0)
    invitation = rewrite(a, invite=replace(sections(a).invite, commitment=commitment(a.game, fake)))
    b = FriendGame.accept(invitation, "Bo", suite=SUITE, random=counter_random(49))
    d = Duel((a, b), [invitation, b.outgoing_text()], Rng(24))
    d.deliver()
    d.texts[-1] = rewrite(a, coin=fake)  # it keeps its promise: the coin matches the commitment
    d.play_out()
    assert b.rounds[1].ledger.moves
    caught(b, "friend-coin", secret_message(d, 0), "a coin of round 1 was not made from its player's secret")


def test_a_friend_coin_not_made_from_its_secret_is_caught_at_round_1s_end() -> None:
    a = FriendGame.invite("Ava", "single-round", suite=SUITE, random=counter_random(50))
    b = NoSelfCheck.accept(a.outgoing_text(), "Bo", suite=SUITE, random=counter_random(51))
    real, inviter = coin(b._secret(1), b.game), coin(a._secret(1), a.game)
    fake = same_start(inviter, real, 1)
    answer = rewrite(b, answer=replace(sections(b).answer, coin=fake))
    d = Duel((a, b), [a.outgoing_text(), answer], Rng(25))
    d.play_out()
    assert a.rounds[1].ledger.moves
    caught(a, "friend-coin", secret_message(d, 1), "a coin of round 1")


def test_a_secret_shown_before_the_rounds_end_is_caught_on_arrival() -> None:
    d = Duel.begin(26, mode="single-round")
    d.until(lambda d: number_of(d) > 8)
    cheater = d.sides[1 - d.receiver]
    victim = d.sides[d.receiver]
    m = sections(cheater)
    victim.receive(signed(cheater, replace(m, secret=wire.Secret(1, cheater._secret(1)))))
    caught(victim, "friend-early-secret", number_of(d), "before the round is over")


def test_a_message_opening_a_card_the_rules_keep_hidden_is_caught_on_arrival() -> None:
    for seed, deck_place in ((27, 51), (28, 30)):
        d = Duel.begin(seed, mode="single-round")
        d.until(lambda d: number_of(d) > 6)
        cheater = d.sides[1 - d.receiver]
        victim = d.sides[d.receiver]
        m = sections(cheater)
        opens = with_layers(m.opens, layers(cheater, 1, [deck_place]), 1)
        victim.receive(signed(cheater, replace(m, opens=opens)))
        caught(victim, "friend-over-open", number_of(d), f"place {deck_place}", "keep hidden")
        assert deck_place not in victim.rounds[1].opened  # what it decrypted was dropped with the message


def test_a_message_omitting_a_layer_it_owes_is_caught_on_arrival() -> None:
    a = FriendGame.invite("Ava", suite=SUITE)
    b = FriendGame.accept(a.outgoing_text(), "Bo", suite=SUITE)
    a.receive(signed(b, replace(sections(b), opens=without(sections(b), MARKET_PLACES[0]))))
    caught(a, "friend-under-open", 2, f"place {MARKET_PLACES[0]}", "may now see")
    # a refill's layer omitted later in the round
    d = Duel.begin(29, mode="single-round")
    d.until(lambda d: number_of(d) > 6 and any(
        p >= 12 for p, _ in (decode(d.sides[0], d.texts[-1]).opens or wire.Opens(1, ())).layers))
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(cheater)
    place = next(p for p, _ in m.opens.layers if p >= 12)
    victim.receive(signed(cheater, replace(m, opens=without(m, place))))
    assert isinstance(victim.invalid, Cheated)
    # the refill is the sender's own (owed) or the victim's (needed to read the market): either way named
    caught(victim, "friend-under-open", number_of(d), f"place {place}")


def test_a_layer_sent_twice_is_caught() -> None:
    d = Duel.begin(30, mode="single-round")
    d.until(lambda d: number_of(d) > 6)
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(cheater)
    again = layers(cheater, 1, [MARKET_PLACES[0]])  # sent in its first layers already
    victim.receive(signed(cheater, replace(m, opens=with_layers(m.opens, again, 1))))
    caught(victim, "friend-open-twice", number_of(d), f"place {MARKET_PLACES[0]} a second time")


def test_a_message_with_parts_that_do_not_belong_to_its_place_is_caught() -> None:
    d = Duel.begin(31, mode="single-round")
    d.until(lambda d: number_of(d) > 6)
    cheater, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(cheater)
    victim.receive(signed(cheater, replace(m, coin=bytes(16))))
    caught(victim, "friend-structure", number_of(d), "its parts are not those of its place")


# ---------------------------------------------------------------- the player's other games, and stopping


def test_a_cheat_in_one_game_leaves_the_players_other_saved_games_intact() -> None:
    one, two = Duel.begin(32, mode="single-round"), Duel.begin(33, mode="single-round")
    for d in (one, two):  # Ava (the inviter in both) is about to take a message in each
        d.until(lambda d: number_of(d) > 8 and d.receiver == 0)
    saved = {"one": one.sides[0].to_json(), "two": two.sides[0].to_json()}  # one browser's storage
    kept = copy.deepcopy(saved)
    ava = FriendGame.from_json(saved["one"], SUITE)
    cheater = one.sides[1]
    ava.receive(signed(cheater, replace(sections(cheater), secret=wire.Secret(1, bytes(32)))))
    caught(ava, "friend-early-secret", number_of(one))
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
    two.sides = (FriendGame.from_json(saved["two"], SUITE), two.sides[1])
    two.play_out()
    assert two.texts == honest and two.sides[0].status == "over"
    assert FriendGame.from_json(saved["one"], SUITE).status == "invalid"


def place_seen(side: FriendGame, r: int, place: int) -> bool:
    """Whether the rules let the side see a place of round r now (its hand, the market, the discard, its token)."""
    led = side.rounds[r].ledger
    return led is not None and bool(led.seen.get(place, 0) & (1 << side.seat))


@pytest.mark.parametrize("stop", ["after its hand", "mid-round", "when losing at the round's end"])
def test_a_player_who_stops_answering_leaves_the_other_able_to_abandon_and_learns_nothing(stop: str) -> None:
    d = Duel.begin(34)
    a, b = d.sides
    if stop == "after its hand":
        d.until(lambda d: number_of(d) == 3)
    elif stop == "mid-round":
        d.until(lambda d: number_of(d) == 20)
    else:  # the friend stops once it has the inviter's round-1 secret, before showing its own
        d.until(lambda d: d.receiver == 1 and decode(a, d.texts[-1]).secret is not None)
    stopper = d.sides[d.receiver]
    waiter = d.sides[1 - d.receiver]
    stopper.receive(d.texts[-1])
    if stopper.move_due():
        stopper.play(random_move(stopper, d.rng))
    # ... and never sends what it made. The other knows whose turn it is, and can give up on the game.
    assert waiter.status in ("their-turn", "waiting") and not waiter.move_due() and waiter.outgoing() is not None
    if stop != "when losing at the round's end":
        assert waiter.status == "their-turn"
    n = waiter.number
    waiter.abandon()
    back = FriendGame.from_json(waiter.to_json(), SUITE)
    assert back.abandoned and back.number == n and back.status == waiter.status
    # the stopper knows only what the rules showed it: in a round still being played, only places it may see
    for r, rd in stopper.rounds.items():
        if rd.final is None:
            assert all(place_seen(stopper, r, p) for p in rd.opened), (r, sorted(rd.opened))
    if stop == "when losing at the round's end":
        # the round is over and checked on its side (not on the other's); of the next round, dealt already, it
        # knows no card and holds no key of the other's
        assert stopper.rounds[1].final is not None and waiter.rounds[1].final is None
        assert not stopper.rounds[2].opened and a._secrets[2].hex() not in str(stopper.to_json())


# ---------------------------------------------------------------- on the real curve


@pytest.fixture(scope="module")
def real_start() -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """An honest start on secp256k1 up to message 3 (the friend's hand opened): both sides saved, the texts."""
    from jaipur.fair import secp256k1

    a = FriendGame.invite("Ava", suite=secp256k1(), random=counter_random(900))
    b = FriendGame.accept(a.outgoing_text(), "Bo", suite=secp256k1(), random=counter_random(901))
    a.receive(b.outgoing_text())
    return a.to_json(), b.to_json(), [a.messages[0], b.messages[1], a.messages[2]]  # type: ignore[list-item]


def test_cheats_on_secp256k1_are_caught_on_arrival(real_start: Any) -> None:
    from jaipur.fair import secp256k1

    suite = secp256k1()
    saved_a, saved_b, (invite, answer, third) = real_start
    a = FriendGame.from_json(saved_a, suite)
    text = wire.to_text(wire.encode(suite, third))

    def fresh_friend() -> FriendGame:
        return FriendGame.from_json(saved_b, suite)

    assert third.opens is not None and third.opens.round == 1
    own = dict(third.opens.layers)
    # a layer of another place: opens a card never dealt
    b = fresh_friend()
    b.receive(signed(a, replace(third, opens=with_layers(third.opens, ((5, own[6]),), 1))))
    caught_on(b, suite, "friend-not-dealt", 3, "place 5")
    # a layer that is no point of the curve (an x with no y)
    x = next(x for x in range(2, 100) if not on_curve(x))
    b = fresh_friend()
    bad = x.to_bytes(32, "big") + b"\x00"
    b.receive(signed(a, replace(third, opens=with_layers(third.opens, ((6, bad),), 1))))
    caught_on(b, suite, "friend-bad-point", 3, "place 6", "not a point")
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
    assert b.invalid is None and b.number == 3
    # the friend's key of another place, for the inviter's hand: a forged key
    a2 = FriendGame.from_json({**saved_a, "messages": saved_a["messages"][:1]}, suite)
    assert answer.opens is not None
    keys = dict(answer.opens.layers)
    a2.receive(signed(b, replace(answer, opens=with_layers(answer.opens, ((1, keys[2]),), 1))))
    caught_on(a2, suite, "friend-forged-key", 2, "place 1")
    # an invitation whose deck holds a value that is no point, or one card twice
    deck = suite.group.unpack(invite.deck.packed, ITEMS)
    for k, value, code in ((3, x.to_bytes(32, "big") + b"\x00", "friend-bad-point"), (1, deck[0], "friend-duplicate")):
        changed = list(deck)
        changed[k] = value
        forged = signed(a, replace(invite, deck=replace(invite.deck, packed=suite.group.pack(changed))))
        with pytest.raises(Cheated) as cheat:
            FriendGame.accept(forged, "Bo", suite=suite)
        assert cheat.value.code == code and cheat.value.message.startswith("Message 1 from Ava: ")


def on_curve(x: int) -> bool:
    """Whether secp256k1 has a point with this x."""
    from jaipur.fair import secp256k1

    p = secp256k1().group.p
    rhs = (x ** 3 + 7) % p
    return pow(rhs, (p - 1) // 2, p) == 1


def caught_on(side: FriendGame, suite: Any, code: str, number: int, *words: str) -> None:
    """`caught`, for a side of another suite."""
    err = side.invalid
    assert isinstance(err, Cheated) and err.code == code, err
    assert side.invalid_at == number and err.message.startswith(f"Message {number} from {NAMES[1 - side.seat]}: ")
    for word in words:
        assert word in err.message, (word, err.message)
    back = FriendGame.from_json(side.to_json(), suite)
    assert back.status == "invalid" and back.invalid is not None and back.invalid.code == code


def test_a_message_that_skips_the_move_its_sender_owes_is_caught_on_arrival() -> None:
    """Messages alternate: a message without the move its sender must play would leave the other with nothing to
    send and the game stuck, its player told to wait. It is a move not played: caught."""
    d = Duel.begin(2)  # the inviter starts: message 3 must carry its first move
    a, b = d.sides
    d.deliver(move=False)
    assert a.move_due() and a.number == 2
    parts = finish(a._plan(None))  # its coin and layers, no move
    assert "coin" in parts and "move" not in parts
    b.receive(made_by_hand(a, parts))
    caught(b, "friend-no-move", 3, "does not play")
    # later in the round: a message with only the layers its sender owes
    d = Duel.begin(100, mode="single-round")

    def owes_layers(d: Duel) -> bool:
        probe = FriendGame.from_json(d.sides[d.receiver].to_json(), SUITE)
        probe.receive(d.texts[-1])
        return number_of(d) > 6 and probe.move_due() and bool(finish(probe._plan(None)))

    d.until(owes_layers)
    mover, victim = d.sides[d.receiver], d.sides[1 - d.receiver]
    mover.receive(d.texts[-1])
    parts = finish(mover._plan(None))
    assert set(parts) == {"opens"}
    victim.receive(made_by_hand(mover, parts))
    caught(victim, "friend-no-move", number_of(d) + 1, "does not play")


def test_a_move_that_ends_the_round_without_its_secret_is_caught_on_arrival() -> None:
    """The move that ends a round carries its sender's secret: without it the other would show its own first."""
    d = Duel.begin(41)
    d.until(lambda d: decode(d.sides[0], d.texts[-1]).secret is not None)
    sender, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(sender)
    assert m.move is not None and m.secret is not None
    victim.receive(signed(sender, replace(m, secret=None)))
    caught(victim, "friend-no-secret", number_of(d), "ends the round without showing its secret")
    assert victim.outgoing() is None or decode(victim, wire.to_text(victim.outgoing())).secret is None


def test_a_message_that_leaves_out_the_next_rounds_deal_is_caught_on_arrival() -> None:
    """Messages alternate: a reply to the round's end without the next round's deal leaves the other nothing to
    send, the game stuck. It is caught."""
    d = Duel.begin(41)
    d.until(lambda d: decode(d.sides[0], d.texts[-1]).secret is not None)
    d.deliver()  # the reply: the other's secret and the deal of round 2
    sender, victim = d.sides[1 - d.receiver], d.sides[d.receiver]
    m = sections(sender)
    assert m.secret is not None and m.deck is not None and m.deck.round == 2
    victim.receive(signed(sender, replace(m, deck=None, opens=None)))
    caught(victim, "friend-stalled", number_of(d), "the deal of round 2")
    # the friend's pass over the inviter's deal of round 2, left out of its reply that shows its secret
    d = Duel.begin(3)
    d.until(lambda d: d.receiver == 0 and decode(d.sides[0], d.texts[-1]).deck is not None and number_of(d) > 2)
    friend, inviter = d.sides[1], d.sides[0]
    m = sections(friend)
    assert m.secret is not None and m.deck is not None and m.deck.round == 2 and m.opens is not None
    inviter.receive(signed(friend, replace(m, deck=None, opens=None)))
    caught(inviter, "friend-stalled", number_of(d), "the deal of round 2")


class AliasedDeck(FriendGame):
    """A friend whose shuffle puts the inviter's first hand card at the top of the deck as well (its own key for
    each: all its elements differ). Without a proof of each shuffle the inviter cannot see this when it is dealt."""

    def _my_keys(self, r: int) -> InviterKeys | FriendKeys:
        keys = super()._my_keys(r)
        assert isinstance(keys, FriendKeys)
        source = list(keys.source)
        source[12] = source[0]
        return FriendKeys(source, keys.keys)


@pytest.mark.parametrize("seed", [36, 38])  # the friend draws the aliased place; the inviter does
def test_a_deck_place_aliased_to_the_inviters_hand_is_caught_when_the_friend_opens_it(seed: int) -> None:
    """What the protocol cannot prevent (its docstring says so), and what it then does: the friend may learn one
    card of the inviter's hand when the inviter draws the aliased place (the inviter's layer opens it to the
    friend first); the game is caught when the friend's own layer for that place reaches the inviter — in the
    friend's next message — so a cheater who goes on is caught, and one who stops leaves a game that stopped."""
    d = Duel.begin(seed, mode="single-round", kinds=(FriendGame, AliasedDeck))
    a, b = d.sides
    d.until(lambda d: a.invalid is not None)
    sent_12 = next(n for n, text in enumerate(d.texts) if decode(a, text).sender == 1 and 12 in dict(
        (decode(a, text).opens or wire.Opens(1, ())).layers))
    err = caught(a, "friend-duplicate", sent_12 + 1, "already opened elsewhere")
    assert err.values["card"] == CARD_LETTERS[a.rounds[1].opened[0]]  # the inviter's first card, seen twice
    if 12 in b.rounds[1].opened:  # the inviter drew it: its layer showed the friend that card first
        assert seed == 38 and b.rounds[1].opened[12] == a.rounds[1].opened[0]


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
