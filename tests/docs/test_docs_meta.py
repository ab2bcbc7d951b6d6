"""Meta-tests, in the style of datasette: the docs and the tests keep up with the code.

- every hook of ``cardrules.rules.hookspecs`` is documented (its page and its
  docstring give what it returns and every parameter) and has a test named
  ``test_hook_<name>``;
- every rule id of a shipped profile's rule text is on its rules page and is
  cited by at least one test (``CBS-3.6`` or ``cbs_3_6``; a decision as
  ``CBS D-4``, ``cbs_d4``, ``callbreak-strict D-4``, or ``D-4`` in a
  ``test_cbs_*`` file);
- the rule texts carry every rule id of the project's rule sources.
"""

from __future__ import annotations

import inspect
import re
from functools import cache
from pathlib import Path

import pytest

import cardrules
from cardrules.profile.registry import shipped_profile_names
from cardrules.rules import hookspecs
from cardrules.tools import docgen

TESTS = Path(__file__).resolve().parent.parent
#: The shipped families' tests, each in its package (``variants/cardrules_<family>/tests``).
FAMILY_TESTS = TESTS.parent / "variants"
#: Test files that only check the docs: citing an id there does not test the rule.
DOCS_TESTS = frozenset({"test_docs_meta.py", "test_docs_build.py", "test_docgen.py"})

