"""The app's boot for bench/bootimports.py: time every module the import of jaipur.web.app loads (its own time,
its imports' apart, finding it included), then start() as main.py calls it; the figures go into <html data-profile> as JSON."""
import json
import sys
import time

from pyscript import document, window

stack: list[float] = []    # per open import: the time its nested imports took
times: dict[str, float] = {}
found: dict[str, float] = {}   # per module: the time its finders took


class Timed:
    """A module's loader, its exec_module timed; everything else is the loader's own."""

    def __init__(self, loader: object) -> None:
        self._loader = loader

    def __getattr__(self, name: str) -> object:
        return getattr(self._loader, name)

    def create_module(self, spec: object) -> object:
        return self._loader.create_module(spec)  # type: ignore[attr-defined]

    def exec_module(self, module: object) -> None:
        start = time.perf_counter()
        stack.append(0.0)
        try:
            self._loader.exec_module(module)  # type: ignore[attr-defined]
        finally:
            nested = stack.pop()
            spent = time.perf_counter() - start
            name = module.__name__  # type: ignore[attr-defined]
            times[name] = round(1000 * (spent - nested) + found.get(name, 0.0), 2)
            if stack:
                stack[-1] += spent


class Timer:
    """A finder in front of the others: what they find, its loader timed."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> object:
        start = time.perf_counter()
        try:
            for finder in sys.meta_path:
                if finder is Timer or not hasattr(finder, "find_spec"):
                    continue
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    if getattr(spec, "loader", None) is not None and hasattr(spec.loader, "exec_module"):
                        spec.loader = Timed(spec.loader)
                    return spec
            return None
        finally:   # finding a module counts as its own time, not its importer's
            spent = time.perf_counter() - start
            found[name] = round(1000 * spent, 2)
            if stack:
                stack[-1] += spent


before = set(sys.modules)
sys.meta_path.insert(0, Timer)  # type: ignore[arg-type]
t0 = time.perf_counter()
from jaipur.web.app import start  # noqa: E402

t1 = time.perf_counter()
sys.meta_path.remove(Timer)  # type: ignore[arg-type]
parts: dict[str, float] = {}


def timed(owner: object, name: str, label: str) -> None:
    """Time every call of owner.name (when it has one) under label, in parts."""
    fn = getattr(owner, name, None)
    if fn is None:
        return

    def wrapper(*args: object, **kwargs: object) -> object:
        began = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            parts[label] = round(parts.get(label, 0.0) + 1000 * (time.perf_counter() - began), 2)

    setattr(owner, name, wrapper)


app = sys.modules["jaipur.web.app"]
from jaipur.web.dom import BrowserPlatform  # noqa: E402

for fn_name in ("read_address", "load_bots", "browser_movetimes", "browser_link", "book", "render"):
    timed(app, fn_name, fn_name)
for method in ("__init__", "boot", "draw"):
    timed(app.Controller, method, "Controller." + method)
for method in ("__init__", "listen", "draw"):
    timed(BrowserPlatform, method, "BrowserPlatform." + method)
calls = ""
if "cprofile" in str(window.location.search):   # ?cprofile: start() under cProfile, its 40 costliest calls
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    start()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(40)
    calls = out.getvalue()
else:
    start()
t2 = time.perf_counter()
document.documentElement.dataset.profile = json.dumps({
    "import_ms": round(1000 * (t1 - t0), 1), "start_ms": round(1000 * (t2 - t1), 1), "modules": times,
    "new_modules": sorted(set(sys.modules) - before), "calls": calls, "parts": parts})
