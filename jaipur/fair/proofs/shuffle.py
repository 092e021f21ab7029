"""A zero-knowledge argument that a deck is a re-masked reordering of another (Terelius–Wikström).

The prover shuffles a deck of n ElGamal ciphertexts e under key H into e' with eᵢ' = e_ψ(i) + (rᵢ'·G, rᵢ'·H)
and proves it knows ψ and the rᵢ', revealing neither. This follows the pseudo-code of Haenni, Locher,
Koenig and Dubuis, "Pseudo-code algorithms for verifiable re-encryption mix-nets" (FC 2017 workshops),
Algorithms GenPermutationCommitment, GenCommitmentChain, GenProof and CheckProof, written additively:

1. Commit to the permutation matrix: c_ψ(i) = r_ψ(i)·G + hᵢ, with generators h₀, h₁, …, hₙ hashed to the
   group (nobody knows a relation between them or with G).
2. Challenges uᵢ from the transcript (everything so far); uᵢ' = u_ψ(i).
3. A commitment chain ĉᵢ = r̂ᵢ·G + uᵢ'·ĉᵢ₋₁ from ĉ₀ = h₀: it ends at r̂·G + (∏uᵢ)·h₀, which shows the uᵢ'
   are the uᵢ reordered.
4. One sigma proof of the five linear relations (Σc = r̄·G + Σh; the chain's end; Σuⱼcⱼ = r̃·G + Σuᵢ'hᵢ;
   Σuᵢ'eᵢ' = Σuᵢeᵢ + an encryption of nothing; each chain link), its responses sᵢ' shared by all of them.

Sent in short form: the commitments c and ĉ, the challenge and the responses (2n points, 2n + 5 scalars);
the checker recomputes the sigma commitments and compares the challenge.
The prover's random scalars are hedged on the context, key, input deck, ψ and r' (`Transcript.hedged`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..suite import Element
from .codec import Reader, Writer
from .elgamal import Ciphertext, remask
from .errors import ProofFailed
from .group import DEFAULT_RANDOM, ProofGroup, Random, random_permutation, random_scalar, refuse_neutral, sub
from .pace import NEVER, Pacer, Steps, finish
from .transcript import Context, Transcript

PROTOCOL = b"shuffle-terelius-wikstrom"


@dataclass(frozen=True)
class Shuffled:
    """A shuffle's result and its secrets: out[i] = deck[permutation[i]] re-masked with randomness[i]."""

    out: list[Ciphertext]
    permutation: list[int]
    randomness: list[int]


@dataclass(frozen=True)
class ShuffleProof:
    """The argument in short form: the permutation commitment, the chain, the challenge, the responses."""

    commitments: list[Element]
    chain: list[Element]
    challenge: int
    s1: int
    s2: int
    s3: int
    s4: int
    s_hat: list[int]
    s_prime: list[int]

    def to_bytes(self, group: ProofGroup) -> bytes:
        """2n elements then 2n + 5 scalars (`shuffle_size(group, n)` bytes)."""
        w = Writer(group)
        w.elements(self.commitments)
        w.elements(self.chain)
        w.scalars([self.challenge, self.s1, self.s2, self.s3, self.s4])
        w.scalars(self.s_hat)
        w.scalars(self.s_prime)
        return w.done()

    @classmethod
    def from_bytes(cls, group: ProofGroup, data: bytes, n: int) -> ShuffleProof:
        """The argument for a deck of n places; `proof-malformed` unless the bytes are exactly one."""
        r = Reader(group, data, shuffle_size(group, n))
        commitments, chain = r.elements(n), r.elements(n)
        challenge, s1, s2, s3, s4 = r.scalars(5)
        proof = cls(commitments, chain, challenge, s1, s2, s3, s4, r.scalars(n), r.scalars(n))
        r.done()
        return proof


def shuffle_size(group: ProofGroup, n: int) -> int:
    """Bytes of the argument for n places."""
    return 2 * n * group.element_size + (2 * n + 5) * group.scalar_size


_GENERATORS: dict[tuple[bytes, int], list[Element]] = {}


def generators(group: ProofGroup, n: int) -> list[Element]:
    """h₀ (the chain's start) and h₁ … hₙ: independent elements hashed from public labels (kept once made)."""
    made = _GENERATORS.setdefault((group.name, group.order), [])
    while len(made) <= n:
        made.append(group.hash_to_element(b"jaipur-fair/proofs/1|shuffle generator|" + str(len(made)).encode()))
    return made[:n + 1]


