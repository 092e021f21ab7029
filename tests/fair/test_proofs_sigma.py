"""ElGamal, Schnorr key proofs, Chaum–Pedersen shares and the re-key proof: honest proofs hold, cheats are
refused with their code, and a proof made for one context holds in no other."""

from __future__ import annotations

from dataclasses import replace

import pytest

from jaipur.fair.errors import Cheated
from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import shuffle as sh
from jaipur.fair.proofs import sigma
from jaipur.fair.proofs.errors import ProofFailed
from jaipur.fair.proofs.group import ProofGroup, secp256k1_group
from jaipur.fair.proofs.pace import finish
from jaipur.fair.proofs.transcript import Context

from .toy import counter_random
from .toy_proofs import ToyProofGroup

CTX = Context(b"game-id-0001", 1, "open-hand")
OTHER_CONTEXTS = [replace(CTX, game=b"game-id-0002"), replace(CTX, round=2), replace(CTX, step="open-market")]


@pytest.fixture(params=["toy", "secp256k1"])
def group(request: pytest.FixtureRequest) -> ProofGroup:
    return ToyProofGroup() if request.param == "toy" else secp256k1_group()


def deck(group: ProofGroup, key: object, n: int, seed: int = 1) -> list[eg.Ciphertext]:
    rnd = counter_random(seed)
    return [eg.remask_fresh(group, key, eg.encrypt(group, key, group.hash_to_element(b"item %d" % i), i + 1), rnd)[0]
            for i in range(n)]


def test_elgamal_opens_with_both_shares_only(group: ProofGroup) -> None:
    a, b = eg.KeyPair.make(group, counter_random(1)), eg.KeyPair.make(group, counter_random(2))
    h = eg.joint_key(group, [a.public, b.public])
    item = group.hash_to_element(b"diamond 1")
    c = eg.remask(group, h, eg.encrypt(group, h, item, 5), 9)
    assert group.equal(eg.open_with(group, c, [eg.share(group, a.secret, c), eg.share(group, b.secret, c)]), item)
    assert not group.equal(eg.open_with(group, c, [eg.share(group, a.secret, c)]), item)
    data = eg.write_ciphertexts(group, [c])
    assert len(data) == eg.ciphertext_size(group) and eg.write_ciphertexts(group, eg.read_ciphertexts(group, data, 1)) == data


def test_rekey_turns_a_deck_under_one_key_into_one_under_both(group: ProofGroup) -> None:
    a, b = eg.KeyPair.make(group, counter_random(3)), eg.KeyPair.make(group, counter_random(4))
    items = [group.hash_to_element(b"item %d" % i) for i in range(4)]
    under_a = [eg.encrypt(group, a.public, m, i + 2) for i, m in enumerate(items)]
    out, proof = sigma.prove_rekey(group, b, under_a, CTX, counter_random(5))
    sigma.check_rekey(group, b.public, under_a, out, sigma.SigmaProof.from_bytes(group, proof.to_bytes(group)), CTX)
    for c, m in zip(out, items):
        opened = eg.open_with(group, c, [eg.share(group, a.secret, c), eg.share(group, b.secret, c)])
        assert group.equal(opened, m)


# ---------------------------------------------------------------- Schnorr


def test_a_key_proof_holds_and_only_for_its_key_and_context(group: ProofGroup) -> None:
    key = eg.KeyPair.make(group, counter_random(6))
    other = eg.KeyPair.make(group, counter_random(7))
    proof = sigma.prove_key(group, key, CTX, 0, counter_random(8))
    sigma.check_key(group, key.public, sigma.SigmaProof.from_bytes(group, proof.to_bytes(group)), CTX, 0)
    with pytest.raises(ProofFailed) as caught:
        sigma.check_key(group, other.public, proof, CTX, 0)
    assert caught.value.code == "proof-key" and isinstance(caught.value, Cheated)
    for ctx in OTHER_CONTEXTS:
        with pytest.raises(ProofFailed, match="proof that they own it"):
            sigma.check_key(group, key.public, proof, ctx, 0)


def test_a_key_proof_is_its_seats_own(group: ProofGroup) -> None:
    """The friend sending the inviter's key and proof back as its own (joint key 2·pk_A, whose secret the inviter
    alone knows) is refused: the proof names seat 0, and the joint key refuses the same key twice."""
    a = eg.KeyPair.make(group, counter_random(30))
    proof = sigma.prove_key(group, a, CTX, 0, counter_random(31))
    sigma.check_key(group, a.public, proof, CTX, 0)
    with pytest.raises(ProofFailed) as caught:
        sigma.check_key(group, a.public, proof, CTX, 1)
    assert caught.value.code == "proof-key"
    with pytest.raises(ProofFailed) as caught:
        eg.joint_key(group, [a.public, a.public])
    assert caught.value.code == "proof-key"
    with pytest.raises(ValueError):
        sigma.prove_key(group, a, CTX, 2, counter_random(32))


