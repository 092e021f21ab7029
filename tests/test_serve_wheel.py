"""The engine as a wheel (serve.py builds it next to the runtime) and micropip vendored beside Pyodide."""
from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import serve  # noqa: E402


def test_the_wheel_is_named_after_the_project_and_holds_every_package_file() -> None:
    """jaipur-<version>-py3-none-any.whl: every module and data file, py.typed and the dist-info files."""
    version = serve.project_table()["version"]
    assert serve.wheel_name() == f"jaipur-{version}-py3-none-any.whl"
    with zipfile.ZipFile(io.BytesIO(serve.package_wheel())) as wheel:
        names = wheel.namelist()
        dist = f"jaipur-{version}.dist-info"
        assert set(serve.package_files()) | {"jaipur/py.typed"} <= set(names)
        assert {f"{dist}/METADATA", f"{dist}/WHEEL", f"{dist}/RECORD", f"{dist}/entry_points.txt"} <= set(names)
        metadata = wheel.read(f"{dist}/METADATA").decode()
        assert "Name: jaipur\n" in metadata and f"Version: {version}\n" in metadata
        assert "Tag: py3-none-any" in wheel.read(f"{dist}/WHEEL").decode()
        assert "jaipur = jaipur.__main__:main" in wheel.read(f"{dist}/entry_points.txt").decode()
        rows = [line.split(",") for line in wheel.read(f"{dist}/RECORD").decode().splitlines()]
        assert sorted(r[0] for r in rows) == sorted(names)
        for name, digest, size in rows:
            if name.endswith("RECORD"):
                assert digest == size == ""
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data)


def test_the_same_sources_give_the_same_wheel_bytes() -> None:
    """The wheel is deterministic, so the service worker's version only moves when the package does."""
    assert serve.package_wheel() == serve.package_wheel()


def test_the_wheel_installs_with_pip_and_the_engine_plays(tmp_path: Path) -> None:
    """pip installs the built wheel into a fresh target folder; there, `import jaipur` deals and plays."""
    wheel = tmp_path / serve.wheel_name()
    wheel.write_bytes(serve.package_wheel())
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--disable-pip-version-check", "--target", str(target), str(wheel)],
                   check=True, timeout=120, capture_output=True)
    code = ("import jaipur; p = jaipur.new_match(seed=42); m = jaipur.legal_moves(p)[0];"
            " print(jaipur.__file__); print(m, jaipur.apply(p, m).to_move)")
    # -S: no site-packages (where the development install points elsewhere); the target is the only jaipur
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(target)}, timeout=60, check=True)
    where, played = done.stdout.splitlines()
    assert Path(where).is_relative_to(target)
    assert played.split()[1] == "1"


def test_the_development_server_serves_the_wheel_from_the_current_sources() -> None:
    """GET assets/vendor/jaipur-<version>-py3-none-any.whl returns the wheel built from the sources."""
    server = serve.make_server(0)
    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/{serve.wheel_path()}"
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.headers["Content-Type"] == "application/zip"
            assert response.read() == serve.package_wheel()
    finally:
        server.shutdown()
        server.server_close()


def test_a_built_site_has_the_wheel_and_the_lab_and_keeps_them_out_of_the_table_precache(tmp_path: Path) -> None:
    """--build DIR writes the wheel; the service worker precaches the table's files only (wheels and the
    lab are cached on first use), but the release version covers them all."""
    site = tmp_path / "site"
    serve.build(site)
    assert (site / serve.wheel_path()).read_bytes() == serve.package_wheel()
    for name in ("lab.html", "lab/lab.js", "lab/worker.mjs", "lab/lab_worker.py", "lab/lab.css"):
        assert (site / name).read_bytes() == (serve.ROOT / name).read_bytes()
    if (serve.ROOT / serve.EDITOR / "editor.js").is_file():
        assert (site / serve.EDITOR / "editor.js").is_file()
    listed = json.loads((site / serve.PRECACHE).read_text(encoding="utf-8").split("=", 1)[1].rstrip(";\n"))["files"]
    assert serve.BUNDLE in listed and "index.html" in listed
    assert not [f for f in listed if serve.lab_only(f)]
    assert serve.lab_only(serve.wheel_path()) and serve.lab_only("lab.html")


def test_micropip_and_packaging_are_vendored_with_the_hashes_the_lock_names() -> None:
    """The pinned wheels sit beside pyodide.mjs with their pinned sha256, and pyodide-lock.json says the same."""
    pyodide = serve.VENDOR / "pyodide"
    if not (pyodide / "pyodide-lock.json").is_file() or not serve.vendor_micropip():
        pytest.skip("the runtime or the micropip wheels are not vendored (run python serve.py --fetch-only online)")
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    for name, (version, file_name, sha) in serve.MICROPIP_WHEELS.items():
        assert hashlib.sha256((pyodide / file_name).read_bytes()).hexdigest() == sha
        assert (lock[name]["file_name"], lock[name]["version"], lock[name]["sha256"]) == (file_name, version, sha)


def test_the_page_archive_holds_what_the_page_imports_and_nothing_of_the_command_line() -> None:
    """jaipur.zip is derived from the page's imports: the table, its worker, the bots, every language and data
    file are in; the command line, training, the arena runners and the link tools stay out (the wheel has all)."""
    page = set(serve.page_files())
    everything = set(serve.package_files())
    out = {"jaipur/__main__.py", "jaipur/cli_friend.py", "jaipur/cli_io.py", "jaipur/bench.py",
           "jaipur/bots/train.py", "jaipur/bots/runner.py", "jaipur/bots/arena.py", "jaipur/bots/cli.py"}
    assert out <= everything and not out & page
    assert {"jaipur/web/app.py", "jaipur/web/modes/friend.py", "jaipur/fair/game.py", "jaipur/lang/fa.py",
            "jaipur/bots/maharaja.py", "jaipur/data/puzzles.json", "jaipur/bots/data/evaluator.json"} <= page
    for name in page:   # closed under import: every jaipur module a page file imports is in the archive too
        if name.endswith(".py"):
            dotted = name[:-3].replace("/", ".").removesuffix(".__init__")
            for imported in serve._imports(dotted, serve.ROOT / name):
                path = serve._module_file(serve.ROOT, imported)
                assert path is None or path.relative_to(serve.ROOT).as_posix() in page, (name, imported)
