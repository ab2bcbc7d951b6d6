"""The kernel's shape: no family in it, and imports that point one way.

A new family is a plugin (variants/, or a package of its own), so no
identifier in ``cardrules/`` names a family or one of its own concepts; and
the package's modules import each other without a cycle, counting imports
made inside functions (type-only imports aside): see ARCHITECTURE.md.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cardrules"

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
