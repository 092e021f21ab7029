"""Layers point one way: the rules engine imports nothing above it, the bots import the engine, the study tools
the bots, the page all of them, the command line anything. Every import statement counts, at a module's top or
inside a function (the allow-list is empty); `jaipur.review` and `jaipur.puzzlebook` are aliases that import
their study tool only when a name is asked for (or the command runs), so they sit with the command line."""

from __future__ import annotations

import subprocess
import sys

import serve

COMMAND_LINE = {"jaipur.__main__", "jaipur.cli_io", "jaipur.cli_friend", "jaipur.bench", "jaipur.bots.cli",
                "jaipur.study.puzzlebook_cli", "jaipur.review", "jaipur.puzzlebook"}


def layer(module: str) -> int:
    """1 rules engine (jaipur/*.py, jaipur.fair, jaipur.lang), 2 bots, 3 study tools, 4 web, 5 command line."""
    if module in COMMAND_LINE:
        return 5
    part = module.split(".")[1] if "." in module else ""
    return {"bots": 2, "study": 3, "web": 4}.get(part, 1)


def test_no_module_imports_a_layer_above_its_own() -> None:
    upward = []
    for name in serve.package_files():
        if not name.endswith(".py"):
            continue
        module = name[:-3].replace("/", ".").removesuffix(".__init__")
        for imported in serve._imports(module, serve.ROOT / name):
            if serve._module_file(serve.ROOT, imported) is not None and layer(imported) > layer(module):
                upward.append(f"{module} -> {imported}")
    assert upward == []


def test_the_old_names_still_work_and_import_nothing_until_used() -> None:
    code = ("import sys, jaipur.review, jaipur.puzzlebook; assert 'jaipur.study' not in sys.modules; "
            "from jaipur.puzzlebook import load; from jaipur.review import review; print(len(load()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) > 0
    helped = subprocess.run([sys.executable, "-m", "jaipur.puzzlebook", "--help"], capture_output=True, text=True)
    assert helped.returncode == 0 and "make" in helped.stdout
