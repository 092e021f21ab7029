#!/usr/bin/env python3
"""Write examples/explainer.html: a rules explainer that embeds Jaipur positions, a puzzle and a replay.

    python examples/make_explainer.py            rewrite examples/explainer.html
    python examples/make_explainer.py --check    exit 1 when the file is not what this script writes

Every link is made by `jaipur.web.links.make_link`, so the positions are checked
by the engine while the page is written (tests/web/test_links.py checks the file too).
"""

from __future__ import annotations

import html
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaipur import position_to_json, record_from_compact, replay  # noqa: E402
from jaipur.web.draw.static import static_page  # noqa: E402
from jaipur.web.links import make_link, make_snippet  # noqa: E402

BASE = "../index.html"
OUT = Path(__file__).resolve().parent / "explainer.html"

EXCHANGE: dict[str, Any] = {
    "market": "DDSCP", "hands": ["LLC", "GSPP"], "herds": [4, 2], "to_move": 0, "seed": 11,
}
SALE: dict[str, Any] = {
    "market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12,
}
ROUND_END: dict[str, Any] = {
    "market": "MMMDL", "hands": ["GGSC", "LLCP"], "herds": [4, 4], "deck": "S", "to_move": 0, "seed": 13,
    "taken": [
        {"goods": [["D", 7], ["D", 7], ["G", 6], ["G", 6], ["C", 5], ["C", 3], ["C", 3], ["P", 5], ["P", 3],
                   ["P", 3], ["L", 4], ["L", 3], ["L", 2], ["L", 1]], "bonus": [[3, 2], [4, 5]]},
        {"goods": [["D", 5], ["D", 5], ["D", 5], ["S", 5], ["S", 5], ["S", 5], ["S", 5], ["P", 2], ["P", 2],
                   ["P", 1], ["P", 1], ["C", 2], ["C", 2], ["L", 1], ["L", 1], ["L", 1]],
         "bonus": [[3, 1], [3, 3], [3, 2]]},
    ],
}
PUZZLE: dict[str, Any] = {
    "market": "MMDSP", "hands": ["GGCL", "SSCPL"], "herds": [5, 2], "to_move": 0, "seed": 14,
    "goods": {"D": [], "G": [5], "P": []},
    "taken": [
        {"goods": [["D", 7], ["D", 7], ["D", 5], ["G", 6], ["G", 6], ["P", 5], ["P", 3], ["P", 3], ["L", 4],
                   ["L", 3], ["L", 2]], "bonus": [[3, 2]]},
        {"goods": [["D", 5], ["D", 5], ["G", 5], ["G", 5], ["P", 2], ["P", 2], ["P", 1], ["P", 1], ["S", 5],
                   ["S", 5], ["C", 5], ["C", 3], ["C", 3]], "bonus": [[4, 4]]},
    ],
}
PUZZLE_CAPTION = ("The diamond and spice tokens are gone and one gold token is left. "
                  "You lead and have the bigger herd: end the round now.")
REPLAY = ("J1.7.1.VHJhZGVy.Tm92aWNl.TG_TM_XDS-PL_TP_S3S_XPP-MM_TM_S4P_XGS-PM_TP_TC_TL_TM_XCC-MM_S1C_S2C_S2G_"
          "S1L_TL_TL_S1L_TL_TC_TM_TD_TL_TG_S3L_S2D_TP_TG_TC_S2G_TC_TD_S2C_TM_XLL-MM_TS_S2P_S2S_TM_TD_TD_S2D_"
          "S2D_TM_S2L_S1C_TP_TG_XLL-MM_TM")
"""A single-round game, trader (seat 0) against novice (seat 1), written once from the bots."""


def links() -> dict[str, str]:
    """The iframe addresses of the page, by section."""
    return {
        "exchange": make_link(BASE, EXCHANGE, embed=True, interactive=True,
                              caption="Take both diamonds and pay with two camels from your herd."),
        "sale": make_link(BASE, SALE, embed=True, interactive=True,
                          caption="Sell the four leather together."),
        "round-end": make_link(BASE, ROUND_END, embed=True, interactive=False,
                               caption="One card left in the deck: taking the camels would end the round."),
        "puzzle": make_link(BASE, PUZZLE, embed=True, interactive=True, solution=["S2G"], caption=PUZZLE_CAPTION),
        "replay": make_link(BASE, record=REPLAY, embed=True, seat="all"),
    }


