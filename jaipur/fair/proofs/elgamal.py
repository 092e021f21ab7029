"""ElGamal on the group, as Barnett–Smart deal cards with it: every place a ciphertext under a joint key.

A player's key is a scalar sk with public key pk = sk·G; two players' joint key is H = pk_A + pk_B. A card
(an item point M) encrypted with randomness r is (C1, C2) = (r·G, M + r·H). Re-masking adds a fresh
encryption of nothing: (C1 + s·G, C2 + s·H). Each player's decryption share is sk·C1; the item is
C2 − share_A − share_B, so a place opens only when both shares are known to the one who opens it.

>>> from jaipur.fair.proofs.group import secp256k1_group
>>> g = secp256k1_group()
>>> a, b = KeyPair.make(g), KeyPair.make(g)
>>> h = joint_key(g, [a.public, b.public])
>>> m = g.hash_to_element(b"a card")
>>> c = remask(g, h, encrypt(g, h, m, 7), 11)
>>> g.equal(open_with(g, c, [share(g, a.secret, c), share(g, b.secret, c)]), m)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..suite import Element
from .codec import Reader, Writer
from .errors import ProofFailed
from .group import DEFAULT_RANDOM, ProofGroup, Random, random_scalar, refuse_neutral, sub


@dataclass(frozen=True)
class Ciphertext:
    """An ElGamal ciphertext (C1, C2) = (r·G, M + r·H)."""

    c1: Element
    c2: Element


@dataclass(frozen=True)
class KeyPair:
    """A player's ElGamal key: the secret scalar and its public point sk·G."""

    secret: int
    public: Element

    @classmethod
    def make(cls, group: ProofGroup, random: Random = DEFAULT_RANDOM) -> KeyPair:
        """A fresh key pair."""
        return cls.from_secret(group, random_scalar(group, random))

    @classmethod
    def from_secret(cls, group: ProofGroup, secret: int) -> KeyPair:
        """The key pair of a known nonzero secret."""
        if not 0 < secret < group.order:
            raise ValueError("a secret key is a nonzero scalar below the order")
        return cls(secret, group.mul(group.generator, secret))


def joint_key(group: ProofGroup, publics: Sequence[Element]) -> Element:
    """H = the sum of the players' public keys; `proof-key` for a neutral key, a key sent twice or a neutral sum."""
    total = group.identity
    for i, pk in enumerate(publics):
        refuse_neutral(group, pk, "proof-key")
        if any(group.equal(pk, other) for other in publics[:i]):
            raise ProofFailed("proof-key", "the other player's key is this player's own")
        total = group.add(total, pk)
    refuse_neutral(group, total, "proof-key")
    return total


def encrypt(group: ProofGroup, key: Element, item: Element, randomness: int) -> Ciphertext:
    """(r·G, M + r·H) with the given randomness (public randomness for a round's starting deck)."""
    return Ciphertext(group.mul(group.generator, randomness), group.add(item, group.mul(key, randomness)))


def remask(group: ProofGroup, key: Element, c: Ciphertext, randomness: int) -> Ciphertext:
    """The same item under fresh randomness: c + (s·G, s·H)."""
    return Ciphertext(group.add(c.c1, group.mul(group.generator, randomness)),
                      group.add(c.c2, group.mul(key, randomness)))


def remask_fresh(group: ProofGroup, key: Element, c: Ciphertext,
                 random: Random = DEFAULT_RANDOM) -> tuple[Ciphertext, int]:
    """`remask` with fresh randomness from `random`; also returns the randomness."""
    s = random_scalar(group, random)
    return remask(group, key, c, s), s


def share(group: ProofGroup, secret: int, c: Ciphertext) -> Element:
    """A player's decryption share of a ciphertext: sk·C1."""
    return group.mul(c.c1, secret)


def open_with(group: ProofGroup, c: Ciphertext, shares: Sequence[Element]) -> Element:
    """The item: C2 minus every player's share."""
    item = c.c2
    for s in shares:
        item = sub(group, item, s)
    return item


def rekey(group: ProofGroup, secret: int, c: Ciphertext) -> Ciphertext:
    """A ciphertext under pk_A turned into one under pk_A + sk·G by the holder of sk: (C1, C2 + sk·C1)."""
    return Ciphertext(c.c1, group.add(c.c2, group.mul(c.c1, secret)))


def ciphertext_size(group: ProofGroup) -> int:
    """Bytes of one encoded ciphertext."""
    return 2 * group.element_size


def write_ciphertexts(group: ProofGroup, deck: Sequence[Ciphertext]) -> bytes:
    """A deck as bytes: C1 then C2 of each place, in order."""
    w = Writer(group)
    for c in deck:
        w.element(c.c1)
        w.element(c.c2)
    return w.done()


def read_ciphertexts(group: ProofGroup, data: bytes, count: int) -> list[Ciphertext]:
    """`count` ciphertexts from `write_ciphertexts`' bytes, every point checked (`proof-malformed` if not)."""
    r = Reader(group, data, count * ciphertext_size(group))
    deck = [Ciphertext(r.element(), r.element()) for _ in range(count)]
    r.done()
    return deck
