"""The multi-scalar multiplication agrees with one multiplication per term, edge cases included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur.fair.proofs import msm
from jaipur.fair.proofs.group import secp256k1_group

GROUP = secp256k1_group()
POINTS = [GROUP.hash_to_element(b"msm %d" % i) for i in range(6)] + [GROUP.generator]


def naive(points: list[object], scalars: list[int]) -> object:
    total = GROUP.identity
    for p, k in zip(points, scalars):
        total = GROUP.add(total, GROUP.mul(p, k))
    return total


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(POINTS) - 1),
                          st.one_of(st.integers(0, 20), st.integers(0, GROUP.order + 5))), min_size=0, max_size=7))
def test_msm_equals_the_sum_of_products(terms: list[tuple[int, int]]) -> None:
    points = [POINTS[i] for i, _ in terms]
    scalars = [k for _, k in terms]
    assert GROUP.equal(GROUP.msm(points, scalars), naive(points, scalars))


def test_msm_edge_cases() -> None:
    g, q = GROUP.generator, GROUP.order
    assert GROUP.equal(GROUP.msm([], []), GROUP.identity)
    assert GROUP.equal(GROUP.msm([g, g], [1, q - 1]), GROUP.identity)            # cancels to infinity
    assert GROUP.equal(GROUP.msm([g, GROUP.neg(g)], [5, 5]), GROUP.identity)
    assert GROUP.equal(GROUP.msm([g, g], [3, 4]), GROUP.mul(g, 7))                # equal points: a doubling inside
    assert GROUP.equal(GROUP.msm([g, GROUP.identity], [3, 4]), GROUP.mul(g, 3))
    assert msm.wnaf(0) == [] and sum(d << pos for pos, d in msm.wnaf(0xDEADBEEF)) == 0xDEADBEEF
