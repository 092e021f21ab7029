"""Adaptive cheaters: each builds a false proof that holds if one part of the checks is missing, and is refused
by the real code with its code. The Fiat–Shamir ones choose part of the statement after the challenges they
depend on (Bernhard, Pereira, Warinschi 2012); the shuffle ones satisfy the re-mask relation (t4) and break
exactly one of t1 (the committed rows sum to one), t2 (the chain's end), t-hat (the chain's links) or t3 (u'
is the committed matrix times u). Each test fails when the check it names is removed (see
docs/fair-play-proofs.md, "Attacks tested")."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import shuffle as sh
from jaipur.fair.proofs import sigma
from jaipur.fair.proofs.elgamal import Ciphertext
from jaipur.fair.proofs.errors import ProofFailed
from jaipur.fair.proofs.group import ProofGroup, Random, random_scalar, secp256k1_group, sub
from jaipur.fair.proofs.pace import finish
from jaipur.fair.proofs.transcript import Context, Transcript
from jaipur.fair.suite import Element

from .toy import counter_random
from .toy_proofs import ToyProofGroup

CTX = Context(b"game-id-0001", 1, "deal-friend")
N = 4
Matrix = list[list[int]]


@pytest.fixture(params=["toy", "secp256k1"])
def group(request: pytest.FixtureRequest) -> ProofGroup:
    return ToyProofGroup() if request.param == "toy" else secp256k1_group()


def setup(group: ProofGroup, seed: int = 1) -> tuple[Element, list[Ciphertext]]:
    a, b = eg.KeyPair.make(group, counter_random(seed)), eg.KeyPair.make(group, counter_random(seed + 1))
    key = eg.joint_key(group, [a.public, b.public])
    rnd = counter_random(seed + 2)
    return key, [eg.remask_fresh(group, key, eg.encrypt(group, key, group.hash_to_element(b"item %d" % i), 1), rnd)[0]
                 for i in range(N)]


def csum(group: ProofGroup, cs: Sequence[Ciphertext], ks: Sequence[int]) -> Ciphertext:
    return Ciphertext(group.msm([c.c1 for c in cs], ks), group.msm([c.c2 for c in cs], ks))


def csub(group: ProofGroup, a: Ciphertext, b: Ciphertext) -> Ciphertext:
    return Ciphertext(sub(group, a.c1, b.c1), sub(group, a.c2, b.c2))


def inv(group: ProofGroup, x: int) -> int:
    return pow(x % group.order, -1, group.order)


def identity(n: int = N) -> Matrix:
    return [[int(i == j) for j in range(n)] for i in range(n)]


def commit(group: ProofGroup, matrix: Matrix, r: Sequence[int]) -> list[Element]:
    """c_j = r_j·G + Σᵢ M[i][j]·h_{i+1}: a commitment to any matrix, not only a permutation's."""
    h = sh.generators(group, len(r))
    return [group.msm([group.generator] + h[1:], [r[j]] + [row[j] for row in matrix]) for j in range(len(r))]


def forge(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
          commitments: Sequence[Element], r: Sequence[int], u: Sequence[int], up: Sequence[int], r_prime: int,
          rnd: Random, fake_end: bool = False) -> sh.ShuffleProof:
    """GenProof for any statement, using the cheater's u (its guess of the verifier's) and u'; with `fake_end`,
    the chain ends at r̂·G + (∏u)·h₀ whatever its links."""
    q, g, n = group.order, group.generator, len(deck)
    h = sh.generators(group, n)
    t, _ = sh._statement(group, key, deck, out, commitments, CTX)   # the verifier's transcript
    r_hat = [random_scalar(group, rnd) for _ in range(n)]
    chain, previous = [], h[0]
    for i in range(n):
        previous = group.msm([g, previous], [r_hat[i], up[i]])
        chain.append(previous)
    v = [1] * n
    for i in range(n - 2, -1, -1):
        v[i] = up[i + 1] * v[i + 1] % q
    r_hat_sum = sum(a * b for a, b in zip(r_hat, v)) % q
    if fake_end:
        product = 1
        for ui in u:
            product = product * ui % q
        r_hat_sum = random_scalar(group, rnd)
        chain[-1] = group.msm([g, h[0]], [r_hat_sum, product])
    r_bar, r_tilde = sum(r) % q, sum(a * b for a, b in zip(r, u)) % q
    w1, w2, w3, w4 = (random_scalar(group, rnd) for _ in range(4))
    wh = [random_scalar(group, rnd) for _ in range(n)]
    wp = [random_scalar(group, rnd) for _ in range(n)]
    t3 = group.msm([g] + h[1:], [w3] + wp)
    t41 = group.msm([key] + [c.c2 for c in out], [q - w4] + wp)
    t42 = group.msm([g] + [c.c1 for c in out], [q - w4] + wp)
    links = [h[0]] + chain[:-1]
    t_hat = [group.msm([g, links[i]], [wh[i], wp[i]]) for i in range(n)]
    c = sh._challenge(group, t, chain, group.mul(g, w1), group.mul(g, w2), t3, t41, t42, t_hat)
    return sh.ShuffleProof(list(commitments), chain, c, (w1 + c * r_bar) % q, (w2 + c * r_hat_sum) % q,
                           (w3 + c * r_tilde) % q, (w4 + c * r_prime) % q,
                           [(wh[i] + c * r_hat[i]) % q for i in range(n)], [(wp[i] + c * up[i]) % q for i in range(n)])


