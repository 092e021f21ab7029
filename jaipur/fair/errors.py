"""A friend game's problems: a link refused (nothing changes) or a cheat caught (the game is not valid).

Each carries a code (`friend-…`, a catalogue key of `jaipur/lang`), an English sentence and the values the
catalogue's template needs (the message's number, a card, a round …), so the page words it in any language.
"""

from __future__ import annotations

from typing import Any

from ..errors import JaipurError


class FairError(JaipurError):
    """A problem of a friend game: `code` names it, `values` fill its sentence in other languages."""

    code = "friend"

    def __init__(self, message: str, code: str | None = None, **values: Any) -> None:
        super().__init__(message, code)
        self.values = values


class Refused(FairError):
    """A link that cannot be taken: malformed, for another game, already opened, out of order, or unsigned.

    Nothing of the game changes; the player is told why in a sentence.
    """

    code = "friend-refused"


class Cheated(FairError):
    """A message signed by the other player that breaks the protocol or the rules: the game is not valid.

    `number` is the message that was wrong (its place in the game, from 1); the sentence says what was wrong.
    """

    code = "friend-cheat"
