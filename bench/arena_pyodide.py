"""Time the bots inside Pyodide (WebAssembly) under Node, to check the browser's move time.

usage: python bench/arena_pyodide.py [MOVETIME] [POSITIONS] [ITERATIONS]
       python bench/arena_pyodide.py --profile [POSITIONS] [ITERATIONS]

Loads node_modules/pyodide (installed by `npm ci`), copies the jaipur package
into its file system, then for seeded positions along trader-vs-trader games
measures (1) playouts to the end of the round per second (the new maharaja's
policy, and maharaja-1's), (2) search iterations per second of maharaja with a
fixed iteration count and (3) the wall time of a move at MOVETIME seconds
driven through think(), as the page does. Prints one JSON line. The same measurement in CPython is printed
beside it for comparison.

`--profile` runs maharaja's fixed-iteration search under cProfile in both and prints the functions that take
the most time in Pyodide, with each one's time in CPython and the ratio: a function far slower in Pyodide than
the rest is what Pyodide makes slower than it must be. (cProfile's own cost is larger in Pyodide, so compare the
ratios with each other, not with the unprofiled speeds.) A last table times single operations in both.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MEASURE = r'''
import json, time, statistics
from jaipur import new_match, view, apply, Rng
from jaipur.bots import get_bot

def positions(count):
    trader = get_bot("trader")
    out, deal = [], 0
    while len(out) < count:
        p = new_match(deal, "single-round"); deal += 1; ply = 0
        while not p.round_over and len(out) < count:
            if ply % 6 == 3:
                out.append(p)
            p = apply(p, trader.choose(view(p, p.to_move), Rng(ply)))
            ply += 1
    return out

def playouts(ps, seconds=3.0):
    """Playouts to the end of the round per second, from each position: the new policy, then maharaja-1's."""
    from jaipur.bots.heuristics import DEFAULT
    from jaipur.bots import playout, rollout
    from jaipur.rules import play_unchecked
    from jaipur.view import determinize
    rng = Rng(1)
    out = {}
    for name, policy in (("playout", playout.policy_move), ("maharaja1_rollout", rollout.policy_move)):
        done = plies = 0
        t = time.perf_counter()
        while time.perf_counter() - t < seconds:
            p = ps[done % len(ps)]
            q = determinize(view(p, p.to_move), rng)
            while not q.round_over:
                q = play_unchecked(q, policy(q, DEFAULT, rng, 0.1))
                plies += 1
            done += 1
        dt = time.perf_counter() - t
        out[name] = {"playouts_per_s": round(done / dt, 1), "plies_per_s": round(plies / dt)}
    return out

def measure(movetime, count, iterations=300):
    ps = positions(count)
    speed = playouts(ps)
    fixed = get_bot("maharaja", iterations=iterations, movetime=None)
    rates = []
    for i, p in enumerate(ps):
        t = time.perf_counter()
        fixed.choose(view(p, p.to_move), Rng(i))
        rates.append(fixed.last_iterations / (time.perf_counter() - t))
    timed = get_bot("maharaja", movetime=movetime)
    walls, gaps = [], []
    for i, p in enumerate(ps):
        thinking = timed.think(view(p, p.to_move), Rng(i))
        t = last = time.perf_counter()
        while True:
            try:
                next(thinking)
            except StopIteration:
                break
            now = time.perf_counter(); gaps.append(now - last); last = now
        walls.append(time.perf_counter() - t)
    walls.sort(); gaps.sort()
    return {
        "full_round_playouts": speed,
        "iterations_per_s_median": round(statistics.median(rates)),
        "move_s_median": round(statistics.median(walls), 3),
        "move_s_p95": round(walls[int(0.95 * len(walls))], 3),
        "yield_gap_ms_median": round(1000 * statistics.median(gaps), 1),
        "yield_gap_ms_max": round(1000 * gaps[-1], 1),
    }
'''

NODE = r'''
const { loadPyodide } = require(process.argv[2] + "/node_modules/pyodide/pyodide.js");
const fs = require("fs");
const path = require("path");
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[2] + "/node_modules/pyodide/" });
  const root = process.argv[2];
  function copy(dir) {
    py.FS.mkdirTree("/home/pyodide/" + dir);
    for (const name of fs.readdirSync(path.join(root, dir))) {
      const full = path.join(root, dir, name);
      if (fs.statSync(full).isDirectory()) { if (name !== "__pycache__" && name !== "web") copy(dir + "/" + name); }
      else if (name.endsWith(".py") || name.endsWith(".json")) py.FS.writeFile("/home/pyodide/" + dir + "/" + name, fs.readFileSync(full));
    }
  }
  copy("jaipur");
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  py.runPython(fs.readFileSync(process.argv[3], "utf8"));
  const out = py.runPython(`json.dumps(measure(${process.argv[4]}, ${process.argv[5]}, ${process.argv[6]}))`);
  console.log(out);
  console.log(JSON.stringify({python: py.runPython("import sys; sys.version.split()[0]")}));
})();
'''


PROFILE = r'''
import cProfile, pstats, time

def profile(count, iterations):
    ps = positions(count)
    bot = get_bot("maharaja", iterations=iterations, movetime=None)
    pr = cProfile.Profile()
    t = time.perf_counter()
    pr.enable()
    for i, p in enumerate(ps):
        bot.choose(view(p, p.to_move), Rng(i))
    pr.disable()
    rows = {}
    for (f, line, name), (cc, nc, tt, ct, callers) in pstats.Stats(pr).stats.items():
        rows[f"{f.split('/')[-1]}:{line}:{name}"] = [nc, tt]
    return {"seconds": time.perf_counter() - t, "rows": rows, "ops": operations()}

