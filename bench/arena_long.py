"""A long arena run that survives being stopped: games go to a JSON-lines log and a rerun resumes from it.

usage: python bench/arena_long.py A B ROUNDS SEED MOVETIME JOBS LOG   (prints the summary JSON at the end)
"""

from __future__ import annotations

import json
import sys

from jaipur.bots.arena import run_arena


def main(argv: list[str]) -> None:
    """Run (or resume) the arena and print its summary."""
    a, b, rounds, seed, movetime, jobs, log = argv
    summary = run_arena(a, b, int(rounds), int(seed), float(movetime), int(jobs), True, log)
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
