"""Old import paths of the modules that moved into folders keep working.

``import cardrules.game`` gives the module ``cardrules.engine.game`` itself
(the same object, not a copy), so code written against the flat layout of
0.1 runs unchanged.  New code imports the new paths (see ARCHITECTURE.md).
``cardrules.simulate`` is not aliased: that name is the public function, and
importing a module under it would hide the function.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "install"]

#: Old module path -> where the module lives now.
MOVED = {
    "cardrules.actions": "cardrules.rules.actions",
    "cardrules.builtin": "cardrules.rules.builtin",
    "cardrules.components": "cardrules.rules.components",
    "cardrules.duties": "cardrules.rules.duties",
    "cardrules.hookspecs": "cardrules.rules.hookspecs",
    "cardrules.plugins": "cardrules.rules.plugins",
    "cardrules.registry": "cardrules.profile.registry",
    "cardrules.schema": "cardrules.profile.schema",
    "cardrules.bots": "cardrules.engine.bots",
    "cardrules.game": "cardrules.engine.game",
    "cardrules.records": "cardrules.engine.records",
    "cardrules.ruleset": "cardrules.engine.ruleset",
    "cardrules.views": "cardrules.engine.views",
    "cardrules.diff": "cardrules.tools.diff",
    "cardrules.docgen": "cardrules.tools.docgen",
    "cardrules.scaffold": "cardrules.tools.scaffold",
    "cardrules.spec": "cardrules.tools.spec",
}


class _OldPath(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old module path and hands out the module at its new one."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(MOVED[spec.name])
        self._specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system stamped the old name's spec on the module: give it back its own.
        module.__spec__ = self._specs[module.__name__]


_FINDER = _OldPath()


def install() -> None:
    """Let the old module paths import (once; cardrules/__init__.py calls it)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.append(_FINDER)