CSS = "../assets/css/table.css"
"""The table's stylesheet, from this page (a srcdoc document resolves it against the page's address)."""


def still(position: dict[str, Any], caption: str | None = None, poster: bool = False) -> str:
    """The static HTML of a position as a still picture (no Python in the browser): the page's own renderer."""
    return static_page(make_link(BASE, position, embed=True, interactive=False, caption=caption), CSS, poster=poster)


def posters() -> dict[str, str]:
    """What each frame shows before Python runs: the still picture itself, and a poster for the live tables."""
    first = position_to_json(replay(record_from_compact(REPLAY))[0])
    start = {k: first[k] for k in ("market", "hands", "herds", "to_move", "seed", "mode")}
    return {
        "exchange": still(EXCHANGE, "Take both diamonds and pay with two camels from your herd.", poster=True),
        "sale": still(SALE, "Sell the four leather together.", poster=True),
        "round-end": still(ROUND_END, "One card left in the deck: taking the camels would end the round."),
        "puzzle": still({k: v for k, v in PUZZLE.items()}, PUZZLE_CAPTION, poster=True),
        "replay": still(start, poster=True),
    }


def frame(src: str, title: str, tall: bool = False, doc: str | None = None, ident: str | None = None) -> str:
    """An iframe element for `src`; with `doc`, that static HTML is shown (srcdoc) until the script loads `src`."""
    cls = ' class="tall"' if tall else ""
    idattr = f' id="{ident}"' if ident else ""
    srcdoc = f' srcdoc="{html.escape(doc)}"' if doc is not None else ""
    return f'<iframe{idattr}{cls} src="{html.escape(src)}"{srcdoc} title="{html.escape(title)}"></iframe>'


STYLE = """
  :root { --ink: #3b2417; --soft: #8a6a58; --paper: #fbf6ef; --card: #fffdf9; --accent: #7a2e1d; --line: #e4d3c3; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--paper); color: var(--ink);
         font: 1.05rem/1.6 Georgia, "Iowan Old Style", "Palatino Linotype", serif; }
  header { background: var(--accent); color: #fff7ee; padding: 2.5rem 1.25rem 2rem; }
  header p { max-width: 44rem; margin: .5rem auto 0; opacity: .9; }
  h1 { max-width: 44rem; margin: 0 auto; font-size: 2.3rem; line-height: 1.15; }
  main { max-width: 44rem; margin: 0 auto; padding: 1rem 1.25rem 4rem; }
  h2 { margin: 2.75rem 0 .5rem; font-size: 1.45rem; color: var(--accent); }
  figure { margin: 1.25rem 0; padding: .75rem; background: var(--card); border: 1px solid var(--line);
           border-radius: .75rem; box-shadow: 0 1px 3px rgba(59, 36, 23, .08); }
  iframe { display: block; width: 100%; height: 46rem; border: 0; border-radius: .5rem; background: #f3e9dc; }
  iframe.tall { height: 48rem; }
  figcaption { margin-top: .6rem; color: var(--soft); font-size: .92rem; }
  code, pre { font: .85rem/1.5 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
  code { background: #f3e9dc; padding: .05rem .3rem; border-radius: .25rem; }
  pre { overflow-x: auto; padding: 1rem; background: #2b1a10; color: #f7eadb; border-radius: .5rem; }
  pre code { background: none; padding: 0; }
  .note { padding: .75rem 1rem; border-left: 4px solid var(--accent); background: #f6ebdf; border-radius: .25rem; }
  .status { min-height: 1.6em; font-style: italic; color: var(--accent); }
  footer { max-width: 44rem; margin: 0 auto; padding: 0 1.25rem 3rem; color: var(--soft); font-size: .9rem; }
  @media (max-width: 480px) {
    header { padding: 1.5rem 1rem 1.25rem; }
    h1 { font-size: 1.8rem; }
    main { padding: .5rem .6rem 3rem; }
    figure { margin: 1rem -.25rem; padding: .3rem; }
  }
"""