def refused(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
            proof: sh.ShuffleProof) -> None:
    data = proof.to_bytes(group)   # as sent: the proof survives the wire
    with pytest.raises(ProofFailed) as caught:
        sh.check_shuffle(group, key, deck, out, sh.ShuffleProof.from_bytes(group, data, len(deck)), CTX)
    assert caught.value.code == "proof-shuffle"


def remasked(group: ProofGroup, key: Element, plain: Sequence[Ciphertext], rho: Sequence[int]) -> list[Ciphertext]:
    return [eg.remask(group, key, c, s) for c, s in zip(plain, rho)]


def scalars(group: ProofGroup, rnd: Random, n: int = N) -> list[int]:
    return [random_scalar(group, rnd) for _ in range(n)]


# ---------------------------------------------------------------- weak Fiat–Shamir in the shuffle


def test_an_output_deck_chosen_after_the_challenges_is_refused(group: ProofGroup) -> None:
    """The audit's attack (place 1 := places 1 + 2 + 3) with place 0 solved from the one linear relation the
    re-mask equation (t4) checks, once u is known: it needs u not to depend on the output deck."""
    key, deck = setup(group)
    q, rnd = group.order, counter_random(10)
    r, rho = scalars(group, rnd), scalars(group, rnd)
    commitments = commit(group, identity(), r)
    _, u = sh._statement(group, key, deck, deck, commitments, CTX)   # the output is not known yet
    rest = remasked(group, key, [csum(group, deck[1:4], [1, 1, 1]), deck[2], deck[3]], rho[1:])
    place0 = csub(group, csum(group, deck, u), csum(group, rest, u[1:]))
    out = [eg.remask(group, key, csum(group, [place0], [inv(group, u[0])]), rho[0])] + rest
    proof = forge(group, key, deck, out, commitments, r, u, u, u[0] * rho[0] % q, rnd)   # places 1-3 cancel
    refused(group, key, deck, out, proof)


def test_an_input_deck_chosen_after_the_challenges_is_refused() -> None:
    """The same with the deck received: a proof for an output with a sum in it, for an input solved afterwards
    (place 0), needs u not to depend on the input deck."""
    group = ToyProofGroup()
    key, deck = setup(group)
    q, rnd = group.order, counter_random(11)
    r, rho = scalars(group, rnd), scalars(group, rnd)
    commitments = commit(group, identity(), r)
    out = remasked(group, key, [deck[0], csum(group, deck[1:4], [1, 1, 1]), deck[2], deck[3]], rho)
    _, u = sh._statement(group, key, deck, out, commitments, CTX)   # with the honest input in its place
    r_prime = sum(a * b for a, b in zip(u, rho)) % q
    masked = Ciphertext(group.mul(group.generator, r_prime), group.mul(key, r_prime))
    place0 = csub(group, csub(group, csum(group, out, u), masked), csum(group, deck[1:], u[1:]))
    claimed = [csum(group, [place0], [inv(group, u[0])])] + deck[1:]
    proof = forge(group, key, claimed, out, commitments, r, u, u, r_prime, rnd)
    refused(group, key, claimed, out, proof)


def test_a_key_chosen_after_the_shuffles_challenges_is_refused() -> None:
    """Decks encrypted with known randomness aᵢ, place 1 := places 1 + 2 + 3 unmasked; the difference the re-mask
    relation sees is then (r'·G, D₂) with r' = u₁(a₂ + a₃), so key := D₂ / r' makes it hold: it needs u not to
    depend on the key."""
    group = ToyProofGroup()
    q, rnd = group.order, counter_random(17)
    other = group.hash_to_element(b"any key")
    a = scalars(group, rnd)
    deck = [eg.encrypt(group, other, group.hash_to_element(b"item %d" % i), a[i]) for i in range(N)]
    out = [deck[0], csum(group, deck[1:4], [1, 1, 1]), deck[2], deck[3]]
    r = scalars(group, rnd)
    commitments = commit(group, identity(), r)
    _, u = sh._statement(group, other, deck, out, commitments, CTX)   # before the key is chosen
    r_prime = u[1] * (a[2] + a[3]) % q
    key = group.mul(csub(group, csum(group, out, u), csum(group, deck, u)).c2, inv(group, r_prime))
    proof = forge(group, key, deck, out, commitments, r, u, u, r_prime, rnd)
    refused(group, key, deck, out, proof)


