"""Making this side's next message: what it owes (its shares of the places the other may now see, its dealt
camels, a round's shuffle when it is this side's to make), and its move on its turn; signed, then taken like
any message so this side's state is derived the same way as the other's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import ORDER
from ..notation import Move, parse_move
from ..position import PLAYING
from . import dealing, table, wire
from .derive import coin
from .items import HANDS
from .ledger import Ledger
from .proofs.elgamal import Ciphertext
from .proofs.pace import Steps
from .side import COIN_SECRET, ROUNDS
from .table import Round
from .taking import Taking


class Sending(Taking):
    """Making messages (see the module's docstring)."""

    def _send(self, move: str | None = None, invite: wire.Invite | None = None, answer: wire.Answer | None = None,
              parts: dict[str, Any] | None = None) -> Steps[wire.Message]:
        """Make this side's next message (what it owes, and its move), sign it, take it, keep it."""
        if parts is None:
            parts = yield from self._plan(move, invite is not None or answer is not None)
        m = wire.Message(self.game, self.number, self.chain.last_digest(), invite=invite, answer=answer, **parts)
        content = wire.content_of(self.suite, m)
        m = replace(m, content=content, signature=self._signer.sign(content))
        yield from self._take(m, mine=True, trusted=True)
        self.chain.append(m)
        return m

    def _plan(self, move: str | None, opening: bool = False) -> Steps[dict[str, Any]]:
        """The sections this side's next message must carry (`opening`: the invitation or the answer)."""
        parts: dict[str, Any] = {}
        n = self.number
        if self.seat == 0 and n == 2:
            parts["coin"] = coin(self._secret(COIN_SECRET), self.game)
        if opening and self.seat == 0:
            return parts
        rd = self._live()
        led = rd.ledger.clone() if rd is not None and rd.ledger is not None else None
        if rd is not None and led is not None and self._start(rd.number) is not None:
            p = self._proxy(rd, led)
            assert p is not None
            if p.status == PLAYING:
                if led.camels_due(self.seat):
                    led.show_camels(self.seat, self._my_camels(rd, led))
                if move is not None:
                    m = parse_move(move)
                    places = self._places_for(rd, led, m)
                    led.play(self.seat, m, places, table.letters(rd))
                    parts["move"] = wire.MoveSection(rd.number, str(m), tuple(places))
                    after = self._proxy(rd, led)
                    if after is not None and after.status != PLAYING:
                        led.close()
            owed = led.owed(self.seat)
            if owed:
                parts["opens"] = yield from self._shares(rd, owed, rd.deck2)
            for place in owed:
                led.sent[self.seat].add(place)
        latest = max(self.rounds) if self.rounds else 0
        if self.seat == 1 and (n == 1 or latest and latest + 1 not in self.rounds and self._would_continue(latest, led)):
            r = 1 if n == 1 else latest + 1
            parts["shuffle"], _ = yield from self._shuffle(r, None)
        elif self.seat == 0 and latest and self.rounds[latest].deck2 is None:
            rd = self.rounds[latest]
            parts["shuffle"], deck = yield from self._shuffle(latest, rd)
            parts["opens"] = yield from self._shares(rd, Ledger().owed(self.seat), deck)
        return parts

    def _would_continue(self, r: int, led: Ledger | None) -> bool:
        """Whether round r + 1 is to be dealt once this side's message (whose ledger of round r is `led`) is
        taken: round r settled and the match not over."""
        rd = self.rounds[r]
        if rd.result is None:
            if led is None or rd.ledger is None or not led.settled():
                return False
            p = self._proxy(rd, led)
            if p is None or p.result is None:
                return False
            res = p.result
        else:
            res = rd.result
        return (self.mode == "standard" and r < ROUNDS and res["match_winner"] is None
                and res["next_starter"] is not None)

    def _my_camels(self, rd: Round, led: Ledger) -> list[int]:
        letter = table.letters(rd)
        return [p for p in HANDS[self.seat] if p in led.hidden_hand(self.seat) and letter(p) == "M"]

    def _places_for(self, rd: Round, led: Ledger, move: Move) -> list[int]:
        """The hidden hand places a sale or an exchange must name: those the other has not seen, used only
        after the ones it has, chosen at random among the hidden places holding each good (so the places left
        unnamed say nothing of what they hold)."""
        if move.kind == "sell":
            goods = move.good * move.count
        elif move.kind == "exchange":
            goods = move.given.replace("M", "")
        else:
            return []
        letter = table.letters(rd)
        hidden = led.hidden_hand(self.seat)
        seen = [p for p in led.hands[self.seat] if p not in hidden]
        named: list[int] = []
        for good in sorted(set(goods), key=ORDER.index):
            need = goods.count(good) - sum(1 for p in seen if letter(p) == good)
            holding = [p for p in hidden if letter(p) == good]
            named += self._sample(holding, max(0, need))
        return sorted(named)

    def _sample(self, places: list[int], k: int) -> list[int]:
        """k of `places` chosen uniformly at random from this side's random source (Fisher–Yates)."""
        pool = list(places)
        for i in range(min(k, len(pool))):
            span = len(pool) - i
            j = i + int.from_bytes(self._random(8), "big") % span
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def _shuffle(self, r: int, rd: Round | None) -> Steps[tuple[wire.Shuffle, list[Ciphertext]]]:
        """This side's proven shuffle of round r: the friend's of the public deck, the inviter's of the friend's."""
        assert self.joint is not None
        if rd is None:
            points = yield from self._item_points()
            deck = dealing.starting_deck(self.pg, self.joint, points)
        else:
            deck = rd.deck1
        out, data, proof = yield from dealing.shuffle_steps(self.pg, self.joint, deck, self.game, r, self.seat,
                                                             self._random, self._pacer())
        return wire.Shuffle(r, data, proof), out

    def _shares(self, rd: Round, places: list[int], deck: list[Ciphertext] | None) -> Steps[wire.Opens]:
        """This side's shares for places of a round, with their proof (the message's number binds it)."""
        assert deck is not None
        shares, proof = yield from dealing.make_shares(self.pg, self._dealing_key(), [deck[p] for p in places],
                                                       self.game, rd.number, self.number, self._random,
                                                       self._pacer())
        return wire.Opens(rd.number, tuple(places), shares, proof)