SCRIPT = """
  // Listen to the embedded tables' events (see docs/embedding.md): only our own frames, only their messages.
  // "resize" fits each iframe to its table; the puzzle's "puzzle" events are said under it.
  const frames = [...document.querySelectorAll("iframe")];
  const puzzle = document.getElementById("puzzle-frame");
  const status = document.getElementById("puzzle-status");
  // A poster (the frame's static picture, data-poster) is swapped for the live table when the reader comes
  // near it: dropping srcdoc loads the frame's src. The still picture stays static: it needs no Python.
  // (once the poster has loaded: its pictures are not cut off mid-request)
  const drop = (f) => { if (f.hasAttribute("srcdoc") && f.dataset.poster === "1") f.removeAttribute("srcdoc"); };
  const live = (f) => {
    const d = f.contentDocument;
    if (d && d.readyState === "complete" && d.documentElement.dataset.poster) drop(f);
    else f.addEventListener("load", () => drop(f), {once: true});
  };
  for (const f of frames) if (/data-poster=/.test(f.getAttribute("srcdoc") || "")) f.dataset.poster = "1";
  if (window.IntersectionObserver) {
    const near = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) { near.unobserve(e.target); live(e.target); }
    }, {rootMargin: "200px 0px"});
    frames.forEach((f) => near.observe(f));
  } else frames.forEach(live);
  addEventListener("message", (event) => {
    const frame = frames.find((f) => f.contentWindow === event.source);
    if (!frame || event.origin !== location.origin) return;
    const data = event.data || {};
    if (data.source !== "jaipur") return;
    if (data.type === "resize" && data.height > 200) frame.style.height = Math.min(data.height, 2400) + "px";
    if (data.type === "puzzle" && frame === puzzle) {
      status.textContent = data.solved ? "Solved: " + said(data.move) + " ends the round while you lead."
        : data.correct ? "Good move - keep going." : "Not " + said(data.move) + " - try again.";
    }
  });
  // An event's move is in the notation (docs/formats.md); a reader is told it in words.
  const GOODS = {D: "diamond", G: "gold", S: "silver", C: "cloth", P: "spice", L: "leather", M: "camel"};
  const PLURAL = {D: "diamonds", M: "camels"};
  const cards = (letters) => Object.entries([...letters].reduce((n, c) => ({...n, [c]: (n[c] || 0) + 1}), {}))
    .map(([c, n]) => n === 1 ? "a " + GOODS[c] : n + " " + (PLURAL[c] || GOODS[c])).join(" and ");
  function said(move) {
    const m = /^([TXS])(\\d*)([A-Z]+)(?:-([A-Z]+))?$/.exec(String(move || ""));
    if (!m) return "that move";
    if (move === "TM") return "taking the camels";
    if (m[1] === "T") return "taking " + cards(m[3]);
    if (m[1] === "S") return "selling " + cards(m[3].repeat(Number(m[2])));
    return "taking " + cards(m[3]) + " for " + cards(m[4]);
  }
"""