def test_the_neutral_element_is_no_key(group: ProofGroup) -> None:
    """With pk or H the neutral element (secret 0), the provers' own proofs hold with no secret at all: each check
    refuses that key with its own code, and the joint key refuses a neutral key or a neutral sum."""
    zero = group.identity
    nobody = eg.KeyPair(0, zero)
    places = deck(group, group.generator, 2)
    key_proof = sigma.prove_key(group, nobody, CTX, 0, counter_random(33))
    shares, share_proof = sigma.prove_shares(group, nobody, places, CTX, counter_random(34))
    rekeyed, rekey_proof = sigma.prove_rekey(group, nobody, places, CTX, counter_random(35))
    done = sh.shuffle(group, zero, places, counter_random(36))
    shuffle_proof = sh.prove_shuffle(group, zero, places, done, CTX, counter_random(37))
    cases = {"proof-key": lambda: sigma.check_key(group, zero, key_proof, CTX, 0),
             "proof-share": lambda: sigma.check_shares(group, zero, places, shares, share_proof, CTX),
             "proof-rekey": lambda: sigma.check_rekey(group, zero, places, rekeyed, rekey_proof, CTX),
             "proof-shuffle": lambda: sh.check_shuffle(group, zero, places, done.out, shuffle_proof, CTX)}
    for code, check in cases.items():
        with pytest.raises(ProofFailed) as caught:
            check()
        assert caught.value.code == code
    a = eg.KeyPair.make(group, counter_random(38))
    for publics in ([a.public, zero], [zero, a.public], [a.public, group.neg(a.public)]):
        with pytest.raises(ProofFailed) as caught:
            eg.joint_key(group, publics)
        assert caught.value.code == "proof-key"


def test_a_key_proof_without_the_secret_fails(group: ProofGroup) -> None:
    """A maker who does not know sk (here: the response of a proof for another key) is refused."""
    key, other = eg.KeyPair.make(group, counter_random(9)), eg.KeyPair.make(group, counter_random(10))
    borrowed = sigma.prove_key(group, other, CTX, 0, counter_random(11))
    for forged in (borrowed, replace(borrowed, response=(borrowed.response + 1) % group.order),
                   replace(borrowed, challenge=0), sigma.SigmaProof(0, 0)):
        with pytest.raises(ProofFailed):
            sigma.check_key(group, key.public, forged, CTX, 0)


# ---------------------------------------------------------------- Chaum–Pedersen shares


def test_shares_hold_and_open_the_places(group: ProofGroup) -> None:
    a, b = eg.KeyPair.make(group, counter_random(12)), eg.KeyPair.make(group, counter_random(13))
    h = eg.joint_key(group, [a.public, b.public])
    places = deck(group, h, 5)
    for n in (1, 5):
        shares, proof = sigma.prove_shares(group, a, places[:n], CTX, counter_random(14))
        sigma.check_shares(group, a.public, places[:n], shares, proof, CTX)


@pytest.mark.parametrize("n", [1, 5])
def test_a_wrong_share_is_refused(group: ProofGroup, n: int) -> None:
    a, b = eg.KeyPair.make(group, counter_random(15)), eg.KeyPair.make(group, counter_random(16))
    h = eg.joint_key(group, [a.public, b.public])
    places = deck(group, h, n + 1)[:n + 1]
    shares, proof = sigma.prove_shares(group, a, places[:n], CTX, counter_random(17))
    wrongs = [
        eg.share(group, b.secret, places[n - 1]),                   # the other key's share
        eg.share(group, a.secret, places[n]),                       # the share of another place
        group.add(shares[n - 1], group.generator),                  # shifted
        group.mul(shares[n - 1], 2),                                # a multiple
        group.hash_to_element(b"any point"),
    ]
    for wrong in wrongs:
        bad = shares[:n - 1] + [wrong]
        with pytest.raises(ProofFailed) as caught:
            sigma.check_shares(group, a.public, places[:n], bad, proof, CTX)
        assert caught.value.code == "proof-share"
        # nor does a proof made honestly over the wrong share (the prover's own algorithm, lying)
        lying = finish(sigma._dleq_prove(group, b"chaum-pedersen-shares", a, [c.c1 for c in places[:n]], bad,
                                         CTX, counter_random(18)))
        with pytest.raises(ProofFailed):
            sigma.check_shares(group, a.public, places[:n], bad, lying, CTX)


def test_a_share_proof_is_not_reused(group: ProofGroup) -> None:
    a = eg.KeyPair.make(group, counter_random(19))
    places = deck(group, a.public, 3)
    shares, proof = sigma.prove_shares(group, a, places[:2], CTX, counter_random(20))
    for ctx in OTHER_CONTEXTS:
        with pytest.raises(ProofFailed):
            sigma.check_shares(group, a.public, places[:2], shares, proof, ctx)
    with pytest.raises(ProofFailed):   # another place's share, its own proof moved over
        sigma.check_shares(group, a.public, [places[2], places[1]], [eg.share(group, a.secret, places[2]), shares[1]],
                           proof, CTX)
    with pytest.raises(ProofFailed):   # the places swapped with their shares: another statement
        sigma.check_shares(group, a.public, places[1::-1], shares[::-1], proof, CTX)
    with pytest.raises(ProofFailed):   # shares and places of different lengths
        sigma.check_shares(group, a.public, places[:2], shares[:1], proof, CTX)


