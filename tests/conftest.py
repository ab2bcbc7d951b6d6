"""Fixtures of the test suite, and the report header (helpers: tests/helpers.py)."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import Ruleset
from helpers import API_PROFILES, APP, STRICT


def pytest_report_header() -> str:
    """Which build of the engine the tests run against (CI runs them on both)."""
    import cardrules.engine.game

    where = cardrules.engine.game.__file__ or "?"
    build = "pure Python" if where.endswith(".py") else "compiled (mypyc)"
    return f"cardrules engine: {build}, {where}"


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
