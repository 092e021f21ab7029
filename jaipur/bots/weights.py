"""The heuristic's weights as plain data (tuned by self-play in CPython; see bench/arena_tuning.md).

They live in a Python module rather than JSON so the browser receives them with
the rest of the package (the page ships every `jaipur/**/*.py`).
"""

from __future__ import annotations

DEFAULT_WEIGHTS: dict[str, float] = {
    # what a card in hand is worth, as a share of the tokens it would fetch today
    "keep_precious": 0.969,
    "keep_common": 0.995,
    "keep_bonus": 0.881,
    # an opponent likely to hold the same good may sell it first
    "contention": 0.45,
    # the round's end is near: cards in hand lose their worth
    "urgency": 0.784,
    "urgency_turns": 3.677,
    # camels: the majority token (5 rupees) and their use as exchange currency
    "camel_scale": 2.4,
    "camel_use": 0.45,
    "camel_use_cap": 4.0,
    # a full hand cannot take
    "hand7": 2.2,
    "hand6": 0.6,
    # what the market offers the opponent next turn
    "threat": 0.439,
    "threat_take": 1.147,
    "threat_pair": 1.048,
    "reveal": 0.558,
    # ending the round
    "win": 25.0,
}
"""Default weights of the trader heuristic (shared by novice, trader and maharaja's rollouts)."""
