"""The summary of an arena log so far, without playing: for a long run stopped (or still going) at a deadline.

usage: python bench/summarize_log.py LOG   (prints the same JSON summary as `arena --json`, over the logged games)
"""

from __future__ import annotations

import json
import sys

from jaipur.bots.arena import GameResult, summarize


def main(argv: list[str]) -> None:
    """Read the log's games (the first row's bots, seed and movetime) and print their summary."""
    rows = [json.loads(line) for line in open(argv[0], encoding="utf-8") if line.strip().endswith("}")]
    first = rows[0]
    key = (first["a"], first["b"], first["seed"], first["movetime"])
    games = {r["index"]: GameResult(r["index"], r["a_seat"], r["outcome"], r["margin"], r["moves"], r["a_times"],
                                    r["b_times"], r.get("stalled", False))
             for r in rows if (r["a"], r["b"], r["seed"], r["movetime"]) == key}
    ordered = [games[i] for i in sorted(games)]
    print(json.dumps(summarize(key[0], key[1], ordered, key[2], key[3], 0.0)))


if __name__ == "__main__":
    main(sys.argv[1:])
