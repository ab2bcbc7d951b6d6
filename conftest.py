"""The one conftest of the test suite (tests/README.md): the shared fixtures, the report
header, and what is collected.

The kernel's tests are in ``tests/`` (by module), each family's in its package
(``variants/cardrules_<family>/tests/``); helpers are in ``tests/helpers.py``
(``pythonpath`` in ``pyproject.toml`` puts ``tests/`` on the path), never imported
from here by a test.

Doctest collection of the package: the research adapters' and the table server's
modules import their extras at once, so each (and the test files that import them
before they can skip) is collected only where its extra is installed. CI sets
CARDRULES_REQUIRE_EXTRAS: a missing extra of the dev set is then an error."""

from __future__ import annotations

import importlib.util
import os

import pytest

import cardrules
from cardrules import Ruleset
from helpers import API_PROFILES, APP, STRICT


def _missing(*modules: str, required: bool = True) -> bool:
    if required and os.environ.get("CARDRULES_REQUIRE_EXTRAS"):
        return False
    return any(importlib.util.find_spec(module) is None for module in modules)


collect_ignore = []
# OpenSpiel is not in the dev extra: its agreement tests run in a venv of their own in CI.
if _missing("pyspiel", required=False):
    collect_ignore.append("cardrules/envs/openspiel.py")
if _missing("numpy", "pyspiel"):
    collect_ignore.append("tests/envs/test_envs_openspiel.py")
if _missing("numpy"):
    collect_ignore.append("cardrules/envs/encoding.py")
if _missing("pettingzoo", "gymnasium", "numpy"):
    collect_ignore += [
        "cardrules/envs/pettingzoo.py",
        "cardrules/envs/gym.py",
        "tests/envs/test_envs.py",
    ]
if _missing("starlette", "uvicorn", "websockets", "sqlalchemy"):
    collect_ignore.append("cardrules/server")


def pytest_configure(config: pytest.Config) -> None:
    """With ``CARDRULES_REQUIRE_NATIVE=1`` (CI), a run that would fall back to the pure
    engine stops before it starts (quiet runs show no header to read it from)."""
    from cardrules.engine.core import native

    if os.environ.get("CARDRULES_REQUIRE_NATIVE") == "1" and native is None:
        raise pytest.UsageError("CARDRULES_REQUIRE_NATIVE=1 but the native core is not built")


def pytest_report_header() -> str:
    """Which engine the tests run against (CI runs them on both)."""
    from cardrules.engine import build
    from cardrules.engine.core import native

    where = "" if native is None else f", {native.__file__}"
    return f"cardrules engine: {build()}{where}"


@pytest.fixture(scope="session")
def strict() -> Ruleset:
    """The strict Call Break rules, loaded once."""
    return cardrules.load(STRICT)


@pytest.fixture(scope="session")
def cbc() -> Ruleset:
    """The classic Call Bridge rules, loaded once."""
    return cardrules.load("callbridge-classic")


@pytest.fixture(scope="session")
def app() -> Ruleset:
    """The app rules, loaded once."""
    return cardrules.load(APP)


@pytest.fixture(scope="module", params=API_PROFILES)
def rules(request: pytest.FixtureRequest) -> Ruleset:
    """Each Call Break profile and Minibridge in turn, for the tests of the public API.

    The Minibridge test modules (test_mb_*.py) override it with Minibridge's rules alone.
    """
    return cardrules.load(request.param)
