"""The guides' examples run as doctests, and their listings are the files loaded here.

The "Write a variant" guide installs its example plugin through a real
``cardrules`` entry point, built from the guide's own ``pyproject.toml``.
"""

from __future__ import annotations

import doctest
import importlib.metadata
import os
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules.profile.registry
import cardrules.rules.plugins

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "docs" / "guides"
DATA = Path(__file__).resolve().parent.parent / "data"
VARIANT = DATA / "docs_variant"


def run_guide(name: str) -> doctest.TestResults:
    return doctest.testfile(
        str(GUIDES / name),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )


@pytest.fixture
def installed_variant(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The guide's variant as if installed with pip: its entry point, from its pyproject."""
    pyproject = tomllib.loads((VARIANT / "pyproject.toml").read_text(encoding="utf-8"))
    group = pyproject["project"]["entry-points"]["cardrules"]
    installed = dict(cardrules.rules.plugins.entry_points())
    for name, value in group.items():
        installed[name] = importlib.metadata.EntryPoint(name=name, value=value, group="cardrules")
    monkeypatch.syspath_prepend(str(VARIANT))
    monkeypatch.setattr(cardrules.rules.plugins, "entry_points", lambda: installed)
    cardrules.profile.registry._plugin_dirs.cache_clear()
    monkeypatch.chdir(tmp_path)
    yield
    cardrules.profile.registry._plugin_dirs.cache_clear()


def test_guide_app_examples_run() -> None:
    result = run_guide("app.rst")
    assert result.attempted > 20
    assert result.failed == 0


def test_guide_variant_examples_run(installed_variant: None, tmp_path: Path) -> None:
    """APP-5.4: a TOML house rule, a plugin duty and switch, and its packaging all work."""
    shutil.copy(DATA / "docs_house.toml", tmp_path / "my-house.toml")
    shutil.copy(DATA / "docs_no_ace_lead.toml", tmp_path / "no-ace-lead.toml")
    result = run_guide("variant.rst")
    assert result.attempted > 15
    assert result.failed == 0


def test_guide_listings_are_the_tested_files() -> None:
    """Every literalinclude of the guides names a file that exists (the tests load them)."""
    for guide in GUIDES.glob("*.rst"):
        for line in guide.read_text(encoding="utf-8").splitlines():
            if line.startswith(".. literalinclude::"):
                target = (guide.parent / line.split("::", 1)[1].strip()).resolve()
                assert target.is_file(), f"{guide.name}: {target}"
                assert DATA in target.parents


def test_packaged_profile_is_the_guide_profile_plus_its_plugin() -> None:
    """The packaged profile differs from the guide's local one only by naming its plugin."""
    local = tomllib.loads((DATA / "docs_no_ace_lead.toml").read_text(encoding="utf-8"))
    packaged = tomllib.loads(
        (VARIANT / "cardrules_noacelead" / "profiles" / "no-ace-lead.toml").read_text("utf-8")
    )
    assert packaged["profile"].pop("plugins") == ["noacelead"]
    assert packaged == local


def test_guide_security_examples_run() -> None:
    """The "Security and trust" page's examples: signed records, errors to return to clients."""
    result = run_guide("security.rst")
    assert result.attempted >= 7
    assert result.failed == 0


def _run_text(text: str, name: str) -> doctest.TestResults:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, name, str(GUIDES / "research.rst"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


_RESEARCH = (GUIDES / "research.rst").read_text(encoding="utf-8")
_OPENSPIEL = _RESEARCH.index("\nOpenSpiel\n---------\n")
_ENCODING = _RESEARCH.index("\nThe encoding\n")


def test_guide_research_examples_run() -> None:
    """The research guide's PettingZoo and Gymnasium examples (the pettingzoo extra)."""
    if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):
        pytest.importorskip("pettingzoo")
    text = _RESEARCH[:_OPENSPIEL] + _RESEARCH[_ENCODING:]
    result = _run_text(text, "research.rst")
    assert result.attempted >= 15
    assert result.failed == 0


def test_guide_research_openspiel_examples_run() -> None:
    """The research guide's OpenSpiel section (the openspiel extra: CI's peers venv)."""
    pytest.importorskip("pyspiel")
    result = _run_text(_RESEARCH[_OPENSPIEL:_ENCODING], "research.rst (OpenSpiel)")
    assert result.attempted >= 4
    assert result.failed == 0


def test_the_guide_duty_s_fast_steps_are_its_narrow() -> None:
    """The variant guide's duty (HOUSE-1) declares its rule as a step over its own cards
    (the aces): the step allows exactly what its ``narrow`` allows, leading and following,
    with any hand."""
    import random
    import sys

    from cardrules.cards import CARDS
    from cardrules.engine.steps import run_steps
    from cardrules.rules.duties import TrickState, compile_narrow, narrow, step_codes, steps_of

    sys.path.insert(0, str(VARIANT))
    try:
        from cardrules_noacelead import NoAceLead
    finally:
        sys.path.remove(str(VARIANT))
    duties = [NoAceLead("HOUSE-1")]
    steps = steps_of(duties)
    fast = compile_narrow(duties)
    assert steps is not None and fast is not None
    rng = random.Random(1)
    for _ in range(3000):
        deck = rng.sample(range(52), 20)
        trick = deck[: rng.randrange(4)]
        hand = sum(1 << c for c in deck[4 : 4 + rng.randint(1, 13)])
        t = TrickState.of([CARDS[c] for c in trick], trump=-1)
        leading = not trick
        want = narrow(duties, hand, t)
        assert fast(hand, 0, 0, 0, False, leading, 0) == want
        assert run_steps(step_codes(steps)[not leading], hand, 0, 0, 0, False) == want
