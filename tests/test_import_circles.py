"""No import circle runs through the map document or the map editor.

Every import statement counts, a function-level one too (an import moved into a function
still closes the circle; it only hides it until the function runs). The graph is read from
the source with :mod:`ast`, so this test imports nothing it checks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
WATCHED = ("diplodesk.document", "diplodesk.geometry", "diplodesk.gui.editor")


def _modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "diplodesk").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Modules of ours that ``name`` imports anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names} & known.keys()
            if subs:
                out |= subs
            if target in known and len(subs) < len(node.names):
                out.add(target)
    out.discard(name)
    return out


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_through_the_document_or_the_editor() -> None:
    known = _modules()
    graph = {name: _imports(name, path, known) for name, path in known.items()}
    assert "diplodesk.document.map_document" in graph["diplodesk.gui.editor.window"]
    bad = [g for g in _circles(graph) if any(m.startswith(WATCHED) for m in g)]
    assert not bad, "import circles: " + "; ".join(" <-> ".join(g) for g in bad)


@pytest.mark.parametrize("module", ["diplodesk.geometry.surgery", "diplodesk.document.map_model",
                                    "diplodesk.document.map_checks"])
def test_the_model_and_the_checks_need_no_qt(module: str) -> None:
    known = _modules()
    seen, todo = set(), [module]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        assert "PySide6" not in known[m].read_text(encoding="utf-8"), f"{m} (needed by {module}) uses Qt"
        todo.extend(_imports(m, known[m], known))
