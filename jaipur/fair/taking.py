"""Taking a message: apply it to what this side holds and check all of it on arrival — its parts, every proof
(the dealing keys, the shuffles, the shares), the shares owed, the dealt camels, the move — so that a message
breaking the protocol, a proof or the rules is refused as a cheat at that message, naming it.

The order within a message: the shares of a round being played (they open the cards its move uses), the
dealt camels, the move, the scoring of a round now settled, a shuffle, the shares of a round it deals.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadMoveError
from ..notation import parse_move
from ..position import PLAYING
from ..rules import check
from . import dealing, table, wire
from .derive import commitment
from .errors import Cheated
from .items import HANDS, group_of, item_name
from .ledger import Ledger, LedgerError, bit
from .names import clean_name
from .proofs.elgamal import Ciphertext, joint_key
from .proofs.errors import ProofFailed
from .proofs.group import read_element
from .proofs.pace import Steps
from .side import SideState
from .suite import Element
from .table import Round


class Taking(SideState):
    """Applying and checking messages (see the module's docstring)."""

    def _cheat(self, m: wire.Message, message: str, code: str, **values: Any) -> Cheated:
        who = self.names[m.sender] or ("the inviter" if m.sender == 0 else "the friend")
        return Cheated(f"Message {m.number + 1} from {who}: {message}", code, number=m.number + 1, name=who,
                       **values)

    def _proof(self, m: wire.Message, failed: ProofFailed) -> Cheated:
        """A proof that does not hold, as the game's refusal of the message that carried it."""
        return self._cheat(m, failed.message, failed.code, **failed.values)

    def _take(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        """Apply one message (this side's own or the other's) to the derived state; Cheated when it breaks the
        protocol, a proof or the rules."""
        try:
            yield from self._take_checked(m, mine, trusted)
        except ProofFailed as failed:
            raise self._proof(m, failed) from None

    def _take_checked(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        if (m.invite is not None) != (m.number == 0) or (m.answer is not None) != (m.number == 1) or (
                (m.coin is not None) != (m.number == 2)) or not any(
                (m.shuffle, m.opens, m.move, m.invite, m.answer, m.coin)):
            raise self._cheat(m, "its parts are not those of its place in the game.", "friend-structure")
        if m.invite is not None:
            self.mode, self.names[0], self.publics[0] = m.invite.mode, clean_name(m.invite.name), m.invite.public
            self.commitment = m.invite.commitment
            self.keys[0] = self._key_of(m, m.invite.key, m.invite.key_proof, trusted)
        if m.answer is not None:
            self.names[1], self.publics[1], self.coins[1] = clean_name(m.answer.name), m.answer.public, m.answer.coin
            self.keys[1] = self._key_of(m, m.answer.key, m.answer.key_proof, trusted)
            self.joint = joint_key(self.pg, [self.keys[0], self.keys[1]])
            if m.shuffle is None:
                raise self._cheat(m, "the answer deals no cards.", "friend-structure")
        if m.coin is not None:
            if commitment(self.game, m.coin) != self.commitment:
                raise self._cheat(m, "its coin is not the one its invitation promised.", "friend-coin")
            self.coins[0] = m.coin
            if m.shuffle is None:
                raise self._cheat(m, "it does not deal round 1.", "friend-structure")
        opens = m.opens
        early = opens is not None and opens.round in self.rounds and self.rounds[opens.round].ledger is not None
        if opens is not None and early:
            yield from self._open(m, opens, mine, trusted)
        self._camels(m)
        if m.move is not None:
            self._play(m)
        self._settle()
        if m.shuffle is not None:
            yield from self._take_shuffle(m, trusted)
        if opens is not None and not early:
            if opens.round not in self.rounds or self.rounds[opens.round].ledger is None:
                raise self._cheat(m, "it opens cards of a round not dealt.", "friend-structure")
            yield from self._open(m, opens, mine, trusted)
        self._check_owed(m)
        rd = self._live()
        if rd is not None and any(table.camels_kept(rd, seat) for seat in self._blind()):
            raise self._cheat(m, "a player kept a dealt camel hidden in the hand instead of the herd (R6): the "
                                 "cards seen leave no good for every card of that hand.", "friend-hidden-camel")
        self._settle()
        if not mine and self._moving(m.sender):  # messages alternate: its move cannot come later
            raise self._cheat(m, "it does not play the move its player owes.", "friend-no-move")
        due = self._shuffle_due(m.sender)
        if not mine and due:
            raise self._cheat(m, f"it leaves out what it owes (the deal of round {due}), so the game cannot go on.",
                              "friend-stalled", round=due)

    def _shuffle_due(self, seat: int) -> int:
        """The round whose shuffle `seat` owes now (0: none)."""
        latest = max(self.rounds) if self.rounds else 0
        if not latest:
            return 0
        if seat == 0:
            return latest if self.rounds[latest].deck2 is None else 0
        return latest + 1 if latest + 1 not in self.rounds and self._continues_after(latest) else 0

    def _key_of(self, m: wire.Message, key: bytes, proof: bytes, trusted: bool) -> Element:
        """A dealing key from a message: its Schnorr proof checked unless the message is this side's own."""
        if trusted:
            return read_element(self.pg, key)
        return dealing.check_key(self.pg, key, proof, self.game, m.sender)

    def _take_shuffle(self, m: wire.Message, trusted: bool) -> Steps[None]:
        """A shuffle of a round: the friend's first (of the public deck), then the inviter's (the deal)."""
        assert m.shuffle is not None
        r = m.shuffle.round
        if self.joint is None:
            raise self._cheat(m, "it deals before both keys are known.", "friend-structure")
        if m.sender == 1:
            first = m.number == 1 and r == 1
            later = r > 1 and r not in self.rounds and self._continues_after(r - 1)
            if not (first or later):
                raise self._cheat(m, f"it deals round {r} out of turn.", "friend-structure", round=r)
            points = yield from self._item_points()
            deck_in = dealing.starting_deck(self.pg, self.joint, points)
        else:
            rd = self.rounds.get(r)
            if rd is None or rd.deck2 is not None:
                raise self._cheat(m, f"it deals round {r} out of turn.", "friend-structure", round=r)
            deck_in = rd.deck1
        if trusted:
            out = yield from dealing.read_deck_steps(self.pg, m.shuffle.deck, self._pacer())
        else:
            out = yield from dealing.check_shuffle_steps(self.pg, self.joint, deck_in, m.shuffle.deck,
                                                         m.shuffle.proof, self.game, r, m.sender, self._pacer())
        if m.sender == 1:
            self.rounds[r] = Round(r, out, m.number)
        else:
            rd = self.rounds[r]
            rd.deck2, rd.deck2_at, rd.ledger = out, m.number, Ledger()

    def _open(self, m: wire.Message, opens: wire.Opens, mine: bool, trusted: bool) -> Steps[None]:
        """The sender's shares of some places: each checked by the proof; the places this side may now see
        opened with its own share."""
        rd = self.rounds[opens.round]
        led = rd.ledger
        assert led is not None and rd.deck2 is not None
        s = m.sender
        for place in opens.places:
            if place in led.sent[s]:
                raise self._cheat(m, f"it opens place {place} a second time.", "friend-open-twice", place=place)
        ciphers = [rd.deck2[p] for p in opens.places]
        shares: list[Element] | None = None
        if not trusted:
            key = self.keys[s]
            assert key is not None
            shares = yield from dealing.check_shares(self.pg, key, ciphers, opens.shares, opens.proof, self.game,
                                                     rd.number, m.number, self._pacer())
        for i, place in enumerate(opens.places):
            led.sent[s].add(place)
            if mine:
                continue
            item = self._memo.get((rd.number, place)) if trusted else None
            if item is None:
                share = shares[i] if shares is not None else read_element(self.pg, opens.shares[i])
                item = yield from self._reveal(rd, place, ciphers[i], s, share)
                if item is None:
                    continue
            if item < 0 or item not in group_of(place):
                raise self._cheat(m, f"it opens place {place} to a card that was never dealt there.",
                                  "friend-not-dealt", place=place)
            if item in rd.opened.values() and rd.opened.get(place) != item:
                raise self._cheat(m, f"it opens a {item_name(item)} that was already opened elsewhere: a card dealt "
                                     "twice.", "friend-duplicate", card=item_name(item))
            table.learn(rd, place, item)

    def _reveal(self, rd: Round, place: int, c: Ciphertext, sender: int, share: Element) -> Steps[int | None]:
        """The item the other's share opens at a place, with this side's own share (-1: none of the round's
        items, which proven shuffles and shares never give); None when it cannot be opened yet."""
        yield from self._item_points()
        assert self._table is not None
        item = dealing.open_place(self.pg, c, [share, dealing.own_share(self.pg, self._dealing_key(), c)],
                                  self._table)
        return -1 if item is None else item

    def _camels(self, m: wire.Message) -> None:
        """The sender's dealt camels, shown in its first message after it knows its hand (R6): the places it
        opens in its own hand that its move does not use."""
        s = m.sender
        rd = self._live()
        if rd is None or rd.ledger is None or not rd.ledger.camels_due(s):
            return
        named = set(m.move.places) if m.move is not None and m.move.round == rd.number else set()
        opened = set(m.opens.places) if m.opens is not None and m.opens.round == rd.number else set()
        hidden = set(rd.ledger.hidden_hand(s))
        places = sorted(p for p in opened if p in hidden and p in HANDS[s] and p not in named)
        letter = table.letters(rd)
        for p in places:
            if letter(p) != "M":
                raise self._cheat(m, f"it shows a dealt card as a camel, but it is a {letter(p)}.", "friend-camel",
                                  place=p)
        try:
            rd.ledger.show_camels(s, places)
        except LedgerError as err:
            raise self._cheat(m, str(err), err.code, **err.values) from None

    def _play(self, m: wire.Message) -> None:
        """A move: legal on the table as both sides know it (every card it uses was opened by now)."""
        assert m.move is not None
        mv = m.move
        rd = self.rounds.get(mv.round)
        if rd is None or rd.ledger is None or self._live() is not rd:
            raise self._cheat(m, "it plays in a round that is not being played.", "friend-structure")
        p = self._proxy(rd, rd.ledger)
        if p is None or p.status != PLAYING or p.to_move != m.sender:
            raise self._cheat(m, "it plays a move out of turn.", "friend-turn")
        try:
            move = parse_move(mv.move)
        except BadMoveError:
            raise self._cheat(m, f"“{mv.move}” is not a move.", "friend-bad-move", move=mv.move) from None
        if str(move) != mv.move:
            raise self._cheat(m, f"the move “{mv.move}” is not written as the notation writes it.", "friend-bad-move",
                              move=mv.move)
        err = check(p, move)
        if err is not None:
            raise self._cheat(m, f"its move {mv.move} is illegal: {err.message}", "friend-illegal", move=mv.move,
                              rule=err.code)
        try:
            rd.ledger.play(m.sender, move, mv.places, table.letters(rd))
        except LedgerError as err2:
            raise self._cheat(m, str(err2), err2.code, **err2.values) from None
        rd.move_at.append(m.number)
        after = self._proxy(rd, rd.ledger)
        if after is not None and after.status != PLAYING:
            rd.ledger.close()

    def _check_owed(self, m: wire.Message) -> None:
        """After a message its sender owes nothing: every share the other may now see was sent, no more."""
        s = m.sender
        for rd in self.rounds.values():
            led = rd.ledger
            if led is None:
                continue
            if m.opens is not None and m.opens.round == rd.number:
                for place in m.opens.places:
                    if not led.seen.get(place, 0) & bit(1 - s):
                        raise self._cheat(m, f"it opens place {place}, which the rules keep hidden from the other "
                                             "player.", "friend-over-open", place=place)
            missing = led.owed(s)
            if missing:
                raise self._cheat(m, f"it does not open place {missing[0]}, which the other player may now see.",
                                  "friend-under-open", place=missing[0])

    def _settle(self) -> None:
        """Score every round that is over and whose bonus tokens both players have shown: its last position as
        this side knows it (every scored thing opened) and its result."""
        for rd in self.rounds.values():
            led = rd.ledger
            if rd.final is None and led is not None and led.settled():
                p = self._proxy(rd, led)
                if p is not None:
                    rd.final, rd.result = p, p.result
