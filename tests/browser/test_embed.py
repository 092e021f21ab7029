"""Embedding in real headless Chromium: position links, still pictures, puzzles, the replay viewer,
the host page's postMessage API (a host page on another origin, and the example explainer page),
bad parameters; every test also checks that no request leaves 127.0.0.1 and the console stays clean."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import jaipur
from jaipur.web.links import make_link

from .helpers import boot, select_hand, shown, write_host_page

browser = pytest.mark.browser

SALE = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12}
PUZZLE = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}
RECORD = ("J1.7.1.VHJhZGVy.Tm92aWNl.TG_TM_XDS-PL_TP_S3S_XPP-MM_TM_S4P_XGS-PM_TP_TC_TL_TM_XCC-MM_S1C_S2C_S2G_"
          "S1L_TL_TL_S1L_TL_TC_TM_TD_TL_TG_S3L_S2D_TP_TG_TC_S2G_TC_TD_S2C_TM_XLL-MM_TS_S2P_S2S_TM_TD_TD_S2D_"
          "S2D_TM_S2L_S1C_TP_TG_XLL-MM_TM")


def link(base_url: str, position: Any = None, record: Any = None, **kw: Any) -> str:
    return make_link(base_url + "index.html", position, record, **kw)


@browser
def test_position_link_opens_that_position_in_compact_chrome(page: Any, page_log: Any, base_url: str,
                                                             wait_settled: Callable[..., str]) -> None:
    caption = 'Sell the <b>four</b> leather & see "why".'
    boot(page, link(base_url, SALE, embed=True, caption=caption), wait_settled)
    p = jaipur.position_from_json(SALE)
    assert shown(page, "market") == jaipur.view(p, 0)["market"]
    assert shown(page, "hand") == jaipur.view(p, 0)["hand"]
    assert page.get_attribute("main.table", "data-turn") == "you"
    assert page.inner_text("[data-caption]") == caption and page.locator("[data-caption] b").count() == 0
    assert page.locator(".brand, .tools, [data-screen=start]").count() == 0   # no site header, no start screen
    # the frame's width from 320 px up: nothing sticks out sideways, cards stay a legible size
    for width in (320, 360, 560, 640, 800):
        page.set_viewport_size({"width": width, "height": 700})
        over = page.evaluate("document.documentElement.scrollWidth")
        card = page.eval_on_selector("[data-zone=market] [data-card]", "e => e.getBoundingClientRect().width")
        font = page.eval_on_selector("[data-zone=market] .card-name", "e => parseFloat(getComputedStyle(e).fontSize)")
        print(f"width {width}: scrollWidth {over}, card {card:.0f}px, card name {font}px")
        assert over <= width and card >= 48 and font >= 9.5
    select_hand(page, "L", 4)
    page.click("button[data-action=sell]")
    page.wait_for_selector("[data-zone=log] [data-move=S4L]", state="attached")
    page_log.assert_clean()


@browser
def test_still_picture_does_not_react(page: Any, page_log: Any, base_url: str,
                                      wait_settled: Callable[..., str]) -> None:
    page.clock.install()                       # the page's own timers, so time can pass without a sleep
    boot(page, link(base_url, SALE, embed=True, interactive=False, caption="Look only."), wait_settled)
    assert page.get_attribute("main.table", "data-turn") == "over"
    assert page.get_attribute("main.table", "data-interactive") == "false"
    before = page.inner_html("#app")
    for zone in ("market", "hand", "herd"):
        page.locator(f"[data-zone={zone}] button[data-card]").first.click(force=True)
    for action in ("take", "camels", "exchange", "sell"):
        assert page.eval_on_selector(f"button[data-action={action}]", "b => b.disabled")
        page.click(f"button[data-action={action}]", force=True)
    page.clock.run_for(300)                    # every timer the clicks could have set falls due, at once
    assert page.locator("[aria-pressed=true]").count() == 0
    assert page.inner_html("#app") == before
    page_log.assert_clean()


@browser
def test_puzzle_says_right_or_wrong_and_reveals_the_answer(page: Any, page_log: Any, base_url: str,
                                                           wait_settled: Callable[..., str]) -> None:
    boot(page, link(base_url, PUZZLE, solution="S4L", caption="Which sale is best?", embed=True), wait_settled)
    assert "Which sale is best?" in page.inner_text("[data-puzzle-task]")
    select_hand(page, "L", 3)
    page.click("button[data-action=sell]")
    assert page.get_attribute("[data-verdict]", "data-verdict") == "wrong"
    assert page.inner_text("[data-verdict]").startswith("Not this one")
    page.wait_for_function("document.querySelector('[data-verdict]').textContent.includes('your opponent could answer')")
    assert shown(page, "hand") == "LLLL"
    page.click("button[data-action=reveal]")
    assert "selling 4 leather" in page.inner_text("[data-answer]") and "S4L" not in page.inner_text("[data-answer]")
    select_hand(page, "L", 4)
    page.click("button[data-action=sell]")
    assert page.get_attribute("[data-verdict]", "data-verdict") == "solved"
    assert page.inner_text("[data-verdict]").startswith("Right: selling 4 leather earns 10 rupees")
    assert page.get_attribute("main.table", "data-turn") == "over"
    page_log.assert_clean()


@browser
def test_replay_viewer_steps_jumps_rounds_and_hides_the_other_hand(page: Any, page_log: Any, base_url: str,
                                                                  wait_settled: Callable[..., str]) -> None:
    rec = _three_round_record()
    positions = jaipur.replay(rec)
    boot(page, link(base_url, record=rec), wait_settled)
    ctl = "[data-zone=replay]"
    assert page.get_attribute(ctl, "data-frame") == "0" and page.get_attribute(ctl, "data-seen") == "0"
    page.click("button[data-action=replay-forward]")
    assert page.get_attribute(ctl, "data-ply") == "1"
    assert page.get_attribute(f"{ctl} [data-last-move]", "data-last-move") == rec.moves[0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute(ctl, "data-ply") == "3"
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute(ctl, "data-ply") == "2"
    # the seat views: own hand face up, the other hand as backs only
    for seat in (0, 1):
        page.click(f"button[data-action=replay-seat][data-value='{seat}']")
        assert shown(page, "hand") == jaipur.view(positions[2], seat)["hand"]
        assert page.locator("[data-zone=opponent-hand] [data-card]").count() == 0
        n = jaipur.view(positions[2], seat)["opponent_hand_size"]
        assert page.locator("[data-zone=opponent-hand] .back").count() == n
        assert jaipur.cards.letters_of(positions[2].hands[1 - seat]) not in page.content()
    page.click("button[data-action=replay-seat][data-value=all]")
    assert shown(page, "opponent-hand") == jaipur.view(positions[2], 1)["hand"]
    # jump to each round's start
    rounds = page.eval_on_selector_all("button[data-action=replay-round]", "els => els.map(e => e.dataset.value)")
    assert len(rounds) >= 2
    page.click(f"button[data-action=replay-round][data-value='{rounds[1]}']")
    assert page.get_attribute("main.table", "data-round") == rounds[1]
    assert "is dealt" in page.inner_text(".replay-said")
    page.keyboard.press("End")
    assert page.get_attribute(ctl, "data-ply") == str(len(rec.moves))
    assert page.locator(f"{ctl} [data-round-result]").count() == 1
    # a step is drawn at once: click -> updated DOM (and layout), over the whole match
    page.keyboard.press("Home")
    times = page.evaluate("""() => {
      const out = [];
      for (;;) {
        const b = document.querySelector('button[data-action=replay-forward]');
        if (b.disabled) break;
        const was = document.querySelector('[data-zone=replay]').dataset.frame;
        const t0 = performance.now(); b.click(); void document.body.offsetHeight;
        if (document.querySelector('[data-zone=replay]').dataset.frame === was) throw new Error('no update');
        out.push(performance.now() - t0);
      }
      return out.sort((a, b) => a - b);
    }""")
    p95 = times[int(0.95 * len(times)) - 1]
    print(f"replay step -> render over {len(times)} frames: p50 {times[len(times) // 2]:.1f} ms, p95 {p95:.1f} ms")
    assert p95 <= 100
    page.keyboard.press("Home")
    assert page.get_attribute(ctl, "data-frame") == "0"
    # autoplay moves on by itself and stops on a click (on the page's own clock, so time passes without a sleep)
    page.clock.install()
    page.click("button[data-action=replay-play]")
    page.wait_for_function("Number(document.querySelector('[data-zone=replay]').dataset.frame) >= 2", timeout=10_000)
    page.click("button[data-action=replay-play]")
    page.wait_for_selector("button[data-action=replay-play][aria-pressed=false]")
    frame = page.get_attribute(ctl, "data-frame")
    page.clock.run_for(1500)                   # the autoplay's next steps would fall due now
    assert page.get_attribute(ctl, "data-frame") == frame
    page_log.assert_clean()


def _three_round_record() -> jaipur.Record:
    p = jaipur.new_match(11)
    moves: list[str] = []
    while p.status != "match-over":
        q = jaipur.next_round(p) if p.round_over else p
        legal = jaipur.legal_moves(q)
        moves.append(legal[(len(moves) * 7) % len(legal)])
        p = jaipur.apply(p, moves[-1])
    return jaipur.Record(seed=11, players=["Ava", "Bo"], moves=moves)


@browser
def test_host_page_on_another_origin_gets_events_and_commands_work(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str], tmp_path: Path,
        serve_folder: Callable[[Path], str]) -> None:
    jaipur_origin = base_url.rstrip("/")
    host_folder = tmp_path / "host"
    host_folder.mkdir()
    host_url = serve_folder(host_folder)
    host_origin = host_url.rstrip("/")
    src = link(base_url, SALE, embed=True, interactive=False, hosts=[host_origin])
    write_host_page(host_folder, src, jaipur_origin, width=400, height=600)
    page.goto(host_url + "host.html")
    page.wait_for_function("window.got.some(m => m.type === 'ready')", timeout=90_000)
    ready = page.evaluate("window.got.find(m => m.type === 'ready')")
    assert ready == {"source": "jaipur", "version": 1, "type": "ready", "view": "position", "mode": "standard",
                     "interactive": False, "seat": 0, "commands": ["load-position", "load-record", "reset"]}
    frame = page.frame_locator("#f")
    assert "".join(frame.locator("[data-zone=market] [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")) \
        == "GSCMM"
    page.evaluate("""window.send({target: "jaipur", type: "load-position", id: 1, caption: "From the host",
                                  position: {market: "DDSCP", hands: ["LLC", "GSPP"], herds: [4, 2], seed: 11}})""")
    frame.locator("[data-caption]").wait_for()
    assert frame.locator("[data-caption]").inner_text() == "From the host"
    assert "".join(frame.locator("[data-zone=market] [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")) \
        == "DDSCP"
    page.evaluate("""window.send({target: "jaipur", type: "load-position", id: 2, position: {market: "MMMMMMM"}})""")
    page.wait_for_function("window.got.some(m => m.type === 'error')")
    error = page.evaluate("window.got.find(m => m.type === 'error')")
    assert error["code"] == "host.position" and error["id"] == 2
    page.evaluate("""(record) => window.send({target: "jaipur", type: "load-record", record})""", RECORD)
    frame.locator("[data-zone=replay]").wait_for()
    page.evaluate("""window.send({target: "jaipur", type: "reset"})""")
    frame.locator("main.table[data-view=still]").wait_for()
    assert "resize" in page.evaluate("window.got.map(m => m.type)")
    assert page_log.foreign_requests() == [] and page_log.failed == []
    assert page_log.console_errors == []


@browser
def test_commands_from_an_origin_not_listed_are_ignored(page: Any, page_log: Any, base_url: str, tmp_path: Path,
                                                        serve_folder: Callable[[Path], str]) -> None:
    jaipur_origin = base_url.rstrip("/")
    host_folder = tmp_path / "other"
    host_folder.mkdir()
    host_url = serve_folder(host_folder)
    src = link(base_url, SALE, embed=True, interactive=False)        # no host=: only its own origin commands it
    write_host_page(host_folder, src, jaipur_origin, width=400, height=600)
    page.goto(host_url + "host.html")
    frame = page.frame_locator("#f")
    frame.locator("main.table").wait_for(timeout=90_000)
    with page.expect_console_message(lambda m: "was ignored" in m.text, timeout=30_000):  # the page's own word
        page.evaluate("""(record) => window.send({target: "jaipur", type: "load-record", record})""", RECORD)
    assert frame.locator("[data-zone=replay]").count() == 0
    assert page.evaluate("window.got") == []          # and no event reached an origin that was not named
    assert page_log.console_errors == []


@browser
def test_explainer_page_every_frame_is_ready_and_shows_its_scenario(page: Any, page_log: Any, base_url: str,
                                                                    wait_settled: Callable[..., str]) -> None:
    page.goto(base_url + "examples/explainer.html")
    frames = page.locator("iframe")
    assert frames.count() == 5
    expected = ["position", "position", "still", "puzzle", "replay"]
    for i, view_kind in enumerate(expected):
        frames.nth(i).scroll_into_view_if_needed()
        frame = frames.nth(i).element_handle().content_frame()
        assert wait_settled(frame) == "ready"
        frame.wait_for_selector("main.table")
        assert frame.get_attribute("main.table", "data-view") == view_kind, i
        assert frame.locator("[data-notices], [data-problems], [data-error]").count() == 0
    exchange = frames.nth(0).element_handle().content_frame()
    assert shown(exchange, "market") == "DDSCP" and "diamonds" in exchange.inner_text("[data-caption]")
    still = frames.nth(2).element_handle().content_frame()
    assert still.eval_on_selector("button[data-action=camels]", "b => b.disabled")
    replay_frame = frames.nth(4).element_handle().content_frame()
    assert replay_frame.get_attribute("[data-zone=replay]", "data-seen") == "all"
    replay_frame.click("button[data-action=replay-forward]")
    assert replay_frame.get_attribute("[data-zone=replay]", "data-ply") == "1"
    # the puzzle: a wrong try, then the right one; the page under it hears both through postMessage
    puzzle = frames.nth(3).element_handle().content_frame()
    puzzle.locator("[data-zone=market] button[data-card=D]").click()
    puzzle.click("button[data-action=take]")
    assert puzzle.get_attribute("[data-verdict]", "data-verdict") == "wrong"
    page.wait_for_function("document.getElementById('puzzle-status').textContent.startsWith('Not taking a diamond')")
    select_hand(puzzle, "G", 2)
    puzzle.click("button[data-action=sell]")
    assert puzzle.get_attribute("[data-verdict]", "data-verdict") == "solved"
    page.wait_for_function("document.getElementById('puzzle-status').textContent.startsWith('Solved: selling 2 gold')")
    # the frames were fitted to their tables (the resize event): nothing to scroll inside them
    page.wait_for_function("""() => [...document.querySelectorAll('iframe')].every(f => {
        const table = f.contentDocument.querySelector('#app > .jaipur');
        return table && Math.abs(f.getBoundingClientRect().height - table.getBoundingClientRect().height) <= 2; })""",
                           timeout=5_000)
    heights = page.eval_on_selector_all("iframe", "els => els.map(e => e.getBoundingClientRect().height)")
    inner = [frames.nth(i).element_handle().content_frame().evaluate(
        "document.querySelector('#app > .jaipur').getBoundingClientRect().height") for i in range(5)]
    print("explainer frames (iframe height, table height):", [(round(a), round(b)) for a, b in zip(heights, inner)])
    assert all(abs(a - b) <= 2 for a, b in zip(heights, inner))
    page_log.assert_clean()


@browser
def test_bad_parameters_show_a_message_never_a_blank_page(page: Any, page_log: Any, base_url: str,
                                                          wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?embed=1&seed=abc&interactive=7&seat=9#position=%%%", wait_settled)
    codes = page.eval_on_selector_all("[data-notices] [data-code]", "els => els.map(e => e.dataset.code)")
    assert {"param.seed", "param.interactive", "param.seat", "param.position"} <= set(codes)
    assert page.locator("main.table [data-zone=market] [data-card]").count() == 5
    boot(page, base_url + "index.html?lang=fa#record=J1.broken", wait_settled)
    assert page.locator("[data-problems]").count() == 1 and "Traceback" not in page.inner_text("body")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert "سابقه‌ی بازی که در نشانی آمده" in page.inner_text("[data-problems]")    # Persian shows Persian
    boot(page, base_url + "index.html#puzzle=" + json.dumps({"market": "MMMDG"}), wait_settled)
    assert "puzzle" in page.inner_text("[data-problems]").lower()
    page_log.assert_clean()


@browser
def test_the_built_site_carries_the_explainer(page: Any, page_log: Any, tmp_path: Path,
                                              serve_folder: Callable[[Path], str],
                                              wait_settled: Callable[..., str]) -> None:
    """`serve.py --build DIR` copies examples/ too (not the script that writes the page); it works from there."""
    import serve

    serve.build(tmp_path / "site")
    assert (tmp_path / "site" / "examples" / "explainer.html").is_file()
    assert not (tmp_path / "site" / "examples" / "make_explainer.py").exists()
    page.goto(serve_folder(tmp_path / "site") + "examples/explainer.html")
    frame = page.locator("iframe").first.element_handle().content_frame()
    assert wait_settled(frame) == "ready"
    assert frame.get_attribute("main.table", "data-view") == "position"
    page_log.assert_clean()
