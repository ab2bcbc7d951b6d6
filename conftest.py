"""Doctest collection of the package: the research adapters' and the table server's
modules import their extras at once, so each (and the test files that import them
before they can skip) is collected only where its extra is installed. CI sets
CARDRULES_REQUIRE_EXTRAS: a missing extra of the dev set is then an error."""

from __future__ import annotations

import importlib.util
import os


def _missing(*modules: str, required: bool = True) -> bool:
    if required and os.environ.get("CARDRULES_REQUIRE_EXTRAS"):
        return False
    return any(importlib.util.find_spec(module) is None for module in modules)


collect_ignore = []
# OpenSpiel is not in the dev extra: its agreement tests run in a venv of their own in CI.
if _missing("pyspiel", required=False):
    collect_ignore.append("cardrules/envs/openspiel.py")
if _missing("numpy", "pyspiel"):
    collect_ignore.append("tests/test_envs_openspiel.py")
if _missing("numpy"):
    collect_ignore.append("cardrules/envs/encoding.py")
if _missing("pettingzoo", "gymnasium", "numpy"):
    collect_ignore += [
        "cardrules/envs/pettingzoo.py",
        "cardrules/envs/gym.py",
        "tests/test_envs.py",
    ]
if _missing("starlette", "uvicorn", "websockets", "sqlalchemy"):
    collect_ignore.append("cardrules/server")
