"""The hook reference, as reST: the hook specifications grouped by phase, with their rule ids."""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable, Iterator
from typing import Any

from cardrules.tools.rst import heading, rule_ref
from cardrules.tools.ruletext import RULE_ID

__all__ = ["hook_lines", "hook_phase", "hooks_of"]


def hook_lines(module: types.ModuleType) -> Iterator[str]:
    """The hook reference: hooks grouped by phase, each autodocumented, with its rule ids."""
    modname = module.__name__
    phases: dict[str, list[Callable[..., Any]]] = {}
    for hook in hooks_of(module):
        phases.setdefault(hook_phase(hook.__name__), []).append(hook)
    marker = f"{getattr(module, 'PROJECT', 'cardrules')}_spec"
    for phase, hooks in phases.items():
        yield from heading(f"{phase.capitalize()} phase", "-")
        for hook in hooks:
            yield f".. autofunction:: {modname}.{hook.__name__}"
            yield ""
            opts = getattr(hook, marker, {}) or {}
            facts = [
                "``firstresult``: the first non-None answer wins"
                if opts.get("firstresult")
                else "every implementation's answer is collected"
            ]
            ids = list(dict.fromkeys(RULE_ID.findall(inspect.getdoc(hook) or "")))
            if ids:
                facts.append("serves " + ", ".join(rule_ref(i) for i in ids))
            yield "   " + "; ".join(facts) + "."
            yield ""


def hooks_of(module: types.ModuleType) -> list[Callable[..., Any]]:
    """The hook specifications of ``module``, in source order."""
    marker = f"{getattr(module, 'PROJECT', 'cardrules')}_spec"
    return [
        obj
        for name, obj in vars(module).items()
        if callable(obj) and hasattr(obj, marker) and name.startswith("cardrules_")
    ]


def hook_phase(name: str) -> str:
    """The phase of a hook from its name: ``cardrules_deal_throw_ins`` -> ``deal``."""
    return name.split("_")[1]