def shuffle(group: ProofGroup, key: Element, deck: Sequence[Ciphertext],
            random: Random = DEFAULT_RANDOM) -> Shuffled:
    """The deck in a fresh random order, every place re-masked under `key`."""
    return finish(shuffle_steps(group, key, deck, random, NEVER))


def shuffle_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], random: Random,
                  pacer: Pacer) -> Steps[Shuffled]:
    """`shuffle`, yielding when `pacer` says."""
    perm = random_permutation(len(deck), random)
    rand = [random_scalar(group, random) for _ in deck]
    out = []
    for i in range(len(deck)):
        out.append(remask(group, key, deck[perm[i]], rand[i]))
        yield from pacer.pause()
    return Shuffled(out, perm, rand)


def _statement(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
               commitments: Sequence[Element], context: Context) -> tuple[Transcript, list[int]]:
    """The transcript after the statement and the permutation commitment, and the challenges uᵢ."""
    return finish(_statement_steps(group, key, deck, out, commitments, context, NEVER))


def _statement_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                     commitments: Sequence[Element], context: Context,
                     pacer: Pacer) -> Steps[tuple[Transcript, list[int]]]:
    """`_statement`, yielding when `pacer` says."""
    t = Transcript.start(PROTOCOL, group, context)
    t.element(b"key", group, key)
    t.integer(b"n", len(deck))
    yield from t.elements_steps(b"in", group, [p for c in deck for p in (c.c1, c.c2)], pacer)
    yield from t.elements_steps(b"out", group, [p for c in out for p in (c.c1, c.c2)], pacer)
    yield from t.elements_steps(b"commitments", group, commitments, pacer)
    return t, t.challenges(b"u", len(deck))


def _challenge(group: ProofGroup, t: Transcript, chain: Sequence[Element], t1: Element, t2: Element,
               t3: Element, t41: Element, t42: Element, t_hat: Sequence[Element]) -> int:
    t.elements(b"chain", group, chain)
    t.elements(b"t", group, [t1, t2, t3, t41, t42])
    t.elements(b"t-hat", group, t_hat)
    return t.challenge(b"c")


def prove_shuffle(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], shuffled: Shuffled,
                  context: Context, random: Random = DEFAULT_RANDOM) -> ShuffleProof:
    """The argument that `shuffled.out` is `deck` permuted and re-masked under `key` (GenProof)."""
    return finish(prove_shuffle_steps(group, key, deck, shuffled, context, random, NEVER))


def prove_shuffle_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], shuffled: Shuffled,
                        context: Context, random: Random, pacer: Pacer) -> Steps[ShuffleProof]:
    """`prove_shuffle`, yielding when `pacer` says."""
    out, psi, rand = shuffled.out, shuffled.permutation, shuffled.randomness
    if not (len(out) == len(psi) == len(rand) == len(deck)) or sorted(psi) != list(range(len(deck))):
        raise ValueError("a shuffle of another deck")
    return (yield from _argument(group, key, deck, out, psi, rand, context, random, pacer))