def test_a_permutation_commitment_chosen_after_the_challenges_is_refused(group: ProofGroup) -> None:
    """Places 0 and 1 scaled by 1/2 and 2, with a committed matrix whose rows sum to one and give u' = (2u₀,
    u₁/2, u₂, u₃): it needs u drawn before the commitment is hashed."""
    key, deck = setup(group)
    q, rnd = group.order, counter_random(12)
    r, rho = scalars(group, rnd), scalars(group, rnd)
    out = remasked(group, key, [csum(group, [deck[0]], [inv(group, 2)]), csum(group, [deck[1]], [2]), deck[2],
                                deck[3]], rho)
    _, u = sh._statement(group, key, deck, out, [group.generator] * N, CTX)   # before the commitment
    up = [2 * u[0] % q, u[1] * inv(group, 2) % q, u[2], u[3]]
    matrix = identity()
    for i in (0, 1):   # x + y = 1 and x·u₀ + y·u₁ = u'ᵢ
        x = (up[i] - u[1]) * inv(group, u[0] - u[1]) % q
        matrix[i][0], matrix[i][1] = x, (1 - x) % q
    commitments = commit(group, matrix, r)
    proof = forge(group, key, deck, out, commitments, r, u, up, sum(a * b for a, b in zip(up, rho)) % q, rnd)
    refused(group, key, deck, out, proof)


# ---------------------------------------------------------------- each permutation check on its own


def test_scaled_places_are_refused_by_the_rows_check_t1() -> None:
    """Committed matrix diag(2, 1/2, 1, 1): u' has the right product and matches the commitment, t4 holds;
    only the rows' sums (t1) are wrong."""
    group = ToyProofGroup()
    key, deck = setup(group)
    q, rnd = group.order, counter_random(13)
    r, rho = scalars(group, rnd), scalars(group, rnd)
    matrix = identity()
    matrix[0][0], matrix[1][1] = 2, inv(group, 2)
    commitments = commit(group, matrix, r)
    out = remasked(group, key, [csum(group, [deck[0]], [inv(group, 2)]), csum(group, [deck[1]], [2]), deck[2],
                                deck[3]], rho)
    _, u = sh._statement(group, key, deck, out, commitments, CTX)
    up = [2 * u[0] % q, u[1] * inv(group, 2) % q, u[2], u[3]]
    refused(group, key, deck, out, forge(group, key, deck, out, commitments, r, u, up,
                                         sum(a * b for a, b in zip(up, rho)) % q, rnd))


def linear(group: ProofGroup, rnd: Random, fake_end: bool) -> None:
    """Place 1 := place 1 + place 0 / 2 (matrix rows [2, −1], [0, 1]: they sum to one, u' = Mu has the wrong
    product); the chain either built honestly (then t2 refuses it) or ended where t2 wants (then a link does)."""
    key, deck = setup(group)
    q = group.order
    r, rho = scalars(group, rnd), scalars(group, rnd)
    matrix = identity()
    matrix[0][0], matrix[0][1] = 2, q - 1
    commitments = commit(group, matrix, r)
    half0 = csum(group, [deck[0]], [inv(group, 2)])
    out = remasked(group, key, [half0, csum(group, [deck[1], half0], [1, 1]), deck[2], deck[3]], rho)
    _, u = sh._statement(group, key, deck, out, commitments, CTX)
    up = [(2 * u[0] - u[1]) % q, u[1], u[2], u[3]]
    refused(group, key, deck, out, forge(group, key, deck, out, commitments, r, u, up,
                                         sum(a * b for a, b in zip(up, rho)) % q, rnd, fake_end))


def test_a_combination_with_the_wrong_product_is_refused_by_the_chains_end_t2() -> None:
    linear(ToyProofGroup(), counter_random(14), fake_end=False)


def test_a_chain_ending_where_it_should_is_refused_by_its_links_t_hat() -> None:
    linear(ToyProofGroup(), counter_random(15), fake_end=True)


