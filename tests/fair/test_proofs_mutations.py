"""Hypothesis over mutated proof bytes: any single byte of a proof, of the decks it is about or of a share,
changed to any other value, is refused with `ProofFailed` (malformed or not holding), never accepted and never
another exception. The decks and proofs are made once per module; each example changes one byte."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import shuffle as sh
from jaipur.fair.proofs import sigma
from jaipur.fair.proofs.errors import ProofFailed
from jaipur.fair.proofs.group import ProofGroup, read_element, secp256k1_group
from jaipur.fair.proofs.transcript import Context

from .toy import counter_random
from .toy_proofs import ToyProofGroup

CTX = Context(b"game-id-0001", 3, "mutations")
N = 4
Check = Callable[[bytes], None]


def flip(data: bytes, at: int, xor: int) -> bytes:
    """`data` with byte `at` xor'ed by a nonzero value."""
    at %= len(data)
    return data[:at] + bytes([data[at] ^ xor]) + data[at + 1:]


@cache
def made(name: str) -> dict[str, tuple[bytes, Check]]:
    """For each kind of proof: its honest bytes (proof and what it is about) and the check that reads them."""
    group: ProofGroup = ToyProofGroup() if name == "toy" else secp256k1_group()
    rnd = counter_random(5)
    a, b = eg.KeyPair.make(group, rnd), eg.KeyPair.make(group, rnd)
    key = eg.joint_key(group, [a.public, b.public])
    deck = [eg.encrypt(group, key, group.hash_to_element(b"item %d" % i), i + 1) for i in range(N)]
    done = sh.shuffle(group, key, deck, rnd)
    deck_bytes, out_bytes = eg.write_ciphertexts(group, deck), eg.write_ciphertexts(group, done.out)
    shuffle_proof = sh.prove_shuffle(group, key, deck, done, CTX, rnd).to_bytes(group)
    shares, share_proof = sigma.prove_shares(group, a, done.out[:2], CTX, rnd)
    share_bytes = b"".join(group.encode(s) for s in shares) + share_proof.to_bytes(group)
    key_bytes = group.encode(a.public) + sigma.prove_key(group, a, CTX, 0, rnd).to_bytes(group)
    es, ds = group.element_size, len(deck_bytes)

    def check_shuffle(data: bytes) -> None:
        sh.check_shuffle(group, key, eg.read_ciphertexts(group, data[:ds], N),
                         eg.read_ciphertexts(group, data[ds:2 * ds], N),
                         sh.ShuffleProof.from_bytes(group, data[2 * ds:], N), CTX)

    def check_shares(data: bytes) -> None:
        if len(data) != len(share_bytes):
            raise ProofFailed("proof-malformed")
        got = [read_element(group, data[i * es:(i + 1) * es]) for i in range(2)]
        sigma.check_shares(group, a.public, done.out[:2], got, sigma.SigmaProof.from_bytes(group, data[2 * es:]), CTX)

    def check_key(data: bytes) -> None:
        sigma.check_key(group, read_element(group, data[:es]), sigma.SigmaProof.from_bytes(group, data[es:]), CTX, 0)

    return {"shuffle": (deck_bytes + out_bytes + shuffle_proof, check_shuffle),
            "shares": (share_bytes, check_shares), "key": (key_bytes, check_key)}


def test_the_honest_bytes_are_accepted() -> None:
    for name in ("toy", "secp256k1"):
        for data, check in made(name).values():
            check(data)


def refused(name: str, kind: str, at: int, xor: int) -> None:
    data, check = made(name)[kind]
    try:
        check(flip(data, at, xor))
    except ProofFailed:
        return
    raise AssertionError(f"a changed byte {at % len(data)} of a {kind} proof was accepted")


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["shuffle", "shares", "key"]), at=st.integers(0, 10_000), xor=st.integers(1, 255))
def test_any_byte_changed_is_refused_toy(kind: str, at: int, xor: int) -> None:
    refused("toy", kind, at, xor)


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(["shuffle", "shares", "key"]), at=st.integers(0, 10_000), xor=st.integers(1, 255))
def test_any_byte_changed_is_refused_secp256k1(kind: str, at: int, xor: int) -> None:
    refused("secp256k1", kind, at, xor)


def test_every_byte_of_a_toy_shuffle_proof_changed_is_refused() -> None:
    """Exhaustively over positions (one xor each) for the toy group's shuffle: no position is unchecked."""
    data, _ = made("toy")["shuffle"]
    for at in range(len(data)):
        refused("toy", "shuffle", at, 0x01 if at % 2 else 0x80)