def _argument(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
              psi: Sequence[int], rand: Sequence[int], context: Context, random: Random,
              pacer: Pacer = NEVER) -> Steps[ShuffleProof]:
    """GenProof itself, trusting its inputs (tests call it with a mapping that is no permutation)."""
    q, g_, n = group.order, group.generator, len(deck)
    h = generators(group, n)
    hedge = Transcript.start(PROTOCOL + b"/nonces", group, context)   # nonces hedged on the statement and secrets
    hedge.element(b"key", group, key)
    hedge.elements(b"in", group, [p for c in deck for p in (c.c1, c.c2)])   # with ψ and r', it fixes the output
    random = hedge.hedged(b"".join(i.to_bytes(4, "big") for i in psi)
                          + b"".join((s % q).to_bytes(group.scalar_size, "big") for s in rand), random)
    yield from pacer.pause()
    r = [random_scalar(group, random) for _ in range(n)]
    commitments = []
    for rj in r:
        commitments.append(group.mul(g_, rj))
        yield from pacer.pause()
    for i in range(n):  # GenPermutationCommitment: c_ψ(i) = r_ψ(i)·G + hᵢ
        commitments[psi[i]] = group.add(commitments[psi[i]], h[i + 1])
    t, u = yield from _statement_steps(group, key, deck, out, commitments, context, pacer)
    yield from pacer.pause()
    u_prime = [u[psi[i]] for i in range(n)]
    r_hat = [random_scalar(group, random) for _ in range(n)]
    chain: list[Element] = []
    previous = h[0]
    for i in range(n):  # GenCommitmentChain
        previous = yield from group.msm_steps([g_, previous], [r_hat[i], u_prime[i]], pacer)
        chain.append(previous)
    r_bar = sum(r) % q
    v = [1] * n  # v[i] = u'[i+1] · … · u'[n-1]
    for i in range(n - 2, -1, -1):
        v[i] = u_prime[i + 1] * v[i + 1] % q
    r_hat_sum = sum(a * b for a, b in zip(r_hat, v)) % q
    r_tilde = sum(a * b for a, b in zip(r, u)) % q
    r_prime = sum(a * b for a, b in zip(rand, u_prime)) % q
    w1, w2, w3, w4 = (random_scalar(group, random) for _ in range(4))
    w_hat = [random_scalar(group, random) for _ in range(n)]
    w_prime = [random_scalar(group, random) for _ in range(n)]
    t1 = group.mul(g_, w1)
    t2 = group.mul(g_, w2)
    t3 = yield from group.msm_steps([g_] + h[1:], [w3] + w_prime, pacer)
    t41 = yield from group.msm_steps([key] + [c.c2 for c in out], [q - w4] + w_prime, pacer)
    t42 = yield from group.msm_steps([g_] + [c.c1 for c in out], [q - w4] + w_prime, pacer)
    links = [h[0]] + chain[:-1]
    t_hat = []
    for i in range(n):
        t_hat.append((yield from group.msm_steps([g_, links[i]], [w_hat[i], w_prime[i]], pacer)))
    c = _challenge(group, t, chain, t1, t2, t3, t41, t42, t_hat)
    return ShuffleProof(commitments, chain, c, (w1 + c * r_bar) % q, (w2 + c * r_hat_sum) % q,
                        (w3 + c * r_tilde) % q, (w4 + c * r_prime) % q,
                        [(w_hat[i] + c * r_hat[i]) % q for i in range(n)],
                        [(w_prime[i] + c * u_prime[i]) % q for i in range(n)])


def check_shuffle(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                  proof: ShuffleProof, context: Context) -> None:
    """Refuse (`proof-shuffle`) unless the argument shows `out` is `deck` permuted and re-masked (CheckProof)."""
    finish(check_shuffle_steps(group, key, deck, out, proof, context, NEVER))


def check_shuffle_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                        proof: ShuffleProof, context: Context, pacer: Pacer) -> Steps[None]:
    """`check_shuffle`, yielding when `pacer` says."""
    refuse_neutral(group, key, "proof-shuffle")
    q, g_, n = group.order, group.generator, len(deck)
    if n == 0 or len(out) != n or len(proof.commitments) != n or len(proof.chain) != n \
            or len(proof.s_hat) != n or len(proof.s_prime) != n:
        raise ProofFailed("proof-shuffle", "the decks or the argument have the wrong size")
    h = generators(group, n)
    t, u = yield from _statement_steps(group, key, deck, out, proof.commitments, context, pacer)
    yield from pacer.pause()
    c, s_prime = proof.challenge, proof.s_prime
    minus_c = (q - c) % q
    c_bar = group.identity
    for cj, hi in zip(proof.commitments, h[1:]):
        c_bar = group.add(c_bar, sub(group, cj, hi))
    u_product = 1
    for ui in u:
        u_product = u_product * ui % q
    c_hat = sub(group, proof.chain[-1], group.mul(h[0], u_product))
    cu = [minus_c * ui % q for ui in u]
    t1 = yield from group.msm_steps([g_, c_bar], [proof.s1, minus_c], pacer)
    t2 = yield from group.msm_steps([g_, c_hat], [proof.s2, minus_c], pacer)
    t3 = yield from group.msm_steps([g_] + h[1:] + list(proof.commitments), [proof.s3] + list(s_prime) + cu, pacer)
    t41 = yield from group.msm_steps([key] + [e.c2 for e in out] + [e.c2 for e in deck],
                                     [q - proof.s4] + list(s_prime) + cu, pacer)
    t42 = yield from group.msm_steps([g_] + [e.c1 for e in out] + [e.c1 for e in deck],
                                     [q - proof.s4] + list(s_prime) + cu, pacer)
    links = [h[0]] + list(proof.chain[:-1])
    t_hat = []
    for i in range(n):
        t_hat.append((yield from group.msm_steps([g_, links[i], proof.chain[i]],
                                                 [proof.s_hat[i], s_prime[i], minus_c], pacer)))
    if _challenge(group, t, proof.chain, t1, t2, t3, t41, t42, t_hat) != c:
        raise ProofFailed("proof-shuffle")
