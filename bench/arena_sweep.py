"""Run several arena matches one after another and print one JSON line each (for tuning maharaja).

usage: python bench/arena_sweep.py ROUNDS SEED JOBS SPEC_A:SPEC_B [SPEC_A:SPEC_B ...]
       (separate A and B with ' vs ', e.g. "maharaja:iterations=200,depth=4 vs trader")
"""

from __future__ import annotations

import json
import sys

from jaipur.bots.arena import run_arena


def main(argv: list[str]) -> None:
    """Play each pairing and print its summary."""
    rounds, seed, jobs = int(argv[0]), int(argv[1]), int(argv[2])
    for pairing in argv[3:]:
        a, _, b = pairing.partition(" vs ")
        print(json.dumps(run_arena(a.strip(), b.strip(), rounds, seed, None, jobs)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