#: The rule ids of the project's rule sources for each shipped profile.
RULE_IDS = {
    "bridge-duplicate": [
        *(f"BR-1.{i}" for i in range(1, 5)),
        *(f"BR-2.{i}" for i in range(1, 10)),
        *(f"BR-3.{i}" for i in range(1, 8)),
        *(f"BR-4.{i}" for i in range(1, 4)),
        *(f"BR-5.{i}" for i in range(1, 10)),
        *(f"D-{i}" for i in range(1, 9)),
    ],
    "callbreak-strict": [
        *(f"CBS-1.{i}" for i in range(1, 5)),
        *(f"CBS-2.{i}" for i in range(1, 6)),
        *(f"CBS-3.{i}" for i in range(1, 10)),
        *(f"CBS-4.{i}" for i in range(1, 5)),
        *(f"CBS-5.{i}" for i in range(1, 4)),
        "CBS-7.1",
        "CBS-7.2",
        *(f"D-{i}" for i in range(1, 8)),
    ],
    "callbridge-classic": [
        "CBC-1.1",
        "CBC-2.1",
        *(f"CBC-3.{i}" for i in range(1, 7)),
        *(f"CBC-4.{i}" for i in range(1, 4)),
        "CBC-5.1",
        *(f"D-{i}" for i in range(1, 7)),
    ],
    "callbreak-app": [
        "APP-1.1",
        "APP-1.2",
        "APP-2.1",
        *(f"APP-3.{i}" for i in range(1, 6)),
        *(f"APP-4.{i}" for i in range(1, 4)),
        *(f"APP-5.{i}" for i in range(1, 5)),
        "APP-6.1",
        *(f"D-{i}" for i in range(1, 10)),
    ],
    "minibridge-ebu": [
        *(f"MB-1.{i}" for i in range(1, 6)),
        *(f"MB-2.{i}" for i in range(1, 6)),
        *(f"MB-3.{i}" for i in range(1, 6)),
        *(f"MB-4.{i}" for i in range(1, 7)),
        *(f"MB-5.{i}" for i in range(1, 8)),
        *(f"MB-6.{i}" for i in range(1, 4)),
        *(f"D-{i}" for i in range(1, 10)),
    ],
    "euchre": [
        *(f"EU-1.{i}" for i in range(1, 6)),
        *(f"EU-2.{i}" for i in range(1, 4)),
        *(f"EU-3.{i}" for i in range(1, 8)),
        *(f"EU-4.{i}" for i in range(1, 5)),
        *(f"EU-5.{i}" for i in range(1, 6)),
        *(f"EU-6.{i}" for i in range(1, 5)),
        "EU-7.1",
        "EU-7.2",
        *(f"EU-8.{i}" for i in range(1, 7)),
        *(f"D-{i}" for i in range(1, 11)),
    ],
    "euchre-openspiel": [
        *(f"EUO-1.{i}" for i in range(1, 4)),
        *(f"EUO-2.{i}" for i in range(1, 5)),
        *(f"EUO-3.{i}" for i in range(1, 4)),
        "EUO-4.1",
        "EUO-4.2",
        "EUO-5.1",
        "EUO-5.2",
        "EUO-6.1",
    ],
    "tiny-bridge-openspiel": [
        *(f"TBO-1.{i}" for i in range(1, 4)),
        *(f"TBO-2.{i}" for i in range(1, 9)),
        *(f"TBO-3.{i}" for i in range(1, 6)),
        *(f"TBO-4.{i}" for i in range(1, 5)),
        "TBO-5.1",
        "TBO-5.2",
        *(f"D-{i}" for i in range(1, 6)),
    ],
    "skat": [
        *(f"SK-1.{i}" for i in range(1, 5)),
        *(f"SK-2.{i}" for i in range(1, 6)),
        *(f"SK-3.{i}" for i in range(1, 8)),
        *(f"SK-4.{i}" for i in range(1, 5)),
        *(f"SK-5.{i}" for i in range(1, 6)),
        *(f"SK-6.{i}" for i in range(1, 6)),
        *(f"SK-7.{i}" for i in range(1, 5)),
        "SK-8.1",
        "SK-8.2",
        *(f"SK-9.{i}" for i in range(1, 6)),
        *(f"D-{i}" for i in range(1, 11)),
    ],
    "tarok-openspiel": [
        *(f"TKO-1.{i}" for i in range(1, 5)),
        *(f"TKO-2.{i}" for i in range(1, 5)),
        "TKO-3.1",
        "TKO-4.1",
        "TKO-4.2",
        *(f"TKO-5.{i}" for i in range(1, 7)),
        *(f"TKO-6.{i}" for i in range(1, 7)),
        "TKO-7.1",
        "TKO-7.2",
        *(f"D-{i}" for i in range(1, 6)),
    ],
    "tarok-openspiel-4": [f"TKF-1.{i}" for i in range(1, 4)],
    "tarok": [
        *(f"TK-1.{i}" for i in range(1, 5)),
        *(f"TK-2.{i}" for i in range(1, 5)),
        "TK-3.1",
        "TK-3.2",
        *(f"TK-4.{i}" for i in range(1, 4)),
        "TK-5.1",
        "TK-5.2",
        *(f"TK-6.{i}" for i in range(1, 6)),
        *(f"TK-7.{i}" for i in range(1, 7)),
        "TK-8.1",
        "TK-8.2",
        "TK-9.1",
        "TK-9.2",
        *(f"D-{i}" for i in range(1, 8)),
    ],
    "twenty-nine": [
        *(f"TN-1.{i}" for i in range(1, 5)),
        *(f"TN-2.{i}" for i in range(1, 6)),
        "TN-3.1",
        "TN-3.2",
        *(f"TN-4.{i}" for i in range(1, 6)),
        *(f"TN-5.{i}" for i in range(1, 4)),
        "TN-6.1",
        "TN-6.2",
        *(f"TN-7.{i}" for i in range(1, 6)),
    ],
    "doppelkopf": [
        *(f"DK-1.{i}" for i in range(1, 5)),
        *(f"DK-2.{i}" for i in range(1, 6)),
        *(f"DK-3.{i}" for i in range(1, 6)),
        "DK-4.1",
        "DK-4.2",
        *(f"DK-5.{i}" for i in range(1, 7)),
        *(f"DK-6.{i}" for i in range(1, 6)),
        "DK-7.1",
        *(f"D-{i}" for i in range(1, 7)),
    ],
    "skat-openspiel": [
        *(f"SKO-1.{i}" for i in range(1, 4)),
        *(f"SKO-2.{i}" for i in range(1, 4)),
        *(f"SKO-3.{i}" for i in range(1, 7)),
        *(f"SKO-4.{i}" for i in range(1, 4)),
        "SKO-5.1",
        "SKO-5.2",
        *(f"D-{i}" for i in range(1, 4)),
    ],
    "hearts": [
        *(f"HE-1.{i}" for i in range(1, 4)),
        *(f"HE-2.{i}" for i in range(1, 4)),
        *(f"HE-3.{i}" for i in range(1, 6)),
        *(f"HE-4.{i}" for i in range(1, 4)),
        "HE-5.1",
        "HE-5.2",
        *(f"HE-6.{i}" for i in range(1, 9)),
        *(f"D-{i}" for i in range(1, 7)),
    ],
    "hearts-openspiel": [f"HEO-1.{i}" for i in range(1, 5)],
    "oh-hell": [
        *(f"OH-1.{i}" for i in range(1, 4)),
        *(f"OH-2.{i}" for i in range(1, 6)),
        *(f"OH-3.{i}" for i in range(1, 5)),
        *(f"OH-4.{i}" for i in range(1, 6)),
        *(f"OH-5.{i}" for i in range(1, 4)),
        *(f"OH-6.{i}" for i in range(1, 4)),
        *(f"OH-7.{i}" for i in range(1, 6)),
        *(f"D-{i}" for i in range(1, 11)),
    ],
    "oh-hell-3": [f"OHT-1.{i}" for i in range(1, 4)],
    "oh-hell-5": [f"OHF-1.{i}" for i in range(1, 4)],
    "oh-hell-openspiel-4x5": [
        *(f"OSP-1.{i}" for i in range(1, 4)),
        "OSP-2.1",
        "OSP-2.2",
        "OSP-3.1",
    ],
    "spades": [
        *(f"SP-1.{i}" for i in range(1, 4)),
        *(f"SP-2.{i}" for i in range(1, 6)),
        *(f"SP-3.{i}" for i in range(1, 5)),
        *(f"SP-4.{i}" for i in range(1, 8)),
        *(f"SP-5.{i}" for i in range(1, 4)),
        *(f"D-{i}" for i in range(1, 9)),
    ],
    "spades-openspiel": [
        *(f"SPO-1.{i}" for i in range(1, 4)),
        *(f"SPO-2.{i}" for i in range(1, 4)),
    ],
}

