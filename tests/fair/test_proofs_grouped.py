"""Shuffles by group, as a Jaipur deal needs (cards among cards, each bonus pile within itself): honest ones are
accepted, an item moved across groups or an argument moved to another group is refused."""

from __future__ import annotations

import pytest

from jaipur.fair.items import GROUPS, ITEMS
from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import grouped as gr
from jaipur.fair.proofs.errors import ProofFailed
from jaipur.fair.proofs.group import ProofGroup, secp256k1_group
from jaipur.fair.proofs.shuffle import shuffle_size
from jaipur.fair.proofs.transcript import Context

from .toy import counter_random
from .toy_proofs import ToyProofGroup

CTX = Context(b"game-id-0001", 2, "deal-inviter")


def round_deck(group: ProofGroup, seed: int) -> tuple[object, list[eg.Ciphertext]]:
    """A joint key and a round's 70 items, encrypted with public randomness 1."""
    a, b = eg.KeyPair.make(group, counter_random(seed)), eg.KeyPair.make(group, counter_random(seed + 1))
    key = eg.joint_key(group, [a.public, b.public])
    return key, [eg.encrypt(group, key, group.hash_to_element(b"item %d" % i), 1) for i in range(ITEMS)]


def test_a_round_shuffled_by_group_is_accepted_and_keeps_its_groups() -> None:
    group = ToyProofGroup()
    key, deck = round_deck(group, 1)
    parts = gr.shuffle_grouped(group, key, deck, GROUPS, counter_random(2))
    data = gr.prove_grouped(group, key, deck, GROUPS, parts, CTX, counter_random(3))
    assert len(data) == gr.grouped_size(group, GROUPS) == sum(shuffle_size(group, len(g)) for g in GROUPS)
    out = gr.joined(parts)
    gr.check_grouped(group, key, deck, out, GROUPS, data, CTX)
    for g, part in zip(GROUPS, parts):
        assert sorted(part.permutation) == list(range(len(g)))


def test_an_item_moved_across_groups_or_an_argument_moved_is_refused() -> None:
    group = ToyProofGroup()
    key, deck = round_deck(group, 4)
    parts = gr.shuffle_grouped(group, key, deck, GROUPS, counter_random(5))
    data = gr.prove_grouped(group, key, deck, GROUPS, parts, CTX, counter_random(6))
    out = gr.joined(parts)
    swapped = list(out)
    swapped[0], swapped[60] = swapped[60], swapped[0]   # a bonus token in the cards, a card in a pile
    with pytest.raises(ProofFailed) as caught:
        gr.check_grouped(group, key, deck, swapped, GROUPS, data, CTX)
    assert caught.value.code == "proof-shuffle"
    # the last two piles' arguments exchanged (the piles of 6 and 5 have different sizes: the bytes misread)
    sizes = [shuffle_size(group, len(g)) for g in GROUPS]
    cut = sum(sizes[:2])
    moved = data[:cut] + data[cut + sizes[2]:] + data[cut:cut + sizes[2]]
    with pytest.raises(ProofFailed):
        gr.check_grouped(group, key, deck, out, GROUPS, moved, CTX)
    same = [range(0, 5), range(5, 10)]   # two groups of the same size: their arguments swapped
    small = deck[:10]
    p2 = gr.shuffle_grouped(group, key, small, same, counter_random(7))
    d2 = gr.prove_grouped(group, key, small, same, p2, CTX, counter_random(8))
    half = len(d2) // 2
    gr.check_grouped(group, key, small, gr.joined(p2), same, d2, CTX)
    with pytest.raises(ProofFailed):
        gr.check_grouped(group, key, small, gr.joined(p2[::-1]), same, d2[half:] + d2[:half], CTX)
    with pytest.raises(ProofFailed) as caught:
        gr.check_grouped(group, key, deck, out, GROUPS, data[:-1], CTX)
    assert caught.value.code == "proof-malformed"
    with pytest.raises(ValueError):
        gr.shuffle_grouped(group, key, deck, [range(0, 52), range(53, 70)])


@pytest.mark.slow
def test_a_round_by_group_on_secp256k1() -> None:
    group = secp256k1_group()
    key, deck = round_deck(group, 9)
    parts = gr.shuffle_grouped(group, key, deck, GROUPS, counter_random(10))
    data = gr.prove_grouped(group, key, deck, GROUPS, parts, CTX, counter_random(11))
    assert len(data) == 9740
    gr.check_grouped(group, key, deck, gr.joined(parts), GROUPS, data, CTX)
