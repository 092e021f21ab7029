"""Boot tests: the runtime and the app reach data-jaipur="ready" (offline too) without a request leaving 127.0.0.1."""
from __future__ import annotations

import ast
import json
import re
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import serve  # importable: conftest.py puts the repository root on sys.path

ROOT = Path(serve.__file__).resolve().parent
browser = pytest.mark.browser


def assert_clean(log: Any) -> None:
    """No request left 127.0.0.1 and none failed."""
    assert log.foreign_requests() == []
    assert log.failed == []


def assert_readable_error(page: Any) -> None:
    """The page shows a sentence, never a traceback."""
    message = page.inner_text("#boot-error")
    assert page.is_visible("#boot-error") and len(message) > 20
    assert "Traceback" not in page.inner_text("body")


def test_pyscript_toml_lists_every_package_file() -> None:
    """[files] in pyscript.toml is the generated block: the package archive, unpacked into jaipur/."""
    assert serve.config_text() == serve.CONFIG.read_text(encoding="utf-8"), (
        "pyscript.toml's [files] list is out of date: run `python serve.py --fetch-only` and commit pyscript.toml")


def test_the_package_archive_holds_every_file_and_a_checked_pyc_for_every_module() -> None:
    """assets/vendor/jaipur.zip (what pyscript.toml unpacks into jaipur/): every module and data file of the
    package as it is now, and one checked-hash .pyc (PEP 552 flags 0b11) per module, all from the same
    Python (the vendored Pyodide's), in jaipur/'s __pycache__ folders."""
    if shutil.which("node") is None and not (ROOT / serve.BYTECODE).exists():
        pytest.skip("Node.js is needed to compile the bytecode")
    serve.fetch_vendor()
    with zipfile.ZipFile(ROOT / serve.BUNDLE) as bundle:
        names = set(bundle.namelist())
        sources = {f: bundle.read(Path(f).relative_to("jaipur").as_posix()) for f in serve.page_files()}
        headers = {n: bundle.read(n)[:8] for n in names if n.endswith(".pyc")}
    assert all((ROOT / f).read_bytes() == data for f, data in sources.items())
    modules = [f for f in serve.page_files() if f.endswith(".py")]
    compiled = {(Path(m).relative_to("jaipur").parent / "__pycache__" / (Path(m).stem + ".cpython-314.pyc")).as_posix()
                for m in modules}
    assert names == set(Path(f).relative_to("jaipur").as_posix() for f in sources) | compiled
    assert len({h[:4] for h in headers.values()}) == 1                       # one magic number
    assert all(int.from_bytes(h[4:8], "little") == 0b11 for h in headers.values())
    assert serve.package_bundle() == (ROOT / serve.BUNDLE).read_bytes()      # the same files, the same bytes


