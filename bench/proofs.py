#!/usr/bin/env python3
"""The proofs of jaipur.fair.proofs timed in CPython on secp256k1: median over runs, with their sizes.

    python bench/proofs.py [--runs 5] [--sizes 18,52,70] [--json]
    python bench/proofs.py --pyodide DIR [--friend-zip FILE] [--runs 3]   (the same under Node in Pyodide)

For each deck size n: shuffling (permute and re-mask), making the Terelius–Wikström argument and checking it
(bytes of the argument, of the deck it comes with, and their base64url length without padding); re-keying a deck
from one key to the joint key with its proof. Then a round's 70 items shuffled by group (four arguments), a
Chaum–Pedersen share (one place, and a hand of five in one proof), a Schnorr key proof, and the multi-scalar
multiplication of 70 terms against 70 multiplications.
`measure()` is plain Python: with `--pyodide DIR` (a directory holding node_modules/pyodide, as `npm ci` makes
it) it runs under Node in Pyodide (WebAssembly, the engine Chromium uses), the package copied in and `ecdsa`
unpacked from the friend archive `python serve.py --fetch-only` builds (assets/vendor/friend.zip).
"""
from __future__ import annotations

import argparse
import base64
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaipur.fair.items import GROUPS, ITEMS  # noqa: E402
from jaipur.fair.proofs import elgamal as eg  # noqa: E402
from jaipur.fair.proofs import grouped as gr  # noqa: E402
from jaipur.fair.proofs import shuffle as sh  # noqa: E402
from jaipur.fair.proofs import sigma  # noqa: E402
from jaipur.fair.proofs.group import DEFAULT_RANDOM, random_scalar, secp256k1_group  # noqa: E402
from jaipur.fair.proofs.pace import Pacer, Steps  # noqa: E402
from jaipur.fair.proofs.transcript import Context  # noqa: E402


def b64_len(size: int) -> int:
    """Characters of `size` bytes in base64url without padding."""
    return len(base64.urlsafe_b64encode(bytes(size)).rstrip(b"="))


CPU: dict[str, float] = {}
"""Of the last `timed` call: the median processor time ("last") and the fastest wall time ("fastest"), in ms,
kept apart: on a shared machine the wall clock counts other jobs' time too."""


