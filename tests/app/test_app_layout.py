"""The UI's layout: one folder per game, no import cycle in the companion, no screen file past 800 lines."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"
GAMES = ("pandemie", "rattus", "cartus", "plague")


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _imports(path: Path, known: set[str]) -> set[str]:
    """Runtime imports of companion modules (those under ``if TYPE_CHECKING:`` do not run)."""
    mod = _module(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                out.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                subs = {f"{target}.{a.name}" for a in child.names} & known  # "from . import model"
                out.update(subs if len(subs) == len(child.names) else {target, *subs})
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in out if m in known and m != mod}


def _graph() -> dict[str, set[str]]:
    files = {_module(p): p for p in COMPANION.rglob("*.py")}
    known = set(files)
    return {m: _imports(p, known) for m, p in files.items()}


def test_the_companion_has_no_import_cycle():
    graph = _graph()
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def dfs(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycles.append(stack[stack.index(n) :] + [n])
            elif n not in state:
                dfs(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            dfs(m)
    assert not cycles, "import cycles: " + "; ".join(" → ".join(c) for c in cycles)


def test_one_folder_per_game_and_short_files():
    ui = COMPANION / "ui"
    for g in GAMES:
        assert (ui / g / "__init__.py").is_file() and (ui / g / "screen.py").is_file(), g
    long = [
        f"{p.relative_to(ROOT)}: {n}"
        for p in COMPANION.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800
    ]
    assert not long, long


def test_screens_do_not_import_each_other_and_the_shell_only_navigates():
    graph = _graph()
    screens = {m for m in graph if m.startswith("companion.ui.screens.") and not m.endswith(".base")}
    for m in screens:
        assert not (graph[m] & screens), (m, graph[m] & screens)
        assert "companion.ui.shell" not in graph[m], m
    for g in GAMES:
        for m in graph:
            if m.startswith(f"companion.ui.{g}"):
                assert not any(
                    n.startswith("companion.ui.screens") or n == "companion.ui.shell" for n in graph[m]
                ), m
