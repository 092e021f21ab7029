"""The shuffle argument: an honest shuffle is accepted; a deck that is not a re-masked reordering of the one
received (a repeat, another card, a sum or multiple of cards, a wrong re-mask) is refused, even when the
cheater runs the prover's own algorithm on it; a proof holds only for its decks, key and context."""

from __future__ import annotations

from dataclasses import replace

import pytest

from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import shuffle as sh
from jaipur.fair.proofs.elgamal import Ciphertext
from jaipur.fair.proofs.errors import ProofFailed
from jaipur.fair.proofs.group import ProofGroup, random_scalar, secp256k1_group
from jaipur.fair.proofs.pace import Pacer, finish
from jaipur.fair.proofs.transcript import Context
from jaipur.fair.suite import Element

from .toy import counter_random
from .toy_proofs import ToyProofGroup

CTX = Context(b"game-id-0001", 1, "shuffle-inviter")
OTHER_CONTEXTS = [replace(CTX, game=b"game-id-0002"), replace(CTX, round=2), replace(CTX, step="shuffle-friend")]


@pytest.fixture(params=["toy", "secp256k1"])
def group(request: pytest.FixtureRequest) -> ProofGroup:
    return ToyProofGroup() if request.param == "toy" else secp256k1_group()


def setup(group: ProofGroup, n: int, seed: int = 1) -> tuple[Element, list[Ciphertext]]:
    """A joint key and a deck of n items, encrypted with public randomness then re-masked once."""
    a, b = eg.KeyPair.make(group, counter_random(seed)), eg.KeyPair.make(group, counter_random(seed + 1000))
    key = eg.joint_key(group, [a.public, b.public])
    rnd = counter_random(seed + 2000)
    items = [group.hash_to_element(b"item %d" % i) for i in range(n)]
    return key, [eg.remask_fresh(group, key, eg.encrypt(group, key, m, i + 1), rnd)[0] for i, m in enumerate(items)]


def add(group: ProofGroup, x: Ciphertext, y: Ciphertext) -> Ciphertext:
    return Ciphertext(group.add(x.c1, y.c1), group.add(x.c2, y.c2))


def times(group: ProofGroup, x: Ciphertext, k: int) -> Ciphertext:
    return Ciphertext(group.mul(x.c1, k), group.mul(x.c2, k))


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_an_honest_shuffle_is_accepted(group: ProofGroup, n: int) -> None:
    key, deck = setup(group, n)
    done = sh.shuffle(group, key, deck, counter_random(n))
    proof = sh.prove_shuffle(group, key, deck, done, CTX, counter_random(100 + n))
    data = proof.to_bytes(group)
    assert len(data) == sh.shuffle_size(group, n)
    sh.check_shuffle(group, key, deck, done.out, sh.ShuffleProof.from_bytes(group, data, n), CTX)
    assert sorted(done.permutation) == list(range(n))


def test_the_stepped_forms_make_and_check_the_same_proof(group: ProofGroup) -> None:
    """Stepped (yielding at every chance) or not, the same seeded randomness gives the same bytes."""
    key, deck = setup(group, 4)
    done = sh.shuffle(group, key, deck, counter_random(30))
    stepped = sh.shuffle_steps(group, key, deck, counter_random(30), Pacer(0.0))
    yields = 0
    while True:
        try:
            next(stepped)
            yields += 1
        except StopIteration as stop:
            again = stop.value
            break
    assert yields >= 4 and eg.write_ciphertexts(group, again.out) == eg.write_ciphertexts(group, done.out)
    proof = sh.prove_shuffle(group, key, deck, done, CTX, counter_random(31))
    proof_stepped = finish(sh.prove_shuffle_steps(group, key, deck, done, CTX, counter_random(31), Pacer(0.0)))
    assert proof.to_bytes(group) == proof_stepped.to_bytes(group)
    finish(sh.check_shuffle_steps(group, key, deck, done.out, proof, CTX, Pacer(0.0)))
    with pytest.raises(ProofFailed):
        finish(sh.check_shuffle_steps(group, key, deck, done.out[::-1], proof, CTX, Pacer(0.0)))


def test_toy_shuffles_of_every_size_up_to_twelve_are_accepted() -> None:
    group = ToyProofGroup()
    for n in range(1, 13):
        key, deck = setup(group, n, seed=n)
        done = sh.shuffle(group, key, deck, counter_random(n + 50))
        sh.check_shuffle(group, key, deck, done.out, sh.prove_shuffle(group, key, deck, done, CTX,
                                                                      counter_random(n + 60)), CTX)


