"""A new level and a new language, each added as the README says, in a temporary copy of the project: the level
is one module and one registry row (plus its words in each catalogue), the language one catalogue and one entry
in the list; the command line, the page's archive, the loading screen, the start screen and a game against the
new level then take them up with no other file edited."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DUMMY_BOT = '''"""The `dummy` level: the first legal move."""
from __future__ import annotations

from ..rng import Rng
from ..types import View
from .base import Bot, Thinking, legal_from_view


class DummyBot(Bot):
    """Plays the first legal move."""

    name = "dummy"

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """The first legal move."""
        return legal_from_view(view)[0]
        yield  # pragma: no cover - makes this a generator
'''

CHECK = r'''
import sys
from pathlib import Path
root = Path.cwd()
sys.path.insert(0, str(root))
import serve
assert serve.sync_boot_words(root) is True                   # the loading screen's words, written from the catalogues
page = (root / "index.html").read_text(encoding="utf-8")
assert '"xx": {' in page and "Lade das Spiel" in page
files = serve.page_files(root)
assert "jaipur/bots/dummy.py" in files and "jaipur/lang/xx.py" in files and "jaipur/bots/maharaja1.py" not in files

from jaipur.bots import LEVELS, get_bot
from jaipur.bots.registry import LEVELS as OFFERED
assert "dummy" in LEVELS and "dummy" in OFFERED
from jaipur import new_match, view, Rng
p = new_match(seed=3)
assert get_bot("dummy").choose(view(p, p.to_move), Rng(1)) is not None

from jaipur.web.links.address import read_address
from jaipur.web.app import Controller
from jaipur.web.modes.thinker import load_bots
from jaipur.web.draw.render import text_of
from tests.web.fakes import FakePlatform

address = read_address("?lang=xx&opponent=dummy&seed=5", "")
assert address.problems == [], address.problems
pf = FakePlatform()
c = Controller(pf, address, load_bots(), min_think=0)
c.boot()
pf.run()
text = text_of(pf.node)
assert pf.node.attrs["lang"] == "xx", pf.node.attrs
assert "Dummkopf" in text, text[:400]                        # the opponent named in the new language's words
print("ok")
'''


def copy_project(dest: Path) -> None:
    """The files a change of level or language touches or reads, copied (no caches, no vendor files)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("jaipur", "tests"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    for name in ("serve.py", "index.html", "main.py", "pyproject.toml", "pyscript.toml"):
        shutil.copy2(ROOT / name, dest / name)


def insert_after(path: Path, anchor: str, text: str) -> None:
    """Add text after the one line that starts with anchor."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.lstrip().startswith(anchor)]
    assert len(at) == 1, (path, anchor)
    lines.insert(at[0] + 1, text)
    path.write_text("".join(lines), encoding="utf-8")


def test_a_new_level_and_a_new_language_need_only_their_own_files(tmp_path: Path) -> None:
    copy_project(tmp_path)
    before = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    pkg = tmp_path / "jaipur"
    # the level: its module, its registry row, its words in each catalogue
    (pkg / "bots" / "dummy.py").write_text(DUMMY_BOT, encoding="utf-8")
    insert_after(pkg / "bots" / "registry.py", 'BotEntry("trader"', '    BotEntry("dummy", "dummy", "DummyBot"),\n')
    for code, name in (("en", "Dummy"), ("fa", "ساده‌لوح")):
        insert_after(pkg / "lang" / f"{code}.py", '"level.trader"', f'    "level.dummy": "{name}",\n')
        insert_after(pkg / "lang" / f"{code}.py", '"about.trader"', f'    "about.dummy": "{name}.",\n')
    # the language: its catalogue and its entry in the list
    en = (pkg / "lang" / "en.py").read_text(encoding="utf-8")
    xx = en.replace('"level.dummy": "Dummy"', '"level.dummy": "Dummkopf"').replace(
        '"boot.package": "Loading the game"', '"boot.package": "Lade das Spiel"')
    (pkg / "lang" / "xx.py").write_text(xx, encoding="utf-8")
    insert_after(pkg / "lang" / "languages.py", 'Language("fa"', '    Language("xx", "Xxisch"),\n')

    out = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split()[-1:] == ["ok"]
    after = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    changed = sorted(name for name in after if before.get(name) != after[name])
    assert changed == ["index.html", "jaipur/bots/dummy.py", "jaipur/bots/registry.py", "jaipur/lang/en.py",
                       "jaipur/lang/fa.py", "jaipur/lang/languages.py", "jaipur/lang/xx.py"]
    cli = subprocess.run([sys.executable, "-m", "jaipur", "arena", "dummy", "random", "--rounds", "2"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert cli.returncode == 0, cli.stdout[-2000:] + cli.stderr[-2000:]
