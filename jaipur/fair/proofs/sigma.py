"""Sigma proofs made non-interactive by the transcript: key ownership, decryption shares, re-keying.

- Schnorr (1991): knowledge of sk behind pk = sk·G, bound to the prover's seat (a key proof sent back as
  the other's own does not hold).
- Chaum–Pedersen (1992): log_G pk = log_X Y, i.e. a share Y = sk·C1 was made with the sk behind pk. Many
  shares (or a re-keyed deck) are proven at once by one proof on random combinations Σρᵢ·Xᵢ, Σρᵢ·Yᵢ whose
  weights ρᵢ come from the transcript after every Xᵢ, Yᵢ is in it (a single wrong share survives with
  probability 1/order).

Nonces are hedged on the transcript so far and the secret (`Transcript.hedged`).

Each proof is sent in its short form, the challenge e and the response z (two scalars): the checker
recomputes the commitments (z·G − e·pk, z·X − e·Y) and the challenge, and compares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..suite import Element
from .codec import Reader, Writer
from .elgamal import Ciphertext, KeyPair, rekey, share
from .errors import ProofFailed
from .group import DEFAULT_RANDOM, ProofGroup, Random, random_scalar, refuse_neutral, sub
from .pace import NEVER, Pacer, Steps, finish
from .transcript import Context, Transcript


@dataclass(frozen=True)
class SigmaProof:
    """A Schnorr or Chaum–Pedersen proof in short form: challenge and response."""

    challenge: int
    response: int

    def to_bytes(self, group: ProofGroup) -> bytes:
        """Two scalars (64 bytes on secp256k1)."""
        w = Writer(group)
        w.scalars([self.challenge, self.response])
        return w.done()

    @classmethod
    def from_bytes(cls, group: ProofGroup, data: bytes) -> SigmaProof:
        """Read `to_bytes`' form; `proof-malformed` when it is not one."""
        r = Reader(group, data, sigma_size(group))
        proof = cls(r.scalar(), r.scalar())
        r.done()
        return proof


def sigma_size(group: ProofGroup) -> int:
    """Bytes of a `SigmaProof`."""
    return 2 * group.scalar_size


def _secret(group: ProofGroup, secret: int) -> bytes:
    """A secret scalar as the bytes its nonces are hedged on."""
    return (secret % group.order).to_bytes(group.scalar_size, "big")


# ---------------------------------------------------------------- Schnorr: key ownership


def key_context(context: Context, seat: int) -> Context:
    """The context of seat 0's (the inviter's) or seat 1's (the friend's) key proof: its step names the seat."""
    if seat not in (0, 1):
        raise ValueError("a seat is 0 (the inviter) or 1 (the friend)")
    return replace(context, step=f"{context.step}/seat-{seat}")


def _key_transcript(group: ProofGroup, public: Element, context: Context, seat: int) -> Transcript:
    t = Transcript.start(b"schnorr-key", group, key_context(context, seat))
    t.element(b"pk", group, public)
    return t


def prove_key(group: ProofGroup, key: KeyPair, context: Context, seat: int,
              random: Random = DEFAULT_RANDOM) -> SigmaProof:
    """A proof that the player in `seat` knows the secret of `key.public` (valid for that seat only)."""
    t = _key_transcript(group, key.public, context, seat)
    w = random_scalar(group, t.hedged(_secret(group, key.secret), random))
    t.element(b"A", group, group.mul(group.generator, w))
    e = t.challenge(b"e")
    return SigmaProof(e, (w + e * key.secret) % group.order)


def check_key(group: ProofGroup, public: Element, proof: SigmaProof, context: Context, seat: int) -> None:
    """Refuse (`proof-key`) unless the proof shows the player in `seat` knows the secret behind `public` here."""
    refuse_neutral(group, public, "proof-key")
    e, z = proof.challenge, proof.response
    t = _key_transcript(group, public, context, seat)
    t.element(b"A", group, group.msm([group.generator, public], [z, group.order - e]))
    if t.challenge(b"e") != e:
        raise ProofFailed("proof-key")


# ---------------------------------------------------------------- Chaum–Pedersen: equal logarithms


def _dleq_transcript(group: ProofGroup, protocol: bytes, public: Element, bases: Sequence[Element],
                     images: Sequence[Element], context: Context,
                     pacer: Pacer) -> Steps[tuple[Transcript, Element, Element]]:
    """The transcript after the statement, and the combined base and image Σρᵢ·Xᵢ, Σρᵢ·Yᵢ."""
    t = Transcript.start(protocol, group, context)
    t.element(b"pk", group, public)
    yield from t.elements_steps(b"X", group, bases, pacer)
    yield from t.elements_steps(b"Y", group, images, pacer)
    if len(bases) == 1:
        return t, bases[0], images[0]
    weights = t.challenges(b"rho", len(bases))
    base = yield from group.msm_steps(bases, weights, pacer)
    image = yield from group.msm_steps(images, weights, pacer)
    return t, base, image


