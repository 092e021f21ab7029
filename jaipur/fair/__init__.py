"""Fair play between two friends with no server: the round's cards dealt together by proven mental poker.

Every card and bonus token is encrypted under both players' keys together; each player shuffles the deal and
proves it, and a card opens only by the other's proven share, when the rules show it (Barnett–Smart, with a
Terelius–Wikström shuffle argument: docs/fair-play.md). Every proof is checked when its message arrives, so a
page changed to cheat is refused at the message that tries; a round's end shows only the bonus tokens taken.
Messages travel as links (long ones in parts) or lines of text in a terminal; `FriendGame` is one player's side.

    >>> from jaipur.fair import FriendGame
    >>> ava = FriendGame.invite("Ava")                 # the invitation: ava.outgoing_text()
    >>> bo = FriendGame.accept(ava.outgoing_text(), "Bo")
    >>> ava.receive(bo.outgoing_text())                # ... and so on, each side's outgoing to the other
    >>> bo.receive(ava.outgoing_text())
    >>> (bo.view() is not None, ava.seat, bo.seat)
    (True, 0, 1)

The group is secp256k1 through the `ecdsa` package (an optional dependency: pip install 'jaipur[friend]').
"""

from .errors import Cheated, FairError, Refused
from .game import FORMAT, STATUSES, FriendGame, clean_name, finish
from .suite import Suite, secp256k1

__all__ = ["Cheated", "FairError", "FORMAT", "FriendGame", "Refused", "STATUSES", "Suite", "clean_name", "finish",
           "secp256k1"]
