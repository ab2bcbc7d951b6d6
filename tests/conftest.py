"""Fixtures of the test suite, and the report header (helpers: tests/helpers.py)."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import Ruleset
from helpers import STRICT


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
