"""The house before it grows (issue 19): every module stays of a readable size, the map
controller does not import the window it serves, and every package ships."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "diplodesk"
MODULES = sorted(SRC.rglob("*.py"))


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, relative ones as written (dots and all)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def test_the_map_controller_does_not_import_the_main_window():
    mods = imported_modules(SRC / "gui" / "interaction.py")
    assert not any(m.endswith("main_window") or ".window" in m for m in mods), mods


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_every_module_stays_small(path):
    """No file over about 600 lines, no class over about 400 (issue 19): a newcomer reads
    each in one sitting."""
    lines = path.read_text().count("\n")
    assert lines <= 600, f"{path.name}: {lines} lines"
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= 400, f"{path.name}: class {node.name} is {size} lines"


def test_the_painter_never_imports_the_gui():
    for path in (SRC / "render").rglob("*.py"):
        assert not any("gui" in m.split(".") for m in imported_modules(path)), path


def test_the_map_host_protocol_names_all_the_controller_uses():
    """Every attribute the controller reads of its window (``self.w.x``, or ``w.x`` after
    ``w = self.w``) is declared on :class:`MapHost`, so any window that is one will do."""
    tree = ast.parse((SRC / "gui" / "interaction.py").read_text())
    host = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MapHost")
    declared = {n.target.id for n in host.body if isinstance(n, ast.AnnAssign)}
    declared |= {n.name for n in host.body if isinstance(n, ast.FunctionDef)}
    controller = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MapController")
    used = set()
    for node in ast.walk(controller):
        if not isinstance(node, ast.Attribute):
            continue
        v = node.value
        if isinstance(v, ast.Name) and v.id in ("w", "window"):
            used.add(node.attr)
        elif isinstance(v, ast.Attribute) and v.attr == "w" and isinstance(v.value, ast.Name) and v.value.id == "self":
            used.add(node.attr)
    assert used and used <= declared, sorted(used - declared)


def test_every_package_is_in_the_wheel():
    """A package missing from pyproject's list is missing from a plain ``pip install .``
    (the README's first command), though an editable install hides it."""
    import tomllib

    listed = set(tomllib.loads((SRC.parents[1] / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(SRC.parent).parts) for p in SRC.rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)


def test_no_two_test_modules_outside_a_package_share_a_name():
    """pytest imports a test folder without __init__.py by the file's name alone: a second
    file of the same name stops the whole run at collection."""
    tests = Path(__file__).resolve().parent
    seen: dict[str, Path] = {}
    for path in sorted(tests.rglob("test_*.py")):
        if (path.parent / "__init__.py").exists():
            continue
        assert path.name not in seen, f"{path} and {seen[path.name]} share a name"
        seen[path.name] = path
