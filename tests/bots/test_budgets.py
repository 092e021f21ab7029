"""Every thinking time is the one `jaipur.bots.budgets` sets: the page, its worker, the lab and the command line."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from jaipur.bots import budgets, get_bot
from jaipur.bots.registry import UnknownBotError, lab_label, lab_spec
from jaipur.web.modes import hinter, replay, thinker

ROOT = Path(__file__).resolve().parents[2]
SEARCH_FILES = [*sorted((ROOT / "jaipur").rglob("*.py")), *sorted((ROOT / "lab").glob("*.py"))]
FROZEN = {"maharaja1.py"}   # the frozen baseline keeps its own constants, as it was measured


def test_the_page_hints_and_review_read_the_budgets() -> None:
    assert thinker.browser_movetimes() == {"maharaja": budgets.BROWSER_MOVETIME}
    assert hinter.HINT_MOVETIME == budgets.HINT_MOVETIME <= budgets.BROWSER_MOVETIME
    assert (replay.REVIEW_MOVETIME, replay.REVIEW_BUDGET) == (budgets.REVIEW_MOVETIME, budgets.REVIEW_BUDGET)
    assert get_bot("maharaja").movetime == budgets.DEFAULT_MOVETIME


def test_no_module_writes_a_thinking_time_of_its_own() -> None:
    pattern = re.compile(r"^\s*[A-Z_]*MOVETIME[A-Z_]*\s*(:[^=]*)?=\s*[0-9]", re.M)
    written = [p.relative_to(ROOT).as_posix() for p in SEARCH_FILES
               if p.name not in FROZEN and p.name != "budgets.py" and pattern.search(p.read_text(encoding="utf-8"))]
    assert written == []
    assert "movetime=0" not in (ROOT / "lab" / "lab_worker.py").read_text(encoding="utf-8")


def test_the_lab_says_the_budget_it_plays() -> None:
    text = (ROOT / "lab.html").read_text(encoding="utf-8")
    assert f"maharaja ({budgets.LAB_MOVETIME:g} s a move)" in text        # what shows until the worker is ready
    assert lab_label("maharaja") == f"maharaja ({budgets.LAB_MOVETIME:g} s a move)"
    assert lab_spec("maharaja") == f"maharaja:movetime={budgets.LAB_MOVETIME:g}"


def test_the_one_hour_cap_is_the_same_everywhere() -> None:
    over = budgets.MAX_MOVETIME + 1
    try:
        get_bot(f"maharaja:movetime={over:g}")
    except UnknownBotError as exc:
        assert f"at most {budgets.MAX_MOVETIME:.0f}" in str(exc)
    else:
        raise AssertionError("the registry took a movetime over the cap")
    out = subprocess.run([sys.executable, "-m", "jaipur", "play", "--movetime", f"{over:g}"],
                         capture_output=True, text=True, cwd=ROOT, input="")
    assert out.returncode != 0 and f"at most {budgets.MAX_MOVETIME:g}" in out.stdout + out.stderr