def test_main_py_compiles() -> None:
    """main.py is valid Python (it uses top-level await, as PyScript allows)."""
    compile((ROOT / "main.py").read_text(encoding="utf-8"), "main.py", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


def test_the_browser_glue_script_is_loaded_by_the_page_and_precached() -> None:
    """assets/js/dom.js (jaipur.web.dom's JavaScript half) is a classic script of index.html, loaded before the
    runtime, and the service worker precaches it with the table's files."""
    from jaipur.web.dom import DOM_SCRIPT

    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert f'<script src="./{DOM_SCRIPT}" defer></script>' in page
    assert page.index(DOM_SCRIPT) < page.index("pyscript/core.js")
    assert DOM_SCRIPT in serve.site_files() and not serve.lab_only(DOM_SCRIPT)
    assert "window.jaipurDom = " in (ROOT / DOM_SCRIPT).read_text(encoding="utf-8")


def test_runtime_pins_come_from_the_npm_registry() -> None:
    """package.json pins the two runtime packages exactly, and the lock resolves only to the npm registry."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert pins == {"@pyscript/core": "0.7.31", "pyodide": "314.0.5"}
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert {name: lock[f"node_modules/{name}"]["version"] for name in pins} == pins
    resolved = [entry["resolved"] for entry in lock.values() if "resolved" in entry]
    assert all(url.startswith("https://registry.npmjs.org/") for url in resolved)
    assert all("integrity" in entry for key, entry in lock.items() if key)


@browser
def test_bare_page_boots_ready(page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """bench/bare.html boots the vendored runtime to ready, cleanly and locally."""
    page.goto(base_url + "bench/bare.html")
    assert wait_settled(page) == "ready"
    assert page.inner_text("#app") == "Python is running."
    assert page_log.console_errors == []
    assert_clean(page_log)


@browser
def test_app_requests_stay_local(page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """index.html settles (ready, or a readable error) and requests nothing outside 127.0.0.1."""
    page.goto(base_url + "?opponent=novice")
    if wait_settled(page) == "error":
        assert_readable_error(page)
    assert_clean(page_log)


@browser
def test_app_boots_ready(page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """index.html reaches data-jaipur="ready" with the table drawn and no console error."""
    page.goto(base_url)
    assert wait_settled(page) == "ready", page.inner_text("body")
    assert page.inner_html("#app").strip()
    assert page_log.console_errors == []
    assert_clean(page_log)


@browser
def test_service_worker_makes_the_app_work_offline(page: Any, page_log: Any, base_url: str,
                                                    wait_settled: Callable[..., str]) -> None:
    """After the first visit the service worker controls the page, and an offline reload boots the same way."""
    page.goto(base_url)
    online = wait_settled(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.context.set_offline(True)
    page_log.failed.clear()
    page.reload()
    assert wait_settled(page) == online
    assert page_log.failed == []


@browser
def test_runtime_failure_shows_a_readable_message(page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """If the runtime cannot load, the page says so in a sentence instead of hanging."""
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body=""))
    page.goto(base_url)
    assert wait_settled(page, 20_000) == "error"
    assert_readable_error(page)


@browser
@pytest.mark.parametrize("how", ["address", "remembered"])
def test_the_loading_screen_speaks_persian_when_the_table_will(page: Any, base_url: str,
                                                             wait_settled: Callable[..., str], how: str) -> None:
    """?lang=fa, or Persian chosen on an earlier visit: the loading screen and its error are Persian, right to left."""
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body=""))
    if how == "remembered":
        page.goto(base_url + "bench/bare.html")   # same origin: store the choice the page would have stored
        page.evaluate("localStorage.setItem('jaipur.profile.v1', JSON.stringify({lang: 'fa', stats: {}}))")
    page.goto(base_url + ("?lang=fa" if how == "address" else ""))
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["fa", "rtl"]
    steps = page.eval_on_selector_all("#boot li", "els => els.map(e => e.textContent)")
    assert len(steps) == 4 and all(re.search("[\u0600-\u06FF]", s) and not re.search("[A-Za-z]", s) for s in steps)
    assert wait_settled(page, 20_000) == "error"
    assert_readable_error(page)
    message = page.inner_text("#boot-error")
    assert re.search("[\u0600-\u06FF]{3}", message)
    assert not re.search("[A-Za-z]", re.sub(r"pyodide\.asm\.wasm|HTTP", "", message))


@browser
def test_the_page_imports_the_package_from_its_bytecode(tmp_path: Path, page: Any, page_log: Any,
                                                        serve_folder: Callable[[Path], str]) -> None:
    """With the bytecode bundle unpacked into jaipur/, importing the web app compiles no module."""
    site = tmp_path / "site"
    serve.build(site)
    (site / "spy.html").write_text(SPY_PAGE, encoding="utf-8")
    page.goto(serve_folder(site) + "spy.html")
    page.wait_for_function("document.getElementById('out').textContent !== 'wait'", timeout=90_000)
    assert page.inner_text("#out") == "compiled: none"
    assert page_log.console_errors == []


SPY_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="./assets/vendor/pyscript/core.js"></script></head>
<body><p id="out">wait</p><script type="py" config="./pyscript.toml">
import importlib._bootstrap_external as external
compiled = []
source_to_code = external.SourceLoader.source_to_code
def spy(self, data, path, *args, **kwargs):
    compiled.append(path.rsplit("/", 1)[-1])
    return source_to_code(self, data, path, *args, **kwargs)
external.SourceLoader.source_to_code = spy
import jaipur.web.app
from pyscript import document
document.getElementById("out").textContent = "compiled: " + (", ".join(compiled) or "none")
</script></body></html>
"""


@browser
def test_built_site_boots_from_a_sub_path(tmp_path: Path, page: Any, page_log: Any,
                                          serve_folder: Callable[[Path], str], wait_settled: Callable[..., str]) -> None:
    """`serve.py --build DIR` makes a static site that boots from a sub-path, all URLs relative."""
    serve.build(tmp_path / "site" / "deep" / "path")
    page.goto(serve_folder(tmp_path / "site") + "deep/path/?seed=3")
    state = wait_settled(page)
    assert_clean(page_log)
    assert state == "ready"
