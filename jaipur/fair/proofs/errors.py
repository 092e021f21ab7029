"""A proof that does not hold: a `Cheated` with a named code and a sentence a player understands.

Codes: `proof-key` (a key's proof of ownership), `proof-share` (a decryption share), `proof-rekey` (a deck
turned to the joint key), `proof-shuffle` (a shuffle), `proof-malformed` (bytes that are not a proof: wrong
length, a point outside the group, a scalar out of range).
"""

from __future__ import annotations

from typing import Any

from ..errors import Cheated

SENTENCES = {
    "proof-key": "The other player's key does not come with a valid proof that they own it.",
    "proof-share": "A card was opened with a share that is not the other player's: it does not match their key.",
    "proof-rekey": "The deck was not correctly moved to both players' joint key.",
    "proof-shuffle": "The shuffled deck is not a re-masked reordering of the deck it came from.",
    "proof-malformed": "A proof could not be read: its bytes are damaged or not a proof at all.",
}
"""The player's sentence for each code."""


class ProofFailed(Cheated):
    """A proof in a message that does not hold, or cannot be read: the game is not valid."""

    code = "proof"

    def __init__(self, code: str, detail: str = "", **values: Any) -> None:
        sentence = SENTENCES.get(code, "A proof does not hold.")
        super().__init__(sentence + (f" ({detail})" if detail else ""), code, **values)
        self.detail = detail
