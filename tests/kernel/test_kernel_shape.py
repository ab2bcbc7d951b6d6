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
import subprocess
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


def test_no_module_of_the_kernel_lends_old_names() -> None:
    """No module-level ``__getattr__`` (how old names were kept importable) but the package
    face's, which imports each public name from the one module that defines it, the first
    time it is asked for (``import cardrules`` stays light); no family's name on
    ``cardrules``."""
    lazy = [
        str(path.relative_to(PACKAGE.parent))
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__"
    ]
    assert lazy == ["cardrules/__init__.py"]
    table = cardrules._LAZY
    assert set(table) <= set(cardrules.__all__)
    for name, module in table.items():
        assert getattr(importlib.import_module(module), name) is getattr(cardrules, name)
        assert module.startswith("cardrules.") and not module.startswith("cardrules._")
    with pytest.raises(AttributeError, match="has no attribute 'ChooseContract'"):
        cardrules.ChooseContract  # noqa: B018
    assert not hasattr(cardrules, "ChooseContract")
    assert "cardrules._moved" not in sys.modules
    assert sorted(dir(cardrules)) == sorted({*dir(cardrules), *cardrules.__all__})


def test_import_cardrules_loads_no_engine_no_entry_points_no_batch() -> None:
    """``import cardrules`` imports neither the engine, the profiles' registry and entry
    points, nor the batch engine (each loads when first used: ``cardrules.load``); a
    subprocess, so that this run's imports do not count."""
    watched = "('cardrules.', 'importlib.metadata', 'numpy', 'pluggy', 'pydantic')"
    code = (
        f"import sys, cardrules; print(sorted(m for m in sys.modules if m.startswith({watched})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['cardrules.errors']"
    code = (
        "import sys, cardrules; cardrules.load('callbreak-strict').new_game(seed=1); "
        "print(any(m.startswith(('cardrules.batch', 'numpy')) for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


#: The modules that number the cards: the deck module and the French pack's.
DECK_MODULES = frozenset({"cardrules/deck.py", "cardrules/cards.py"})
#: The French pack's shape written as numbers: 13 cards a suit, 52 (or 51) cards, 13 bits.
PACK_NUMBERS = frozenset({"13", "51", "52", "8191", "0x1FFF", "0x1fff"})


def _pack_numbers(text: str) -> list[tuple[int, str]]:
    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.NUMBER and token.string in PACK_NUMBERS:
            found.append((token.start[0], token.string))
    return found


def test_no_deck_arithmetic_outside_the_deck_module() -> None:
    """Card numbering lives in cardrules/deck.py (and the French pack's cardrules/cards.py):
    no other module of the kernel writes the French pack's shape (13 a suit, 52 cards,
    13-bit suits), so that every deck a profile declares plays."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        if rel in DECK_MODULES:
            continue
        for line, number in _pack_numbers(path.read_text(encoding="utf-8")):
            found.append(f"{rel}:{line}: {number}")
    assert found == []


def test_deck_arithmetic_is_found_however_it_is_written() -> None:
    """The check itself: a suit's cards, the pack's size and a 13-bit mask are found; the
    same numbers in a string or a comment are not arithmetic."""
    probe = "a = i // 13\nb = 52\nc = x & 0x1FFF\nd = '13'  # 52\ne = 130\n"
    assert _pack_numbers(probe) == [(1, "13"), (2, "52"), (3, "0x1FFF")]