def _dleq_prove(group: ProofGroup, protocol: bytes, key: KeyPair, bases: Sequence[Element],
                images: Sequence[Element], context: Context, random: Random,
                pacer: Pacer = NEVER) -> Steps[SigmaProof]:
    t, base, _ = yield from _dleq_transcript(group, protocol, key.public, bases, images, context, pacer)
    w = random_scalar(group, t.hedged(_secret(group, key.secret), random))
    t.element(b"A1", group, group.mul(group.generator, w))
    yield from pacer.pause()
    t.element(b"A2", group, group.mul(base, w))
    e = t.challenge(b"e")
    return SigmaProof(e, (w + e * key.secret) % group.order)


def _dleq_holds(group: ProofGroup, protocol: bytes, public: Element, bases: Sequence[Element],
                images: Sequence[Element], proof: SigmaProof, context: Context, pacer: Pacer = NEVER) -> Steps[bool]:
    if not bases or len(bases) != len(images):
        return False
    t, base, image = yield from _dleq_transcript(group, protocol, public, bases, images, context, pacer)
    e, z = proof.challenge, proof.response
    minus_e = (group.order - e) % group.order
    t.element(b"A1", group, (yield from group.msm_steps([group.generator, public], [z, minus_e], pacer)))
    t.element(b"A2", group, (yield from group.msm_steps([base, image], [z, minus_e], pacer)))
    return t.challenge(b"e") == e


def prove_shares(group: ProofGroup, key: KeyPair, deck: Sequence[Ciphertext], context: Context,
                 random: Random = DEFAULT_RANDOM) -> tuple[list[Element], SigmaProof]:
    """The player's decryption shares sk·C1 of these places, and one proof that all were made with its key."""
    return finish(prove_shares_steps(group, key, deck, context, random, NEVER))


def prove_shares_steps(group: ProofGroup, key: KeyPair, deck: Sequence[Ciphertext], context: Context,
                       random: Random, pacer: Pacer) -> Steps[tuple[list[Element], SigmaProof]]:
    """`prove_shares`, yielding when `pacer` says."""
    shares = []
    for c in deck:
        shares.append(share(group, key.secret, c))
        yield from pacer.pause()
    proof = yield from _dleq_prove(group, b"chaum-pedersen-shares", key, [c.c1 for c in deck], shares, context,
                                   random, pacer)
    return shares, proof


def check_shares(group: ProofGroup, public: Element, deck: Sequence[Ciphertext], shares: Sequence[Element],
                 proof: SigmaProof, context: Context) -> None:
    """Refuse (`proof-share`) unless every share is sk·C1 of its place for the sk behind `public`."""
    finish(check_shares_steps(group, public, deck, shares, proof, context, NEVER))


def check_shares_steps(group: ProofGroup, public: Element, deck: Sequence[Ciphertext], shares: Sequence[Element],
                       proof: SigmaProof, context: Context, pacer: Pacer) -> Steps[None]:
    """`check_shares`, yielding when `pacer` says."""
    refuse_neutral(group, public, "proof-share")
    if not (yield from _dleq_holds(group, b"chaum-pedersen-shares", public, [c.c1 for c in deck], shares, proof,
                                   context, pacer)):
        raise ProofFailed("proof-share")


# ---------------------------------------------------------------- re-keying: from pk_A to pk_A + pk_B


def prove_rekey(group: ProofGroup, key: KeyPair, deck: Sequence[Ciphertext], context: Context,
                random: Random = DEFAULT_RANDOM) -> tuple[list[Ciphertext], SigmaProof]:
    """The deck under (its key + `key.public`): (C1, C2 + sk·C1) each, with one proof that sk is `key`'s."""
    return finish(prove_rekey_steps(group, key, deck, context, random, NEVER))


def prove_rekey_steps(group: ProofGroup, key: KeyPair, deck: Sequence[Ciphertext], context: Context,
                      random: Random, pacer: Pacer) -> Steps[tuple[list[Ciphertext], SigmaProof]]:
    """`prove_rekey`, yielding when `pacer` says."""
    out = []
    for c in deck:
        out.append(rekey(group, key.secret, c))
        yield from pacer.pause()
    proof = yield from _dleq_prove(group, b"chaum-pedersen-rekey", key, [c.c1 for c in deck],
                                   [sub(group, n.c2, c.c2) for n, c in zip(out, deck)], context, random, pacer)
    return out, proof


def check_rekey(group: ProofGroup, public: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                proof: SigmaProof, context: Context) -> None:
    """Refuse (`proof-rekey`) unless `out` is `deck` re-keyed with the secret behind `public`, place by place."""
    finish(check_rekey_steps(group, public, deck, out, proof, context, NEVER))


def check_rekey_steps(group: ProofGroup, public: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                      proof: SigmaProof, context: Context, pacer: Pacer) -> Steps[None]:
    """`check_rekey`, yielding when `pacer` says."""
    refuse_neutral(group, public, "proof-rekey")
    if len(deck) != len(out) or not all(group.equal(n.c1, c.c1) for n, c in zip(out, deck)):
        raise ProofFailed("proof-rekey", "the places do not match")
    if not (yield from _dleq_holds(group, b"chaum-pedersen-rekey", public, [c.c1 for c in deck],
                                   [sub(group, n.c2, c.c2) for n, c in zip(out, deck)], proof, context, pacer)):
        raise ProofFailed("proof-rekey")