def cheats(group: ProofGroup, key: Element, deck: list[Ciphertext]) -> dict[str, tuple[list[Ciphertext], list[int]]]:
    """Decks a cheater might send for a deck of 5, each with the mapping its 'proof' claims (out[i] from
    deck[mapping[i]]), before re-masking."""
    other = eg.encrypt(group, key, group.hash_to_element(b"item 99"), 7)
    return {
        "a card repeated": ([deck[0], deck[0], deck[2], deck[3], deck[4]], [0, 0, 2, 3, 4]),
        "a card replaced by another item's encryption": ([other] + deck[1:], [0, 1, 2, 3, 4]),
        "a card replaced by a sum of others (the audit's attack)":
            ([add(group, add(group, deck[1], deck[2]), deck[3])] + deck[1:], [0, 1, 2, 3, 4]),
        "a card replaced by a multiple of another": ([times(group, deck[1], 2)] + deck[1:], [0, 1, 2, 3, 4]),
        "a card replaced by a weighted sum": ([add(group, deck[1], times(group, deck[2], 3))] + deck[1:],
                                              [1, 1, 2, 3, 4]),
        "a card dropped for the neutral-free sum of two": ([add(group, deck[0], deck[1])] + deck[1:], [1, 0, 2, 3, 4]),
    }


def test_every_cheat_deck_is_refused_even_with_the_provers_own_algorithm(group: ProofGroup) -> None:
    key, deck = setup(group, 5)
    for name, (plain, mapping) in cheats(group, key, deck).items():
        rnd = counter_random(len(name))
        rand = [random_scalar(group, rnd) for _ in plain]
        out = [eg.remask(group, key, c, r) for c, r in zip(plain, rand)]
        lying = finish(sh._argument(group, key, deck, out, mapping, rand, CTX, rnd))
        with pytest.raises(ProofFailed) as caught:
            sh.check_shuffle(group, key, deck, out, lying, CTX)
        assert caught.value.code == "proof-shuffle", name
        honest = sh.shuffle(group, key, deck, rnd)   # an honest proof for another output, sent with this one
        with pytest.raises(ProofFailed):
            sh.check_shuffle(group, key, deck, out, sh.prove_shuffle(group, key, deck, honest, CTX, rnd), CTX)


def test_a_wrong_remask_is_refused(group: ProofGroup) -> None:
    """Re-masking with s·G but t·H (t ≠ s) changes the card by (t − s)·H: refused."""
    key, deck = setup(group, 4)
    done = sh.shuffle(group, key, deck, counter_random(7))
    perm, rand = done.permutation, done.randomness
    for wrong in ("other H randomness", "shifted by G", "C1 kept"):
        out = list(done.out)
        c = deck[perm[2]]
        if wrong == "other H randomness":
            out[2] = Ciphertext(group.add(c.c1, group.mul(group.generator, rand[2])),
                                group.add(c.c2, group.mul(key, rand[2] + 1)))
        elif wrong == "shifted by G":
            out[2] = Ciphertext(out[2].c1, group.add(out[2].c2, group.generator))
        else:
            out[2] = Ciphertext(c.c1, out[2].c2)
        lying = finish(sh._argument(group, key, deck, out, perm, rand, CTX, counter_random(8)))
        with pytest.raises(ProofFailed, match="not a re-masked reordering"):
            sh.check_shuffle(group, key, deck, out, lying, CTX)


def test_a_shuffle_proof_is_not_reused(group: ProofGroup) -> None:
    key, deck = setup(group, 4)
    done = sh.shuffle(group, key, deck, counter_random(9))
    proof = sh.prove_shuffle(group, key, deck, done, CTX, counter_random(10))
    for ctx in OTHER_CONTEXTS:                                        # another game, round or step
        with pytest.raises(ProofFailed):
            sh.check_shuffle(group, key, deck, done.out, proof, ctx)
    other_key, other_deck = setup(group, 4, seed=77)
    again = sh.shuffle(group, key, done.out, counter_random(11))     # the next shuffle of the same deck
    for args in ((key, other_deck, done.out),                          # another deck received
                 (key, deck, again.out),                               # another deck sent
                 (other_key, deck, done.out),                          # another key
                 (key, done.out, again.out),                           # a later step's decks
                 (key, deck[:3], done.out[:3])):                       # a part of the decks
        with pytest.raises(ProofFailed):
            sh.check_shuffle(group, *args, proof, CTX)


