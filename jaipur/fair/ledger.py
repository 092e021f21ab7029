"""Where each card and bonus token of one round is, who may see it, and which shares each player has sent.

Both players keep the same ledger: it changes only by the events every message spells out (a player's dealt
camels shown, a move with the hidden places it uses), never by what one side alone knows. Cards are followed
by their place in the deal (0–51, see `jaipur.fair.items`) and the three camels placed before the deal by
`FIXED_CAMELS`. A place's `seen` bits say which seats the rules let see it (1: seat 0, 2: seat 1): a hand's
cards its owner, the market, the discard pile and the herds both, a bonus token its taker until the round's
end, then both. A place some seat may see but whose share the other seat has not sent yet is *owed* to it.

Which copy of a card a move uses is fixed by rule so both sides agree: the first such card in the market; from
a hand, the cards the other seat has already seen first (the public memory: a sale or an exchange never tells
the other player more than `known` does), then the hidden places the move names; camels given from a herd
are its last ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..cards import MARKET_SIZE
from ..notation import Move
from .items import BONUS_PILES, DECK_TOP, FIXED_CAMELS, GROUPS, HANDS, MARKET_PLACES

BOTH = 3
Letters = Callable[[int], str | None]
"""What one side knows of a place's card letter (None: not known to it)."""


