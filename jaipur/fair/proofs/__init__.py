"""Zero-knowledge proofs for a Barnett–Smart deal (groundwork for issue 49; not yet used by `FriendGame`).

Modules by job: `transcript` (Fiat–Shamir, bound to a `Context`), `group` (the additive group interface and
secp256k1), `msm` (multi-scalar multiplication), `elgamal` (keys, encryption, re-masking, shares), `sigma`
(Schnorr key ownership, Chaum–Pedersen shares and re-keying), `shuffle` (the Terelius–Wikström shuffle
argument), `codec` (fixed-size bytes, checked on read), `pace` (stepped forms of the long ones for the page),
`errors` (`ProofFailed`, a `Cheated` with a code).
Every check either returns None or raises `ProofFailed`. See docs/fair-play-proofs.md.

Nothing here is imported at page boot: the page fetches the curve code only when a friend game starts.
"""

from .errors import ProofFailed
from .transcript import Context

__all__ = ["Context", "ProofFailed"]
