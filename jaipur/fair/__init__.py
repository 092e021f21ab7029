"""Fair play between two friends with no server: the round's cards dealt together by commutative encryption.

An honest page never holds the other's hidden cards, the deck order or the other's bonus values before the
rules show them; each checks every card it is shown on arrival and the whole round at its end, so a page
changed to cheat is caught, at the latest when the round ends (see `jaipur.fair.game` for exactly what is
guaranteed). Messages travel as links (or lines of text in a terminal); `FriendGame` is one player's side.

    >>> from jaipur.fair import FriendGame
    >>> ava = FriendGame.invite("Ava")                 # the invitation: ava.outgoing_text()
    >>> bo = FriendGame.accept(ava.outgoing_text(), "Bo")
    >>> ava.receive(bo.outgoing_text())                # ... and so on, each side's outgoing to the other
    >>> (ava.view() is not None, ava.seat, bo.seat)
    (True, 0, 1)

The group is secp256k1 through the `ecdsa` package (an optional dependency: pip install 'jaipur[friend]').
"""

from .errors import Cheated, FairError, Refused
from .game import FORMAT, STATUSES, FriendGame, clean_name, finish
from .suite import Suite, secp256k1

__all__ = ["Cheated", "FairError", "FORMAT", "FriendGame", "Refused", "STATUSES", "Suite", "clean_name", "finish",
           "secp256k1"]