class LedgerError(ValueError):
    """A move or an event that does not fit the ledger; `code` names it for the sentence."""

    def __init__(self, message: str, code: str, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


def bit(seat: int) -> int:
    """The `seen` bit of a seat."""
    return 1 << seat


@dataclass
class Ledger:
    """The items of one round: their places on the table, who may see them, the shares sent, the moves."""

    market: list[int] = field(default_factory=lambda: [*FIXED_CAMELS, *MARKET_PLACES])
    hands: tuple[list[int], list[int]] = field(default_factory=lambda: (list(HANDS[0]), list(HANDS[1])))
    herds: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    discard: list[int] = field(default_factory=list)
    deck_next: int = DECK_TOP
    bonus_next: list[int] = field(default_factory=lambda: [pile.start for pile in BONUS_PILES])
    bonus_taken: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    seen: dict[int, int] = field(default_factory=lambda: {
        **{p: bit(0) for p in HANDS[0]}, **{p: bit(1) for p in HANDS[1]}, **{p: BOTH for p in MARKET_PLACES}})
    sent: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    camels_shown: list[bool] = field(default_factory=lambda: [False, False])
    dealt_camels: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    """The places each seat showed as the camels of its dealt hand."""
    moves: list[tuple[int, str, tuple[int, ...]]] = field(default_factory=list)
    """(seat, move in notation, hidden places it used), in order."""
    closed: bool = False
    """The round is over (`close`)."""

    def clone(self) -> Ledger:
        """An independent copy (to try a message before making it)."""
        return Ledger(list(self.market), (list(self.hands[0]), list(self.hands[1])),
                      (list(self.herds[0]), list(self.herds[1])), list(self.discard), self.deck_next,
                      list(self.bonus_next), (list(self.bonus_taken[0]), list(self.bonus_taken[1])), dict(self.seen),
                      (set(self.sent[0]), set(self.sent[1])), list(self.camels_shown),
                      (list(self.dealt_camels[0]), list(self.dealt_camels[1])), list(self.moves), self.closed)

    # ------------------------------------------------------------ what is owed

    def owed(self, sender: int) -> list[int]:
        """The places the other seat may see whose share `sender` has not sent yet, in order."""
        other = bit(1 - sender)
        return sorted(p for p, bits in self.seen.items() if bits & other and p not in self.sent[sender])

    def hand_known(self, seat: int) -> bool:
        """Whether `seat` has been sent every share of its dealt hand (so it knows its cards)."""
        return all(p in self.sent[1 - seat] for p in HANDS[seat])

    def camels_due(self, seat: int) -> bool:
        """Whether `seat`'s next message must show its dealt camels (R6): it knows its hand and has not yet."""
        return self.hand_known(seat) and not self.camels_shown[seat]

    def hidden_hand(self, seat: int) -> list[int]:
        """The places of `seat`'s hand the other seat has not seen."""
        return [p for p in self.hands[seat] if self.seen.get(p, BOTH) == bit(seat)]

    def pending(self, seat: int) -> list[int]:
        """Places `seat` may see but whose card it does not know yet: the other seat's share is still owed."""
        mine = bit(seat)
        return sorted(p for p, bits in self.seen.items() if bits & mine and p not in self.sent[1 - seat])

    def settled(self) -> bool:
        """Whether the round is closed and each seat has sent every share the other may see (the scores known)."""
        return self.closed and not self.owed(0) and not self.owed(1)

    # ------------------------------------------------------------ events

    def close(self) -> None:
        """The round is over: the bonus tokens taken are shown to both (they are scored); nothing else is."""
        for seat in (0, 1):
            for place in self.bonus_taken[seat]:
                self.seen[place] = BOTH
        self.closed = True

    def show_camels(self, seat: int, places: Sequence[int]) -> None:
        """`seat` shows the camels of its dealt hand: they go to its herd, face up (R6)."""
        if not self.camels_due(seat):
            raise LedgerError("Camels were shown when none were due.", "friend-camels-late")
        for p in places:
            if p not in HANDS[seat] or p not in self.hands[seat]:
                raise LedgerError("A card shown as a dealt camel was not dealt to that player.", "friend-camels-place",
                                  place=p)
            self.hands[seat].remove(p)
            self.herds[seat].append(p)
            self.dealt_camels[seat].append(p)
            self.seen[p] = BOTH
        self.camels_shown[seat] = True

    def play(self, seat: int, move: Move, places: Sequence[int], letter: Letters) -> None:
        """Move the items of `seat`'s move; `places` are the hidden hand places it names, `letter` what this
        side knows of each place (every card the move uses is known to both sides by now)."""
        named = list(places)
        if move.kind == "take":
            self._to_hand(seat, self._from_market(move.good, letter))
            self._refill()
        elif move.kind == "camels":
            camels = [ref for ref in self.market if letter(ref) == "M"]
            for ref in camels:
                self.market.remove(ref)
                self.herds[seat].append(ref)
            self._refill()
        elif move.kind == "exchange":
            taken = [self._from_market(g, letter) for g in move.taken]
            given_hand = self._from_hand(seat, move.given.replace("M", ""), named, letter)
            count = move.given.count("M")
            if count > len(self.herds[seat]):
                raise LedgerError("The exchange gives more camels than the herd holds.", "friend-move-herd")
            given_herd = self.herds[seat][len(self.herds[seat]) - count:]
            del self.herds[seat][len(self.herds[seat]) - count:]
            for ref in taken:
                self._to_hand(seat, ref)
            for ref in given_hand + given_herd:
                self.market.append(ref)
                if ref not in FIXED_CAMELS:
                    self.seen[ref] = BOTH
        elif move.kind == "sell":
            sold = self._from_hand(seat, move.good * move.count, named, letter)
            for ref in sold:
                self.discard.append(ref)
                self.seen[ref] = BOTH
            if move.count >= 3:
                k = min(move.count, 5) - 3
                if self.bonus_next[k] < BONUS_PILES[k].stop:
                    place = self.bonus_next[k]
                    self.bonus_next[k] += 1
                    self.bonus_taken[seat].append(place)
                    self.seen[place] = bit(seat)
        if named:
            raise LedgerError("The move names hidden cards it does not use.", "friend-move-extra", places=named)
        self.moves.append((seat, str(move), tuple(places)))

    def _from_market(self, good: str, letter: Letters) -> int:
        for ref in self.market:
            if letter(ref) == good:
                self.market.remove(ref)
                return ref
        raise LedgerError(f"The market holds no {good} to take.", "friend-move-market", good=good)

    def _to_hand(self, seat: int, ref: int) -> None:
        self.hands[seat].append(ref)

    def _from_hand(self, seat: int, goods: str, named: list[int], letter: Letters) -> list[int]:
        """The hand items of `goods` (letters): seen ones first (hand order), then named hidden places."""
        used: list[int] = []
        hidden = set(self.hidden_hand(seat))
        for good in goods:
            ref = next((r for r in self.hands[seat] if r not in hidden and r not in used and letter(r) == good), None)
            if ref is None:
                ref = next((p for p in named if letter(p) == good), None)
                if ref is None:
                    raise LedgerError(f"The move uses a {good} that was not shown.", "friend-move-card", good=good)
                if ref not in hidden:
                    raise LedgerError("The move names a card that is not hidden in the player's hand.",
                                      "friend-move-place", place=ref)
                named.remove(ref)
            used.append(ref)
        for ref in used:
            self.hands[seat].remove(ref)
        return used

    def _refill(self) -> None:
        """R10: the deck's places, in order, fill the market back to five (fewer when the deck runs out, R22)."""
        while len(self.market) < MARKET_SIZE and self.deck_next < GROUPS[0].stop:
            place = self.deck_next
            self.deck_next += 1
            self.market.append(place)
            self.seen[place] = BOTH