# ---------------------------------------------------------------- re-key


def test_a_wrong_rekey_is_refused(group: ProofGroup) -> None:
    a, b, c = (eg.KeyPair.make(group, counter_random(s)) for s in (21, 22, 23))
    under_a = deck(group, a.public, 4)
    out, proof = sigma.prove_rekey(group, b, under_a, CTX, counter_random(24))
    cheats = [
        [eg.rekey(group, c.secret, x) for x in under_a],                          # another key
        out[:3] + [eg.Ciphertext(out[3].c1, group.add(out[3].c2, group.generator))],  # a card changed
        out[:3] + [eg.remask(group, a.public, out[3], 5)],                         # a place re-masked (C1 moved)
        [out[1], out[0]] + out[2:],                                                # two places swapped
    ]
    for cheat in cheats:
        with pytest.raises(ProofFailed) as caught:
            sigma.check_rekey(group, b.public, under_a, cheat, proof, CTX)
        assert caught.value.code == "proof-rekey"
    for ctx in OTHER_CONTEXTS:
        with pytest.raises(ProofFailed):
            sigma.check_rekey(group, b.public, under_a, out, proof, ctx)


# ---------------------------------------------------------------- bytes


def test_sigma_bytes_are_checked(group: ProofGroup) -> None:
    size = sigma.sigma_size(group)
    assert size == 2 * group.scalar_size
    for data in (b"", bytes(size - 1), bytes(size + 1), group.order.to_bytes(group.scalar_size, "big") + bytes(
            group.scalar_size), b"\xff" * size):
        with pytest.raises(ProofFailed) as caught:
            sigma.SigmaProof.from_bytes(group, data)
        assert caught.value.code == "proof-malformed"


def test_a_point_outside_the_group_is_refused_on_read(group: ProofGroup) -> None:
    size = 2 * group.element_size
    if isinstance(group, ToyProofGroup):
        outside = [(2).to_bytes(8, "big") * 2,     # 2 is not a square modulo the toy prime: not in the group
                   (1).to_bytes(8, "big") * 2,     # the neutral element
                   (0).to_bytes(8, "big") * 2, b"\xff" * 16]
    else:
        x = 5
        while pow((x ** 3 + 7) % group._base.p, (group._base.p - 1) // 2, group._base.p) == 1:  # type: ignore[attr-defined]
            x += 1
        outside = [x.to_bytes(32, "big") + b"\x00" + group.encode(group.generator),      # x off the curve
                   group.encode(group.generator)[:32] + b"\x02" + group.encode(group.generator),  # a bad parity byte
                   b"\xff" * size, bytes(size)]
    for data in outside:
        with pytest.raises(ProofFailed) as caught:
            eg.read_ciphertexts(group, data, 1)
        assert caught.value.code == "proof-malformed"
    with pytest.raises(ProofFailed):
        eg.read_ciphertexts(group, bytes(size - 1), 1)


# ---------------------------------------------------------------- nonces


def stuck(size: int) -> bytes:
    """A broken random source: always the same bytes."""
    return bytes(size)


def test_a_stuck_random_source_does_not_reveal_the_secret(group: ProofGroup) -> None:
    """Two proofs of the same key with the same random bytes but other statements: with nonces drawn from the
    source alone, sk = (z₁ − z₂)/(e₁ − e₂); hedged on the statement and the secret, the nonces differ."""
    a = eg.KeyPair.make(group, counter_random(40))
    q, g = group.order, group.generator

    def nonce_point(proof: sigma.SigmaProof) -> object:   # w·G = z·G − e·pk
        return group.msm([g, a.public], [proof.response, q - proof.challenge])

    proofs = [sigma.prove_key(group, a, CTX, 0, stuck), sigma.prove_key(group, a, OTHER_CONTEXTS[0], 0, stuck)]
    places = deck(group, a.public, 2)
    proofs += [sigma.prove_shares(group, a, places[:1], CTX, stuck)[1],
               sigma.prove_shares(group, a, places[1:], CTX, stuck)[1]]
    for one, two in (proofs[:2], proofs[2:]):
        assert not group.equal(nonce_point(one), nonce_point(two))
        guess = (one.response - two.response) * pow(one.challenge - two.challenge, -1, q) % q
        assert guess != a.secret
    assert sigma.prove_key(group, a, CTX, 0, stuck) == proofs[0]              # deterministic for one statement
    again = sigma.prove_key(group, a, CTX, 0, counter_random(41))
    assert again == sigma.prove_key(group, a, CTX, 0, counter_random(41)) != proofs[0]