def timed(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    """The median wall time of `runs` calls (ms) and the last call's result (the processor time in CPU["last"])."""
    times = []
    cpu = []
    result = None
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        result = fn()
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    CPU["last"] = round(statistics.median(cpu), 1)
    CPU["fastest"] = round(min(times), 1)
    return round(statistics.median(times), 1), result


def longest_step(steps: Steps[Any]) -> tuple[float, int]:
    """Drive a stepped computation; the longest stretch of work between two yields (ms) and the steps."""
    longest = 0.0
    count = 0
    while True:
        t = time.perf_counter()
        try:
            next(steps)
        except StopIteration:
            return round(max(longest, (time.perf_counter() - t) * 1000), 1), count + 1
        longest = max(longest, (time.perf_counter() - t) * 1000)
        count += 1


def game_deal(runs: int) -> dict[str, Any]:
    """A round-1 deal as `FriendGame` makes it, stepped as the page drives it: each side's work per message (wall
    ms, median over runs) and the longest step between two yields; then a card opened (a market refill's shares
    made with a move, and checked)."""
    from jaipur.fair import FriendGame

    work: dict[str, list[float]] = {k: [] for k in ("answer", "deal", "hands", "move_made", "move_checked")}
    longest: dict[str, float] = {k: 0.0 for k in work}

    def drive(label: str, steps: Steps[Any]) -> Any:
        t = time.perf_counter()
        worst, value = 0.0, None
        while True:
            mark = time.perf_counter()
            try:
                next(steps)
            except StopIteration as stop:
                value = stop.value
                worst = max(worst, (time.perf_counter() - mark) * 1000)
                break
            worst = max(worst, (time.perf_counter() - mark) * 1000)
        work[label].append((time.perf_counter() - t) * 1000)
        longest[label] = max(longest[label], worst)
        return value

    for _ in range(runs):
        ava = FriendGame.invite("Ava", "single-round")
        bo = drive("answer", FriendGame.accept_steps(ava.outgoing_text(), "Bo"))     # shuffle + argument
        drive("deal", ava.receive_steps(bo.outgoing_text()))      # check it, shuffle + argument, shares + proof
        drive("hands", bo.receive_steps(ava.outgoing_text()))     # check both, open the hand, shares + proof
        ava.receive(bo.outgoing_text())
        mover, other = (ava, bo) if ava.move_due() else (bo, ava)
        take = next((m for m in mover.legal_moves() if m.startswith("take ")), mover.legal_moves()[0])
        drive("move_made", mover.play_steps(take))
        drive("move_checked", other.receive_steps(mover.outgoing_text()))
    return {k: {"median_ms": round(statistics.median(v), 1), "longest_step_ms": round(longest[k], 1)}
            for k, v in work.items()}


def measure(runs: int = 5, sizes: tuple[int, ...] = (18, 52, 70)) -> dict[str, Any]:
    """Every figure of the benchmark, as a dict."""
    g = secp256k1_group()
    ctx = Context(b"bench-game-1", 1, "bench")
    a, b = eg.KeyPair.make(g), eg.KeyPair.make(g)
    key = eg.joint_key(g, [a.public, b.public])
    out: dict[str, Any] = {"shuffle": {}, "rekey": {}}
    for n in sizes:
        deck = [eg.encrypt(g, key, g.hash_to_element(b"bench item %d" % i), i + 1) for i in range(n)]
        sh.generators(g, n)  # made once per page; not part of a shuffle's time
        t_shuffle, done = timed(partial(sh.shuffle, g, key, deck), runs)
        c_shuffle, f_shuffle = CPU["last"], CPU["fastest"]
        t_prove, proof = timed(partial(sh.prove_shuffle, g, key, deck, done, ctx), runs)
        c_prove, f_prove = CPU["last"], CPU["fastest"]
        t_check, _ = timed(partial(sh.check_shuffle, g, key, deck, done.out, proof, ctx), runs)
        c_check, f_check = CPU["last"], CPU["fastest"]
        step_prove = longest_step(sh.prove_shuffle_steps(g, key, deck, done, ctx, DEFAULT_RANDOM, Pacer()))
        step_check = longest_step(sh.check_shuffle_steps(g, key, deck, done.out, proof, ctx, Pacer()))
        size = len(proof.to_bytes(g))
        deck_size = len(eg.write_ciphertexts(g, done.out))
        out["shuffle"][n] = {"shuffle_ms": t_shuffle, "prove_ms": t_prove, "check_ms": t_check,
                             "cpu_ms": [c_shuffle, c_prove, c_check], "fastest_ms": [f_shuffle, f_prove, f_check],
                             "stepped_longest_ms": [step_prove[0], step_check[0]],
                             "steps": [step_prove[1], step_check[1]],
                             "proof_bytes": size, "proof_b64": b64_len(size), "deck_bytes": deck_size,
                             "deck_and_proof_b64": b64_len(size + deck_size)}
        under_a = [eg.encrypt(g, a.public, g.hash_to_element(b"bench item %d" % i), i + 1) for i in range(n)]
        t_rk, (rk, rk_proof) = timed(partial(sigma.prove_rekey, g, b, under_a, ctx), runs)
        t_rkc, _ = timed(partial(sigma.check_rekey, g, b.public, under_a, rk, rk_proof, ctx), runs)
        out["rekey"][n] = {"prove_ms": t_rk, "check_ms": t_rkc, "proof_bytes": sigma.sigma_size(g)}
    deck = [eg.encrypt(g, key, g.hash_to_element(b"bench item %d" % i), 1) for i in range(ITEMS)]
    parts = gr.shuffle_grouped(g, key, deck, GROUPS)
    t_gp, data = timed(lambda: gr.prove_grouped(g, key, deck, GROUPS, parts, ctx), runs)
    c_gp, f_gp = CPU["last"], CPU["fastest"]
    t_gc, _ = timed(lambda: gr.check_grouped(g, key, deck, gr.joined(parts), GROUPS, data, ctx), runs)
    out["grouped70"] = {"prove_ms": t_gp, "check_ms": t_gc, "cpu_ms": [c_gp, CPU["last"]],
                        "fastest_ms": [f_gp, CPU["fastest"]], "bytes": len(data),
                        "deck_and_proof_b64": b64_len(len(data) + ITEMS * eg.ciphertext_size(g))}
    deck = [eg.encrypt(g, key, g.hash_to_element(b"bench item %d" % i), i + 1) for i in range(5)]
    many = max(runs * 4, 20)
    for label, places in (("share_1", deck[:1]), ("share_5", deck)):
        t_p, (shares, proof) = timed(partial(sigma.prove_shares, g, a, places, ctx), many)
        t_c, _ = timed(partial(sigma.check_shares, g, a.public, places, shares, proof, ctx), many)
        size = len(places) * g.element_size + sigma.sigma_size(g)
        out[label] = {"prove_ms": t_p, "check_ms": t_c, "bytes": size, "b64": b64_len(size)}
    t_p, proof = timed(lambda: sigma.prove_key(g, a, ctx, 0), many)
    t_c, _ = timed(lambda: sigma.check_key(g, a.public, proof, ctx, 0), many)
    out["schnorr"] = {"prove_ms": t_p, "check_ms": t_c, "bytes": g.element_size + sigma.sigma_size(g),
                      "b64": b64_len(g.element_size + sigma.sigma_size(g))}
    points = [g.hash_to_element(b"bench msm %d" % i) for i in range(70)]
    scalars = [random_scalar(g) for _ in points]

    def one_by_one() -> Any:
        total = g.identity
        for p, k in zip(points, scalars):
            total = g.add(total, g.mul(p, k))
        return total

    t_naive, _ = timed(one_by_one, runs)
    t_msm, _ = timed(lambda: g.msm(points, scalars), runs)
    out["msm70"] = {"one_by_one_ms": t_naive, "straus_ms": t_msm}
    out["game"] = game_deal(max(1, runs // 2))
    return out


def report(figures: dict[str, Any]) -> str:
    """The figures as Markdown tables."""
    lines = ["| n | shuffle | make argument | check argument | argument | deck | deck + argument, base64url |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for n, f in figures["shuffle"].items():
        cpu, fast = f["cpu_ms"], f.get("fastest_ms", ["?"] * 3)
        lines.append(f"| {n} | {f['shuffle_ms']} ms ({cpu[0]}; {fast[0]}) | {f['prove_ms']} ms ({cpu[1]}; {fast[1]}) | "
                     f"{f['check_ms']} ms ({cpu[2]}; {fast[2]}) | "
                     f"{f['proof_bytes']:,} B ({f['proof_b64']:,} chars) | {f['deck_bytes']:,} B | "
                     f"{f['deck_and_proof_b64']:,} chars |")
    lines += ["", "Stepped (a yield every 20 ms of work), the longest step and the number of steps:", ""]
    lines += [f"- n = {n}: making {f['stepped_longest_ms'][0]} ms ({f['steps'][0]} steps), checking "
              f"{f['stepped_longest_ms'][1]} ms ({f['steps'][1]} steps)" for n, f in figures["shuffle"].items()]
    if "grouped70" in figures:
        f = figures["grouped70"]
        lines += ["", f"A round's 70 items by group (52 + 7 + 6 + 5, four arguments): making {f['prove_ms']} ms "
                      f"({f['cpu_ms'][0]}; {f['fastest_ms'][0]}), checking {f['check_ms']} ms ({f['cpu_ms'][1]}; "
                      f"{f['fastest_ms'][1]}), {f['bytes']:,} bytes; "
                      "with the deck "
                      f"{f['deck_and_proof_b64']:,} base64url characters."]
    lines += ["", "| proof | make | check | bytes (base64url chars) |", "| --- | --- | --- | --- |"]
    for n, f in figures["rekey"].items():
        lines.append(f"| re-key {n} places (Chaum–Pedersen, batched) | {f['prove_ms']} ms | {f['check_ms']} ms | "
                     f"{f['proof_bytes']} |")
    for label, name in (("share_1", "one share + Chaum–Pedersen"), ("share_5", "five shares, one proof"),
                        ("schnorr", "key + Schnorr")):
        f = figures[label]
        lines.append(f"| {name} | {f['prove_ms']} ms | {f['check_ms']} ms | {f['bytes']} ({f['b64']}) |")
    m = figures["msm70"]
    lines += ["", "Wall-clock medians; in brackets the processor-time median and the fastest run (ms); in Pyodide the "
              "processor clock is the wall clock."]
    lines += ["", f"Σ kᵢ·Pᵢ over 70 points: {m['one_by_one_ms']} ms one multiplication at a time, "
              f"{m['straus_ms']} ms by Straus (wNAF 5)."]
    if "game" in figures:
        names = {"answer": "the friend's answer (its shuffle of the public deck, four arguments)",
                 "deal": "the inviter takes it (checks the four arguments, shuffles, argues, shares 7 places)",
                 "hands": "the friend takes that (checks the arguments and the shares, opens its hand, shares 7)",
                 "move_made": "a move that draws a refill (its share, with proof)",
                 "move_checked": "the other takes it (checks the share, opens the card)"}
        lines += ["", "The round-1 deal as `FriendGame` makes it, stepped as the page drives it:", "",
                  "| work | median | longest step |", "| --- | --- | --- |"]
        lines += [f"| {names[k]} | {f['median_ms']} ms | {f['longest_step_ms']} ms |"
                  for k, f in figures["game"].items()]
    return "\n".join(lines)


NODE = r"""
const [pyodideDir, root, friendZip, runs, sizes] = process.argv.slice(2);
const { loadPyodide } = require(pyodideDir + "/node_modules/pyodide/pyodide.js");
const fs = require("fs");
const path = require("path");
(async () => {
  const py = await loadPyodide({ indexURL: pyodideDir + "/node_modules/pyodide/" });
  function copy(dir) {
    py.FS.mkdirTree("/home/pyodide/" + dir);
    for (const name of fs.readdirSync(path.join(root, dir))) {
      const full = path.join(root, dir, name);
      if (fs.statSync(full).isDirectory()) { if (name !== "__pycache__" && name !== "web") copy(dir + "/" + name); }
      else if (name.endsWith(".py") || name.endsWith(".json")) py.FS.writeFile("/home/pyodide/" + dir + "/" + name, fs.readFileSync(full));
    }
  }
  copy("jaipur");
  py.FS.writeFile("/home/pyodide/bench_proofs.py", fs.readFileSync(path.join(root, "bench", "proofs.py")));
  py.FS.writeFile("/home/pyodide/friend.zip", fs.readFileSync(friendZip));
  py.runPython("import sys, zipfile; zipfile.ZipFile('/home/pyodide/friend.zip').extractall('/home/pyodide'); sys.path.insert(0, '/home/pyodide')");
  try {
    const out = py.runPython(`import json, sys, bench_proofs; json.dumps(dict(bench_proofs.measure(${runs}, (${sizes},)), python=sys.version.split()[0], platform=sys.platform))`);
    console.log(out);
  } catch (e) {  // Node would print the minified source line around the throw, not the Python traceback
    console.error(String(e.message).slice(-3000));
    process.exit(1);
  }
})();
"""


def in_pyodide(pyodide_dir: str, friend_zip: str, runs: int, sizes: tuple[int, ...]) -> dict[str, Any]:
    """`measure()` run under Node in Pyodide."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "run.cjs"
        script.write_text(NODE)
        done = subprocess.run(["node", str(script), str(Path(pyodide_dir).resolve()), str(ROOT),
                               str(Path(friend_zip).resolve()), str(runs), ",".join(map(str, sizes))],
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    got: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return got


def main(argv: list[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="18,52,70")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--pyodide", metavar="DIR", help="run in Pyodide: DIR holds node_modules/pyodide")
    parser.add_argument("--friend-zip", default=str(ROOT / "assets/vendor/friend.zip"),
                        help="the archive holding ecdsa (default assets/vendor/friend.zip)")
    args = parser.parse_args(argv)
    sizes = tuple(int(s) for s in args.sizes.split(","))
    if args.pyodide:
        figures = in_pyodide(args.pyodide, args.friend_zip, args.runs, sizes)
        figures["shuffle"] = {int(k): v for k, v in figures["shuffle"].items()}
        figures["rekey"] = {int(k): v for k, v in figures["rekey"].items()}
    else:
        figures = measure(args.runs, sizes)
    print(json.dumps(figures, indent=1) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
