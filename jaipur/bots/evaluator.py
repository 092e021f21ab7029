"""The trained evaluator: a seat's chance to win the round, from a linear function of the table.

Every feature is seen from one seat and changes sign when the seats swap, so
`value(p, s) + value(p, 1 - s) == 1`. The weights are data
(`jaipur/bots/data/evaluator.json`, made by `python -m jaipur train`, which
records the command and the seeds inside the file); pure Python, no dependency.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from typing import Any

from ..cards import CAMEL_INDEX, HAND_LIMIT
from ..position import Position

FEATURES = (
    "score", "score_late", "hand", "hand_late", "camels", "camel_majority", "camel_majority_late",
    "hand_size", "hand_full", "to_move", "offer", "bonus_tokens", "goods_tokens",
)
"""The features' names, in the order of the weight vector."""

DATA_FILE = "evaluator.json"


def _sale_worth(pile: tuple[int, ...], n: int, bonus: tuple[tuple[int, ...], ...]) -> float:
    """What selling `n` cards of a good would fetch now: the top tokens and the bonus pile's mean."""
    worth = float(sum(pile[:n]))
    if n >= 3:
        b = bonus[(n if n < 5 else 5) - 3]
        if b:
            worth += sum(b) / len(b)
    return worth


def progress(p: Position) -> float:
    """How far the round has gone, from 0 (just dealt) to 1 (about to end)."""
    lens = sorted(len(pile) for pile in p.goods)
    by_tokens = 1.0 - (lens[0] + lens[1] + lens[2]) / 15.0
    by_deck = 1.0 - len(p.deck) / 40.0
    late = by_tokens if by_tokens > by_deck else by_deck
    return 0.0 if late < 0.0 else (1.0 if late > 1.0 else late)


def features(p: Position, seat: int) -> list[float]:
    """The features of a full (possibly dealt-at-random) position from `seat`'s side (see FEATURES)."""
    other = 1 - seat
    late = progress(p)
    tg, tb = p.taken_goods, p.taken_bonus
    score = (sum(v for _, v in tg[seat]) + sum(v for _, v in tb[seat])
             - sum(v for _, v in tg[other]) - sum(v for _, v in tb[other])) / 10.0
    goods, bonus = p.goods, p.bonus
    mine, theirs = p.hands[seat], p.hands[other]
    hand = 0.0
    for g in range(6):
        a = mine[g]
        b = theirs[g]
        if a != b:
            pile = goods[g]
            hand += _sale_worth(pile, a, bonus) - _sale_worth(pile, b, bonus)
    hand /= 10.0
    herd_diff = p.herds[seat] - p.herds[other]
    majority = 1.0 if herd_diff > 0 else (-1.0 if herd_diff < 0 else 0.0)
    size_mine, size_theirs = sum(mine), sum(theirs)
    full = (size_mine >= HAND_LIMIT) - (size_theirs >= HAND_LIMIT)
    sign = 1.0 if p.to_move == seat else -1.0
    market = p.market
    offer = 0.0
    for g in range(6):
        if market[g] and goods[g] and goods[g][0] > offer:
            offer = goods[g][0]
    offer = sign * (offer + (1.0 if market[CAMEL_INDEX] >= 3 else 0.0)) / 10.0
    return [
        score, score * late, hand, hand * late, math.tanh(herd_diff / 3.0), majority, majority * late,
        (size_mine - size_theirs) / 7.0, float(full), sign, offer,
        (len(tb[seat]) - len(tb[other])) / 3.0, (len(tg[seat]) - len(tg[other])) / 10.0,
    ]


class Evaluator:
    """A logistic model over `features`: the chance that a seat wins the round."""

    __slots__ = ("weights",)

    def __init__(self, weights: list[float] | tuple[float, ...]) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"an evaluator needs {len(FEATURES)} weights, not {len(weights)}")
        self.weights = tuple(float(w) for w in weights)

    def margin(self, p: Position, seat: int) -> float:
        """The model's log-odds that `seat` wins the round."""
        return sum(w * f for w, f in zip(self.weights, features(p, seat)))

    def value(self, p: Position, seat: int) -> float:
        """The chance that `seat` wins the round (a finished round scores 1, ½ or 0 exactly)."""
        if p.round_over:
            from ..rules import result

            winner = result(p)["winner"]
            return 0.5 if winner is None else (1.0 if winner == seat else 0.0)
        z = self.margin(p, seat)
        if z < -30.0:
            return 0.0
        if z > 30.0:
            return 1.0
        return 1.0 / (1.0 + math.exp(-z))


HAND_SET = (1.0, 0.3, 0.8, 0.3, 0.3, 0.3, 0.2, 0.0, -0.2, 0.1, 0.3, 0.05, 0.02)
"""Hand-set weights, the starting point of training and the fallback when no data file is found."""


def read_weights(data: dict[str, Any]) -> list[float]:
    """The weight vector of an evaluator data file (its `weights` object, by feature name)."""
    weights = data.get("weights")
    if not isinstance(weights, dict) or set(weights) != set(FEATURES):
        raise ValueError(f"an evaluator file needs a 'weights' object with exactly these names: {', '.join(FEATURES)}")
    return [float(weights[name]) for name in FEATURES]


def load(path: str) -> Evaluator:
    """An evaluator from a file written by `python -m jaipur train --out PATH`; ValueError says what is wrong."""
    shown = str(path) if len(str(path)) <= 60 else "…" + str(path)[-59:]
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read the evaluator file '{shown}' ({exc.__class__.__name__})") from None
    except json.JSONDecodeError:
        raise ValueError(f"the evaluator file '{shown}' is not JSON") from None
    if not isinstance(data, dict):
        raise ValueError(f"the evaluator file '{shown}' is not a JSON object")
    try:
        return Evaluator(read_weights(data))
    except (TypeError, ValueError):
        raise ValueError(f"'{shown}' needs a 'weights' number for each of the {len(FEATURES)} features") from None


@lru_cache(maxsize=1)
def shipped() -> Evaluator:
    """The evaluator shipped with the package (`data/evaluator.json`)."""
    try:
        text = resources.files(__package__).joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return Evaluator(HAND_SET)
    return Evaluator(read_weights(json.loads(text)))