#: The profiles shipped in the wheel (installed plugins may add others).
SHIPPED = shipped_profile_names()
HOOKS = [h.__name__ for h in docgen.hooks_of(hookspecs)]


@cache
def citing_sources() -> dict[str, str]:
    """The text of every test file that may cite a rule (docs tests excluded)."""
    return {
        path.name: path.read_text(encoding="utf-8")
        for path in sorted([*TESTS.rglob("test_*.py"), *FAMILY_TESTS.glob("*/tests/test_*.py")])
        if path.name not in DOCS_TESTS
    }


def _prefix(text: docgen.RuleText) -> str:
    """The rule-id prefix of a rule text (``CBS``), from its first non-decision id."""
    return next(i.split("-")[0] for i in text.ids if not i.startswith("D-"))


def citations(rule_id: str, prefix: str, profile: str) -> list[re.Pattern[str]]:
    """The ways a test may cite ``rule_id`` of ``profile``."""
    if rule_id.startswith("D-"):
        n = rule_id[2:]
        return [
            re.compile(rf"(?<![A-Za-z0-9]){prefix}[ _/:-]*d[-_]?{n}(?![0-9])", re.I),
            re.compile(rf"{re.escape(profile)}\W{{1,5}}D-{n}(?![0-9])"),
        ]
    section, number = rule_id.split("-")[1].split(".")
    return [re.compile(rf"(?<![A-Za-z0-9]){prefix}[-_]{section}[._]{number}(?![0-9])", re.I)]


def is_cited(rule_id: str, prefix: str, profile: str) -> bool:
    patterns = citations(rule_id, prefix, profile)
    decision = re.compile(rf"(?<![A-Za-z0-9]){rule_id}(?![0-9])")
    for name, source in citing_sources().items():
        if any(p.search(source) for p in patterns):
            return True
        # a test file of the profile's own rules (test_cbs_*.py) may cite a decision as "D-4"
        own = rule_id.startswith("D-") and name.startswith(f"test_{prefix.lower()}_")
        if own and decision.search(source):
            return True
    return False


# -- hooks ------------------------------------------------------------------------


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_documented(name: str) -> None:
    """The hooks page autodocuments the hook; its docstring says what to return, every param."""
    reference = "\n".join(docgen.hook_lines(hookspecs))
    assert f".. autofunction:: cardrules.rules.hookspecs.{name}\n" in reference
    hook = getattr(hookspecs, name)
    doc = inspect.getdoc(hook) or ""
    returns_none = inspect.signature(hook).return_annotation in (None, "None")
    assert returns_none or ":return:" in doc, name
    for param in inspect.signature(hook).parameters:
        assert f":param {param}:" in doc, (name, param)
    page = (TESTS.parent / "docs" / "reference" / "hooks.rst").read_text(encoding="utf-8")
    assert ".. cardrules-hooks::" in page


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_test(name: str) -> None:
    found = [f for f, s in citing_sources().items() if f"def test_hook_{name}(" in s]
    assert found, f"no test named test_hook_{name}"


# -- rule ids -----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULE_IDS))
def test_rule_text_carries_every_rule_id(name: str) -> None:
    assert name in SHIPPED
    text = docgen.rule_text_of(name)
    assert text is not None, f"{name} has no rule text beside it"
    assert sorted(text.ids) == sorted(RULE_IDS[name])


@pytest.mark.parametrize("name", SHIPPED)
def test_every_rule_id_is_on_its_rules_page(name: str) -> None:
    """The generated page has an anchored block for every rule id (HTML: test_docs_build)."""
    text = docgen.rule_text_of(name)
    assert text is not None, f"{name} has no rule text beside it"
    page = "\n".join(docgen.profile_lines(cardrules.load(name), text))
    for rule_id in text.ids:
        assert f"\n.. cardrules-rule:: {rule_id}\n" in page, rule_id


@pytest.mark.parametrize("name", SHIPPED)
def test_every_rule_id_is_cited_by_a_test(name: str) -> None:
    text = docgen.rule_text_of(name)
    assert text is not None, f"{name} has no rule text beside it"
    prefix = _prefix(text)
    uncited = [i for i in text.ids if not is_cited(i, prefix, name)]
    assert not uncited, f"{name}: no test cites {', '.join(uncited)}"


def test_citation_patterns() -> None:
    """The forms a citation may take, and near misses that are not citations."""

    def cites(rule_id: str, text: str, prefix: str = "CBS") -> bool:
        return any(p.search(text) for p in citations(rule_id, prefix, "callbreak-strict"))

    assert cites("CBS-3.6", "CBS-3.6: a lower spade is forced")
    assert cites("CBS-3.6", "def test_cbs_3_6_lower_spade_is_forced")
    assert not cites("CBS-3.6", "CBS-3.60") and not cites("CBS-3.6", "xcbs_3_6")
    assert cites("D-4", "def test_cbs_d4_higher_spade")
    assert cites("D-4", "CBS D-4: a higher spade") and cites("D-4", "callbreak-strict D-4")
    assert not cites("D-4", "CBC D-4") and not cites("D-4", "CBS D-40")