def page() -> str:
    """The whole explainer page."""
    ln = links()
    pics = posters()
    snippet = make_snippet(ln["exchange"], "Jaipur: an exchange with camels")
    return f"""<!doctype html>
<!-- Written by examples/make_explainer.py (edit that script, then run it). Relative URLs only:
     this page requests nothing from another origin. Serve the repository with `python serve.py`
     and open /examples/explainer.html (the embedded game does not run from file://). -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>How to trade in Jaipur — an explainer with live positions</title>
<link rel="icon" href="data:,">
<style>{STYLE}</style>
</head>
<body>
<header>
  <h1>How to trade in Jaipur</h1>
  <p>Four moments of the two-player trading game, each a live table you can play with, then a puzzle
  and a whole game to replay. Every table below is the Jaipur page itself, embedded with one line of HTML.</p>
</header>
<main>
  <p>Each turn you do exactly one thing: <strong>take</strong> cards from the market (one good, several
  goods in exchange for as many of your cards, or all the camels) or <strong>sell</strong> cards of one
  good from your hand for tokens. The market always holds five cards.</p>

  <h2>1. An exchange paid with camels</h2>
  <p>To take several goods at once you must give back as many cards — and camels from your herd count.
  Here you may take both diamonds and pay with two camels: your hand grows by two cards, your herd
  shrinks by two. Select the two diamonds and two camels of your herd, then press <em>Exchange</em>.</p>
  <figure>
    {frame(ln["exchange"], "Jaipur: an exchange with camels", doc=pics["exchange"])}
    <figcaption>Move <code>XDD-MM</code>: take two diamonds, give two camels. You can never take a
    single card in an exchange, nor take and give the same good.</figcaption>
  </figure>

  <h2>2. A sale that earns a bonus</h2>
  <p>Selling three, four or five cards at once earns a bonus token on top of the goods tokens
  (worth 1–3, 4–6 and 8–10 rupees). With four leather in hand, selling them together takes the
  leather tokens 4, 3, 2 and 1 and a 4-card bonus token.</p>
  <figure>
    {frame(ln["sale"], "Jaipur: selling four leather for a bonus", doc=pics["sale"])}
    <figcaption>Move <code>S4L</code>: 10 rupees of leather and a 4-card bonus token, whose value stays
    hidden from your opponent until the round is scored.</figcaption>
  </figure>

  <h2>3. A round about to end</h2>
  <p>A round ends at once when three kinds of goods tokens are sold out, or when the market cannot be
  refilled to five cards. Diamonds and spice are already gone and a single card is left in the deck:
  whoever takes the three camels now ends the round, because the market cannot be refilled.</p>
  <figure>
    {frame(ln["round-end"], "Jaipur: a round about to end (not interactive)", doc=pics["round-end"])}
    <figcaption>A still picture (<code>interactive=0</code>): the reader looks but cannot move. It is plain
    HTML written by <code>python -m jaipur.web.links static</code>, so it shows at once, without Python.</figcaption>
  </figure>

  <h2>4. Puzzle: close it out</h2>
  <p>{html.escape(PUZZLE_CAPTION)} Find the one move that does it; the table tells you whether you are right
  and can reveal the answer.</p>
  <figure>
    {frame(ln["puzzle"], "Jaipur puzzle: end the round", doc=pics["puzzle"], ident="puzzle-frame")}
    <figcaption class="status" id="puzzle-status" aria-live="polite"></figcaption>
  </figure>

  <h2>5. A whole round, replayed</h2>
  <p>A game record is the seed and the moves, so a finished game fits in a link. Step through this
  single-round game between two computer players, with both hands shown.</p>
  <figure>
    {frame(ln["replay"], "Jaipur: a replayed game", tall=True, doc=pics["replay"])}
  </figure>

  <h2>Embed a position on your page</h2>
  <p>Copy the line below; the position is in the address after <code>#position=</code> (base64url of the
  position's JSON). <code>embed=1</code> shows only the table, <code>interactive=0</code> makes it a still
  picture, <code>caption=</code> adds a line of text. <code>docs/embedding.md</code> lists every parameter,
  the puzzle format and the messages the table sends to your page.</p>
  <pre><code>{html.escape(snippet)}</code></pre>
  <p class="note">Write links with <code>python -m jaipur.web.links --position my.json --embed</code>,
  and check one with <code>python -m jaipur.web.links --check URL</code>.</p>
</main>
<footer>Jaipur is a game by Sébastien Pauchon. This page is an example of embedding; it loads nothing from
other sites.</footer>
<script>{SCRIPT}</script>
</body>
</html>
"""


def main(argv: list[str]) -> int:
    """Write the page, or with --check compare it with the file."""
    text = page()
    if "--check" in argv:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("examples/explainer.html is up to date" if same else "examples/explainer.html is stale: run "
              "python examples/make_explainer.py")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