def test_u_prime_not_the_committed_matrix_times_u_is_refused_by_t3() -> None:
    """An honest commitment to the identity, but u' = (2u₀, u₁/2, u₂, u₃) (same product) and places 0, 1
    scaled to match: only t3 ties u' to the commitment."""
    group = ToyProofGroup()
    key, deck = setup(group)
    q, rnd = group.order, counter_random(16)
    r, rho = scalars(group, rnd), scalars(group, rnd)
    commitments = commit(group, identity(), r)
    out = remasked(group, key, [csum(group, [deck[0]], [inv(group, 2)]), csum(group, [deck[1]], [2]), deck[2],
                                deck[3]], rho)
    _, u = sh._statement(group, key, deck, out, commitments, CTX)
    up = [2 * u[0] % q, u[1] * inv(group, 2) % q, u[2], u[3]]
    refused(group, key, deck, out, forge(group, key, deck, out, commitments, r, u, up,
                                         sum(a * b for a, b in zip(up, rho)) % q, rnd))


# ---------------------------------------------------------------- batched shares


def shares_refused(group: ProofGroup, key: eg.KeyPair, places: Sequence[Ciphertext], shares: list[Element],
                   rnd: Random) -> None:
    """The prover's own algorithm run on false shares, refused with `proof-share`."""
    proof = finish(sigma._dleq_prove(group, b"chaum-pedersen-shares", key, [c.c1 for c in places], shares, CTX,
                                     rnd))
    with pytest.raises(ProofFailed) as caught:
        sigma.check_shares(group, key.public, places, shares, proof, CTX)
    assert caught.value.code == "proof-share"


def test_shares_off_by_plus_and_minus_d_are_refused(group: ProofGroup) -> None:
    """(Y₀ + D, Y₁ − D): the sum is right, so it holds if the weights ρᵢ are all 1."""
    key = eg.KeyPair.make(group, counter_random(20))
    _, places = setup(group, 21)
    d = group.hash_to_element(b"shift")
    y = [eg.share(group, key.secret, c) for c in places[:2]]
    shares_refused(group, key, places[:2], [group.add(y[0], d), sub(group, y[1], d)], counter_random(22))


def test_a_share_adjusted_after_the_weights_is_refused(group: ProofGroup) -> None:
    """(Y₀ + D, Y₁ − (ρ₀/ρ₁)·D) with the ρ of the honest shares: it holds if ρ does not depend on the Y."""
    key = eg.KeyPair.make(group, counter_random(23))
    _, places = setup(group, 24)
    d = group.hash_to_element(b"shift")
    y = [eg.share(group, key.secret, c) for c in places[:2]]
    t = Transcript.start(b"chaum-pedersen-shares", group, CTX)
    t.element(b"pk", group, key.public)
    t.elements(b"X", group, [c.c1 for c in places[:2]])
    t.elements(b"Y", group, y)
    rho = t.challenges(b"rho", 2)
    shifted = [group.add(y[0], d), sub(group, y[1], group.mul(d, rho[0] * inv(group, rho[1])))]
    shares_refused(group, key, places[:2], shifted, counter_random(25))


def test_shares_for_a_key_chosen_after_the_challenge_are_refused(group: ProofGroup) -> None:
    """A false share Y = y·X, A₁ nobody knows the logarithm of, A₂ = w·X, then pk := (z·G − A₁)/e: it holds if pk
    is not hashed before e."""
    _, places = setup(group, 26)
    x = places[0].c1
    rnd = counter_random(27)
    y, w = random_scalar(group, rnd), random_scalar(group, rnd)
    share, a1 = group.mul(x, y), group.hash_to_element(b"random commitment")
    t = Transcript.start(b"chaum-pedersen-shares", group, CTX)
    t.element(b"pk", group, group.generator)   # any key in its place: it is not known yet
    t.elements(b"X", group, [x])
    t.elements(b"Y", group, [share])
    t.element(b"A1", group, a1)
    t.element(b"A2", group, group.mul(x, w))
    e = t.challenge(b"e")
    z = (w + e * y) % group.order
    pk = group.mul(sub(group, group.mul(group.generator, z), a1), inv(group, e))
    with pytest.raises(ProofFailed) as caught:
        sigma.check_shares(group, pk, places[:1], [share], sigma.SigmaProof(e, z), CTX)
    assert caught.value.code == "proof-share"


# ---------------------------------------------------------------- Schnorr


def test_a_key_chosen_after_its_challenge_is_refused(group: ProofGroup) -> None:
    """A commitment A nobody knows the logarithm of, the challenge e, then pk := (z·G − A)/e: a 'proof' for a
    key whose secret nobody knows; it holds if pk is not hashed before e."""
    a = group.hash_to_element(b"random commitment")
    t = sigma._key_transcript(group, group.generator, CTX, 1)   # any key in its place: it is not known yet
    t.element(b"A", group, a)
    e = t.challenge(b"e")
    z = random_scalar(group, counter_random(26))
    pk = group.mul(sub(group, group.mul(group.generator, z), a), inv(group, e))
    with pytest.raises(ProofFailed) as caught:
        sigma.check_key(group, pk, sigma.SigmaProof(e, z), CTX, 1)
    assert caught.value.code == "proof-key"