def test_a_stuck_random_source_gives_other_nonces_for_other_decks(group: ProofGroup) -> None:
    """The same permutation and randomness on two decks, proven with a source that always gives the same bytes:
    the commitments' randomness is hedged on the decks, so the proofs share no nonce (whose reuse would reveal
    u' and so the permutation)."""
    key, deck = setup(group, 4)
    _, other = setup(group, 4, seed=5)
    proofs = []
    for d in (deck, other):
        done = sh.shuffle(group, key, d, lambda size: bytes(size))
        proofs.append(sh.prove_shuffle(group, key, d, done, CTX, lambda size: bytes(size)))
        sh.check_shuffle(group, key, d, done.out, proofs[-1], CTX)
    assert not any(group.equal(x, y) for x, y in zip(proofs[0].commitments, proofs[1].commitments))
    assert proofs[0].s1 != proofs[1].s1 and proofs[0].s_prime[0] != proofs[1].s_prime[0]


def test_shuffle_bytes_are_checked(group: ProofGroup) -> None:
    key, deck = setup(group, 3)
    done = sh.shuffle(group, key, deck, counter_random(12))
    data = sh.prove_shuffle(group, key, deck, done, CTX, counter_random(13)).to_bytes(group)
    es, ss = group.element_size, group.scalar_size
    order = group.order.to_bytes(ss, "big")
    bad = {
        "short": data[:-1], "long": data + b"\x00", "empty": b"",
        "a scalar equal to the order": data[:6 * es] + order + data[6 * es + ss:],
        "a scalar above the order": data[:-ss] + b"\xff" * ss,
        "a point of zeros": bytes(es) + data[es:],
        "a point of ones": b"\xff" * es + data[es:],
    }
    for name, b in bad.items():
        with pytest.raises(ProofFailed) as caught:
            sh.ShuffleProof.from_bytes(group, b, 3)
        assert caught.value.code == "proof-malformed", name
    with pytest.raises(ProofFailed):   # the proof of 3 read as one of 2 or 4
        sh.ShuffleProof.from_bytes(group, data, 2)
    with pytest.raises(ProofFailed):
        sh.check_shuffle(group, key, [], [], sh.ShuffleProof.from_bytes(group, data, 3), CTX)


def test_deck_52_on_secp256k1() -> None:
    group = secp256k1_group()
    key, deck = setup(group, 52)
    done = sh.shuffle(group, key, deck, counter_random(14))
    proof = sh.prove_shuffle(group, key, deck, done, CTX, counter_random(15))
    assert sh.shuffle_size(group, 52) == 6920
    sh.check_shuffle(group, key, deck, done.out, proof, CTX)
    out = list(done.out)
    out[7] = add(group, done.out[8], done.out[9])   # the audit's attack in the full deck: refused on arrival
    with pytest.raises(ProofFailed):
        sh.check_shuffle(group, key, deck, out, proof, CTX)


@pytest.mark.slow
def test_deck_70_on_secp256k1_and_opened() -> None:
    group = secp256k1_group()
    a, b = eg.KeyPair.make(group, counter_random(16)), eg.KeyPair.make(group, counter_random(17))
    key = eg.joint_key(group, [a.public, b.public])
    items = [group.hash_to_element(b"item %d" % i) for i in range(70)]
    deck = [eg.encrypt(group, key, m, i + 1) for i, m in enumerate(items)]
    first = sh.shuffle(group, key, deck, counter_random(18))
    sh.check_shuffle(group, key, deck, first.out, sh.prove_shuffle(group, key, deck, first, CTX), CTX)
    second = sh.shuffle(group, key, first.out, counter_random(19))
    ctx = replace(CTX, step="shuffle-friend")
    sh.check_shuffle(group, key, first.out, second.out, sh.prove_shuffle(group, key, first.out, second, ctx), ctx)
    opened = [eg.open_with(group, c, [eg.share(group, a.secret, c), eg.share(group, b.secret, c)]) for c in second.out]
    at = {group.encode(m): i for i, m in enumerate(items)}
    assert sorted(at[group.encode(m)] for m in opened) == list(range(70))
    assert [at[group.encode(m)] for m in opened] == [first.permutation[j] for j in second.permutation]
