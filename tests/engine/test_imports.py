"""The package's import graph, read with `ast` (nothing imported): no cycle anywhere in `jaipur/`, and the engine
stays pure (no `js`/`pyscript` outside `jaipur/web/`).

Every import counts, also one inside a function; only imports under `if TYPE_CHECKING:` (never executed) do not.
"""

from __future__ import annotations

import ast
from pathlib import Path

import jaipur

PACKAGE = Path(jaipur.__file__).resolve().parent
ROOT = PACKAGE.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, skipping the bodies of `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def edges(name: str) -> set[str]:
    """The package modules `name` imports (a `from X import m` of a submodule m counts as importing X.m)."""
    path = MODULES[name]
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
            bases: list[str] = []
        else:
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            bases = []
            targets = [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            if target in MODULES:
                out.add(target)
            else:  # a name defined in a module (or `import a.b` of a package's module): the module holding it
                bases.append(target.rsplit(".", 1)[0] if isinstance(node, ast.ImportFrom) else target)
        out.update(b for b in bases if b in MODULES and b != name)
    out.discard(name)
    return out


GRAPH = {name: edges(name) for name in MODULES}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    for start in sorted(graph):
        if state.get(start):
            continue
        path = [start]
        iters = [iter(sorted(graph[start]))]
        state[start] = 1
        while iters:
            nxt = next(iters[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                iters.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                iters.append(iter(sorted(graph[nxt])))
    return None


def test_the_graph_is_read_as_python_reads_it():
    assert "jaipur.rules" in GRAPH["jaipur.record"]
    assert "jaipur.safejson" in GRAPH["jaipur.position"]  # `from . import safejson`
    assert "jaipur.bots.cli" in GRAPH["jaipur.__main__"]  # imported inside a function
    assert "jaipur.position" not in GRAPH["jaipur.scoring"]  # only under TYPE_CHECKING


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_the_package():
    cycle = find_cycle(GRAPH)
    assert cycle is None, " -> ".join(cycle or [])


def test_position_does_not_import_rules_and_bots_cli_not_main():
    assert "jaipur.rules" not in GRAPH["jaipur.position"]
    assert "jaipur.__main__" not in GRAPH["jaipur.bots.cli"]


def test_the_engine_never_imports_the_browser():
    for name, path in MODULES.items():
        if name.startswith("jaipur.web"):
            continue
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for n in names:
                assert n.split(".")[0] not in ("js", "pyscript", "pyodide"), (name, n)
