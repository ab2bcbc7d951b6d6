"""The kernel's shape: no family in it, and imports that point one way.

A new family is a plugin (variants/, or a package of its own), so no
identifier in ``cardrules/`` names a family or one of its own concepts, and no
module of ``cardrules/`` imports a family's package; the package's modules
import each other without a cycle, counting imports made inside functions
(type-only imports aside): see ARCHITECTURE.md.  And no old import path of
the unpublished 0.1 layout is kept alive.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

import cardrules

PACKAGE = Path(__file__).resolve().parents[2] / "cardrules"
#: The packages of the shipped families and the libraries they share (variants/).
FAMILY_PACKAGES = frozenset(
    path.name for path in (PACKAGE.parent / "variants").glob("cardrules_*") if path.is_dir()
)

#: Words of the shipped families and of their own concepts, as identifiers.
FAMILY_WORDS = re.compile(
    r"(?i)^(.*_)?(callbreak|callbridge|minibridge|ohhell|spades|hearts|declarer|dummy|strain"
    r"|choosecontract|score_calls|score_contract)(_.*)?$"
)


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def test_no_family_word_is_an_identifier_in_the_kernel() -> None:
    """Kernel purity: no family word (declarer, dummy, strain, callbreak, minibridge...)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        for token in tokens:
            if token.type == tokenize.NAME and FAMILY_WORDS.match(token.string):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{token.start[0]}: {token.string}")
    assert found == []


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in it but under TYPE_CHECKING."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for sub in node.body for n in ast.walk(sub)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target not in (name, "cardrules"):  # the facade re-exports all
                out.add(target)
    return out


def test_no_import_cycle_in_the_kernel() -> None:
    """Dependencies point down: no two modules of cardrules/ import each other, even
    through others or inside functions."""
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    cycles = []
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                cycles.append(" -> ".join([*path[path.index(other) :], other]))
            elif other not in state:
                visit(other, [*path, other])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def _family_imports(text: str) -> list[tuple[int, str]]:
    """Where ``text`` imports a family's package (line, module): an import statement
    anywhere (inside functions and under TYPE_CHECKING too), or a module path in a string
    (for importlib)."""
    found = []
    for node in ast.walk(ast.parse(text)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]
        line = getattr(node, "lineno", 0)
        found += [(line, n) for n in names if re.split(r"[.:]", n)[0] in FAMILY_PACKAGES]
    return found


def test_the_kernel_imports_no_family() -> None:
    """The kernel finds families only through entry points: no module of ``cardrules/``
    imports one (Minibridge's ``ChooseContract`` is ``cardrules_minibridge``'s; ``cardrules
    analyse`` is ``cardrules_dd``'s command, added through ``cardrules.commands``)."""
    assert {"cardrules_minibridge", "cardrules_dd"} <= FAMILY_PACKAGES
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {module}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, module in _family_imports(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_family_import_is_found_however_it_is_written() -> None:
    """The check above sees an import inside a function, under TYPE_CHECKING, and a module
    path handed to importlib; a hook's name is no module path."""
    text = (
        "import importlib\n"
        "if TYPE_CHECKING:\n"
        "    from cardrules_dd.pbn import Board\n"
        "def f():\n"
        "    import cardrules_minibridge\n"
        "    return importlib.import_module('cardrules_hearts.plugin')\n"
        "X = 'cardrules_dd.command:ANALYSE'\n"
        "Y = 'cardrules_profile_dirs'\n"
    )
    assert sorted(_family_imports(text)) == [
        (3, "cardrules_dd.pbn"),
        (5, "cardrules_minibridge"),
        (6, "cardrules_hearts.plugin"),
        (7, "cardrules_dd.command:ANALYSE"),
    ]


#: The modules of the flat layout of 0.1 (never published), now in folders.
FLAT_LAYOUT = (
    *("actions", "builtin", "components", "duties", "hookspecs", "plugins"),
    *("registry", "schema", "bots", "game", "records", "ruleset", "views"),
    *("diff", "docgen", "scaffold", "spec"),
)


@pytest.mark.parametrize("name", FLAT_LAYOUT)
def test_no_old_module_path_imports(name: str) -> None:
    """``import cardrules.game`` fails: each module has one path (``cardrules.engine.game``)."""
    assert not (PACKAGE / "_moved.py").exists()
    with pytest.raises(ModuleNotFoundError, match=f"No module named 'cardrules.{name}'"):
        importlib.import_module(f"cardrules.{name}")


def test_no_module_of_the_kernel_lends_names_lazily() -> None:
    """No module-level ``__getattr__`` (how old names were kept importable), and no family's
    name on ``cardrules``."""
    lazy = [
        str(path.relative_to(PACKAGE.parent))
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__"
    ]
    assert lazy == []
    assert not hasattr(cardrules, "ChooseContract")
    assert "cardrules._moved" not in sys.modules