def operations(n=100000):
    """Nanoseconds per call of single operations the search uses."""
    xs = (1, 2, 3, 4, 5, 6)
    d = {i: i for i in range(64)}
    def f(a, b):
        return a + b
    def gen():
        yield from range(6)
    def fail():
        try:
            raise KeyError
        except KeyError:
            return 1
    tests = {"function call": lambda: f(1, 2), "sum(genexpr of 6)": lambda: sum(x for x in xs),
             "sum(tuple of 6)": lambda: sum(xs), "dict.get": lambda: d.get(5), "sorted(6)": lambda: sorted(xs),
             "a generator of 6": lambda: list(gen()), "raise and catch": fail, "f-string": lambda: f"S{3}{'D'}",
             "time.monotonic()": time.monotonic}
    t = time.perf_counter()
    for _ in range(n):
        pass
    base = time.perf_counter() - t
    out = {}
    for name, fn in tests.items():
        t = time.perf_counter()
        for _ in range(n):
            fn()
        out[name] = round((time.perf_counter() - t - base) / n * 1e9, 1)
    return out
'''


def print_profile(pyodide: dict[str, object], cpython: dict[str, object], top: int = 30) -> None:
    """The functions that take most of Pyodide's time, beside CPython's, and the single operations."""
    prow: dict[str, list[float]] = pyodide["rows"]  # type: ignore[assignment]
    crow: dict[str, list[float]] = cpython["rows"]  # type: ignore[assignment]
    print(f"profiled search: Pyodide {pyodide['seconds']:.1f} s, CPython {cpython['seconds']:.1f} s "
          f"(ratio {float(pyodide['seconds']) / float(cpython['seconds']):.2f})")  # type: ignore[arg-type]
    print(f"{'Pyodide s':>10} {'CPython s':>10} {'ratio':>6} {'calls':>9}  function")
    for key, (calls, seconds) in sorted(prow.items(), key=lambda kv: -kv[1][1])[:top]:
        other = crow.get(key, [0, 0.0])[1]
        print(f"{seconds:10.3f} {other:10.3f} {seconds / other if other else 0:6.2f} {int(calls):9d}  {key}")
    print(f"{'Pyodide ns':>10} {'CPython ns':>10} {'ratio':>6}  operation")
    pops: dict[str, float] = pyodide["ops"]  # type: ignore[assignment]
    cops: dict[str, float] = cpython["ops"]  # type: ignore[assignment]
    for name, ns in pops.items():
        print(f"{ns:10.1f} {cops[name]:10.1f} {ns / cops[name] if cops[name] > 0 else 0:6.2f}  {name}")


def in_pyodide(code: str, call: str) -> dict[str, object]:
    """Run `code` in Pyodide under Node with the package, and return the JSON of `call`."""
    with tempfile.TemporaryDirectory() as tmp:
        measure_py = Path(tmp) / "measure.py"
        measure_py.write_text(code)
        node_js = Path(tmp) / "run.cjs"
        node_js.write_text(NODE.replace("measure(${process.argv[4]}, ${process.argv[5]}, ${process.argv[6]})", call))
        done = subprocess.run(["node", str(node_js), str(ROOT), str(measure_py), "0", "0", "0"],
                              capture_output=True, text=True, timeout=3600)
        if done.returncode:
            print(done.stderr, file=sys.stderr)
            raise SystemExit(done.returncode)
        found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-2])
        return found


def main(argv: list[str]) -> None:
    """Run the measurement in Pyodide and in CPython; print both."""
    if argv and argv[0] == "--profile":
        count = int(argv[1]) if len(argv) > 1 else 10
        iterations = int(argv[2]) if len(argv) > 2 else 300
        pyodide = in_pyodide(MEASURE + PROFILE, f"profile({count}, {iterations})")
        namespace: dict[str, object] = {}
        sys.path.insert(0, str(ROOT))
        exec(MEASURE + PROFILE, namespace)  # noqa: S102 - our own measuring code, run the same way in both
        print_profile(pyodide, namespace["profile"](count, iterations))  # type: ignore[operator]
        return
    movetime = float(argv[0]) if argv else 0.8
    count = int(argv[1]) if len(argv) > 1 else 20
    iterations = int(argv[2]) if len(argv) > 2 else 300
    with tempfile.TemporaryDirectory() as tmp:
        measure_py = Path(tmp) / "measure.py"
        measure_py.write_text(MEASURE)
        node_js = Path(tmp) / "run.cjs"
        node_js.write_text(NODE)
        start = time.time()
        done = subprocess.run(["node", str(node_js), str(ROOT), str(measure_py), str(movetime), str(count),
                               str(iterations)],
                              capture_output=True, text=True, timeout=3600)
        if done.returncode:
            print(done.stderr, file=sys.stderr)
            raise SystemExit(done.returncode)
        lines = done.stdout.strip().splitlines()
        pyodide = json.loads(lines[-2])
        pyodide.update(json.loads(lines[-1]))
        pyodide["seconds"] = round(time.time() - start, 1)
    namespace: dict[str, object] = {}
    sys.path.insert(0, str(ROOT))
    exec(MEASURE, namespace)  # noqa: S102 - our own measuring code, run the same way in both interpreters
    cpython = namespace["measure"](movetime, count, iterations)  # type: ignore[operator]
    print(json.dumps({"movetime": movetime, "positions": count, "iterations": iterations, "pyodide": pyodide,
                      "cpython": cpython, "cpython_version": sys.version.split()[0]}))


if __name__ == "__main__":
    main(sys.argv[1:])
