"""The reST generators of the docs site, checked as strings on a small fixture profile.

The fixture (``tests/data/docs_fixture.toml`` and its rule text
``docs_fixture.rules.md``) uses rule ids ``FX-*``; the worked examples are
computed by the engine while the reST is generated.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import types
from pathlib import Path
from typing import Literal

import pluggy
import pytest
from pydantic import BaseModel, Field

import cardrules
import cardrules.profile.registry
from cardrules.tools import docgen
from cardrules.tools.rulepages import tables_lines, tables_serving
from cardrules.tools.ruletext import Example
from cardrules.tools.spec import OptionDoc, describe

DATA = Path(__file__).resolve().parent.parent / "data"
ROOT = Path(__file__).resolve().parents[2]
FIXTURE = DATA / "docs_fixture.toml"
#: The profiles shipped in the wheel (installed plugins may add others).
SHIPPED = cardrules.profile.registry.shipped_profile_names()


@pytest.fixture(scope="module")
def fixture_rules() -> cardrules.Ruleset:
    return cardrules.load(FIXTURE)


@pytest.fixture(scope="module")
def fixture_text() -> docgen.RuleText:
    text = docgen.rule_text_of(FIXTURE)
    assert text is not None
    return text


def lines(gen: object) -> str:
    assert not isinstance(gen, str)
    return "\n".join(gen)  # type: ignore[call-overload]


def prose(gen: object) -> str:
    """A worked example's words, without the diagram that ends it (a raw HTML block)."""
    text = lines(gen)
    assert '\n.. raw:: html\n\n   <div class="cardrules-picture">\n   <svg ' in text
    return text.partition("\n.. raw:: html\n")[0]


# -- rule texts ---------------------------------------------------------------


def test_rule_text_is_found_beside_the_profile(fixture_text: docgen.RuleText) -> None:
    assert fixture_text.path == str(DATA / "docs_fixture.rules.md")
    assert fixture_text.title == "Fixture rules"
    assert fixture_text.intro == ("A tiny rule text for the `docgen` tests.",)
    assert [s.title for s in fixture_text.sections] == [
        "1. Deal and calls",
        "2. Play",
        "3. Scoring",
        "4. Decisions",
    ]
    assert fixture_text.ids == ("FX-1.1", "FX-1.2", "FX-2.1", "FX-3.1", "FX-3.2", "D-1")


def test_rule_text_items_and_examples(fixture_text: docgen.RuleText) -> None:
    rule = fixture_text.rules[2]
    assert rule == docgen.Rule(
        "FX-2.1", "Follow suit if able, as FX-1.1 deals:", ("hearts are trumps;", "no other duty.")
    )
    assert fixture_text.examples == (
        Example("legal", "FX-2.1", {"trick": ["KC", "3C", "AH"], "hand": ["2C", "AS", "QH"]}),
        Example("calls", "FX-3.1", {"calls": [1, 2, 3, 4], "tricks": [2, 2, 1, 8]}),
    )


def test_profile_without_rule_text_has_none() -> None:
    assert docgen.rule_text_of(DATA / "docs_fixture_child.toml") is None


def test_rule_text_errors_name_every_line() -> None:
    text = (
        "## 1. A\n"
        "- no id here\n"
        "- FX-1.1 once\n"
        "- FX-1.1 again\n"
        "```example\n"
        "kind = 'dance'\n"
        "```\n"
        "```python\n"
    )
    with pytest.raises(cardrules.ProfileError) as err:
        docgen.parse_rule_text(text, "x.rules.md")
    assert str(err.value) == (
        "invalid profile x.rules.md:\n"
        "  line 2 -> a list item must start with a rule id (CBS-3.6, D-4)\n"
        "  line 4 -> rule id FX-1.1 appears twice\n"
        "  line 5 -> example kind must be one of legal, trick, calls, contract, taken, scored\n"
        "  line 8 -> unknown fenced block '```python'; use ```example\n"
        "  line 8 -> unclosed ```example block\n"
        "  line 1 -> the text must start with a '# ' title"
    )


def test_rule_text_without_sections_and_variant_ids() -> None:
    """A variant's short text: rules straight under the title, ids without a section number."""
    text = docgen.parse_rule_text(
        "# Clockwise\n\nAn example.\n\n- CW-1 Play clockwise.\n- CW-2 Calls 1 to 8.\n"
    )
    assert text.intro == ("An example.",)
    assert text.sections == (
        docgen.RuleSection(
            "",
            (),
            (docgen.Rule("CW-1", "Play clockwise."), docgen.Rule("CW-2", "Calls 1 to 8.")),
            (),
        ),
    )
    assert docgen.anchor("CW-1") == "cw-1"


def test_every_shipped_profile_has_a_rule_text() -> None:
    for name in SHIPPED:
        text = docgen.rule_text_of(name)
        assert text is not None, name
        assert text.ids, name


# -- inline markup ------------------------------------------------------------


def test_anchor_of_rule_ids() -> None:
    assert [docgen.anchor(i) for i in ("CBS-3.6", "D-4", "MB-6.3")] == ["cbs-3-6", "d-4", "mb-6-3"]


def test_inline_converts_markdown_and_escapes_rest() -> None:
    text = "Use `load()` *now*; see FX-1.1 and D-1, not a_b|c or 2*3."
    assert docgen.inline(text, ["FX-1.1", "D-1"]) == (
        "Use ``load()`` *now*; see `FX-1.1 <#fx-1-1>`__ and D-1, not a\\_b\\|c or 2\\*3."
    )
    assert docgen.rule_ref("CBS-3.6") == ":cardrules-rule:`CBS-3.6`"
    assert docgen.rule_ref("D-4") == "D-4"
    assert docgen.rule_ref("D-4", ["D-4"]) == "`D-4 <#d-4>`__"


# -- rules pages --------------------------------------------------------------


def test_rule_lines_anchor_text_items_and_settings(
    fixture_rules: cardrules.Ruleset, fixture_text: docgen.RuleText
) -> None:
    implemented = docgen.implemented_by(describe(fixture_rules))
    rule = fixture_text.rules[2]
    assert lines(docgen.rule_lines(rule, implemented, fixture_text.ids)) == (
        ".. cardrules-rule:: FX-2.1\n"
        "\n"
        "   Follow suit if able, as `FX-1.1 <#fx-1-1>`__ deals:\n"
        "\n"
        "   - hearts are trumps;\n"
        "   - no other duty.\n"
        "\n"
        "   *Implemented by* `play.duties[0] <#duties-of-play>`__ (``follow_suit``).\n"
    )


def test_implemented_by_maps_rule_ids_to_settings(fixture_rules: cardrules.Ruleset) -> None:
    """A rule links to the parts that implement it; the tables are named once per section."""
    implemented = docgen.implemented_by(describe(fixture_rules))
    assert "FX-1.1" not in implemented and "D-1" not in implemented  # served by [deal] alone
    assert implemented["FX-1.2"] == ["`auction.kind <#auction-the-auction>`__ (``calls``)"]
    assert implemented["FX-3.1"] == ["`scoring.kind <#scoring>`__ (``call_tenths``)"]
    assert implemented["FX-3.2"] == ["`game.deals <#end-of-the-game>`__ (2)"]
    tables = tables_serving(describe(fixture_rules))
    assert tables["FX-1.1"] == tables["D-1"] == ["`[deal] <#deal-dealing>`__"]


def test_tables_are_named_once_per_section_of_the_rule_text(
    fixture_rules: cardrules.Ruleset, fixture_text: docgen.RuleText
) -> None:
    """Issue 13: not 'Implemented by ... the [deal] table' after every rule, but the tables
    once after each section's rules."""
    page = lines(docgen.profile_lines(fixture_rules, fixture_text)).splitlines()
    implemented = [line for line in page if "*Implemented by*" in line]
    assert implemented and not any("table" in line for line in implemented)
    tables = tables_serving(describe(fixture_rules))
    said = [line for line in page if line.startswith("*Settings:*")]
    assert said == [
        lines(tables_lines(section.rules, tables)).strip()
        for section in fixture_text.sections
        if any(rule.id in tables for rule in section.rules)
    ]
    assert said[:2] == [
        "*Settings:* the rules of this section are served by the `[deal] <#deal-dealing>`__ table.",
        "*Settings:* the rules of this section are served by the "
        "`[play] <#play-play-of-the-cards>`__ table.",
    ]
    assert lines(tables_lines([], tables)) == ""


def test_legal_example_is_computed(fixture_rules: cardrules.Ruleset) -> None:
    """FX-2.1 (follow suit, hearts trumps): only 2♣ may follow; A♥ has trumped the trick."""
    example = Example("legal", "FX-2.1", {"trick": ["KC", "3C", "AH"], "hand": ["2C", "AS", "QH"]})
    assert prose(docgen.example_lines(fixture_rules, example, ["FX-2.1"])) == (
        "`FX-2.1 <#fx-2-1>`__ (hearts are trumps): trick so far K♣ 3♣ A♥; "
        "the next player holds 2♣ A♠ Q♥.\n"
        "\n"
        "- ``rules.legal_cards(['2C', 'AS', 'QH'], ['KC', '3C', 'AH'])`` → **2♣**\n"
        "- A♠ is refused: FX-2.1: clubs were led and you hold 2♣: must follow suit\n"
        "- Q♥ is refused: FX-2.1: clubs were led and you hold 2♣: must follow suit\n"
        "- with 2♣ played, A♥ wins the trick\n"
    )


def test_first_trick_lead_example(fixture_rules: cardrules.Ruleset) -> None:
    example = Example("legal", "FX-2.1", {"hand": ["2C", "AS"], "first_trick": True})
    assert prose(docgen.example_lines(fixture_rules, example)) == (
        ":cardrules-rule:`FX-2.1` (hearts are trumps): led to the first trick by a player "
        "holding 2♣ A♠.\n"
        "\n"
        "- ``rules.legal_cards(['2C', 'AS'], [], first_trick=True)`` → **2♣ A♠**\n"
    )


def test_calls_example_is_scored_by_the_engine(fixture_rules: cardrules.Ruleset) -> None:
    """FX-3.1: call 1 with 2 tricks 1.1; 2 with 2 is 2.0; 3 with 1 is -3.0; 4 with 8 is 4.4."""
    example = Example("calls", "FX-3.1", {"calls": [1, 2, 3, 4], "tricks": [2, 2, 1, 8]})
    rows = [("N", 0, 1, 2, "1.1"), ("E", 1, 2, 2, "2.0"), ("S", 2, 3, 1, "-3.0")]
    rows.append(("W", 3, 4, 8, "4.4"))
    expected = [
        "`FX-3.1 <#fx-3-1>`__: ``rules.score_calls([1, 2, 3, 4], [2, 2, 1, 8])`` gives",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Seat",
        "     - Call",
        "     - Tricks",
        "     - Score",
    ]
    for letter, seat, call, took, score in rows:
        expected += [
            f"   * - {letter} (seat {seat})",
            f"     - {call}",
            f"     - {took}",
            f"     - **{score}**",
        ]
    expected.append("")
    assert lines(docgen.example_lines(fixture_rules, example, ["FX-3.1"])) == "\n".join(expected)


def test_contract_and_trick_examples_on_minibridge() -> None:
    """MB-6.3 and MB-6.2, computed by the Minibridge scorer and trick rules."""
    rules = cardrules.load("minibridge-ebu")
    game = Example(
        "contract",
        "MB-6.3",
        {"declarer": 2, "strain": "S", "goal": "game", "declarer_tricks": 10},
    )
    assert lines(docgen.example_lines(rules, game)) == (
        ":cardrules-rule:`MB-6.3`: contract ``S game`` declared by S (seat 2), the declaring "
        "pair takes 10 tricks: ``rules.score_contract('S game', 2, 10)`` gives NS **420**, "
        "EW **0**.\n"
    )
    trick = Example(
        "trick", "MB-6.2", {"trump": "S", "leader": 3, "trick": ["AH", "6S", "2H", "8H"]}
    )
    assert prose(docgen.example_lines(rules, trick)) == (
        ":cardrules-rule:`MB-6.2` (spades are trumps): W A♥, N 6♠, E 2♥, S 8♥.\n"
        "\n"
        "- ``rules.trick_winner(['AH', '6S', '2H', '8H'], trump='S')`` → 1: **6♠** wins, "
        "played by N (seat 0), who leads next\n"
    )


def test_lead_example_after_earlier_tricks() -> None:
    """HE-3.5: ``played_before`` (the cards of the deal's earlier tricks) goes to
    ``rules.legal_cards`` and ``rules.explain``; a lead that is not the first trick's
    reads as such."""
    rules = cardrules.load("hearts")
    example = Example(
        "legal",
        "HE-3.5",
        {"hand": ["QS", "AH", "7D"], "played_before": ["2C", "9C", "JC", "AC"]},
    )
    assert prose(docgen.example_lines(rules, example, ["HE-3.5"])) == (
        "`HE-3.5 <#he-3-5>`__ (no-trump): a player leads, holding Q♠ A♥ 7♦; the earlier "
        "tricks of the deal hold 2♣ 9♣ J♣ A♣.\n"
        "\n"
        "- ``rules.legal_cards(['QS', 'AH', '7D'], [], played_before=['2C', '9C', 'JC', "
        "'AC'])`` → **7♦ Q♠**\n"
        "- A♥ is refused: HE-3.5: hearts are not broken (a heart or the Q♠ has not been "
        "played to an earlier trick) and you hold another suit (7♦): no heart lead\n"
    )
    broken = Example(
        "legal", "HE-3.5", {"hand": ["QS", "AH", "7D"], "played_before": ["2C", "9C", "JC", "2H"]}
    )
    assert "→ **7♦ A♥ Q♠**" in lines(docgen.example_lines(rules, broken))


def test_taken_example_is_scored_by_the_engine(tmp_path: Path) -> None:
    """HE-4.1 / HE-4.2: the cards each seat took, scored by ``rules.score_deal(taken=...)``;
    the cards that score (hearts, Q♠, and J♦ where the house rule counts it) are found by
    asking the scorer, never named by the generator."""
    moon = Example(
        "taken",
        "HE-4.2",
        {
            "taken": [
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2C 3C 4C 5C 6C 7C",
                "8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D",
                "7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S",
                "TS JS KS AS",
            ]
        },
    )
    expected = [
        "`HE-4.2 <#he-4-2>`__: ``rules.score_deal(taken=[...])``, given the cards each seat "
        "took in its tricks (one list of cards per seat), gives",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Seat",
        "     - Cards taken",
        "     - Points",
    ]
    rows = [
        ("N (seat 0)", "20 cards: 13 hearts, Q♠", "0"),
        ("E (seat 1)", "12 cards, none that scores", "26"),
        ("S (seat 2)", "16 cards, none that scores", "26"),
        ("W (seat 3)", "4 cards, none that scores", "26"),
    ]
    for seat, cell, points in rows:
        expected += [f"   * - {seat}", f"     - {cell}", f"     - **{points}**"]
    expected.append("")
    rules = cardrules.load("hearts")
    assert lines(docgen.example_lines(rules, moon, ["HE-4.2"])) == "\n".join(expected)
    path = tmp_path / "hearts-jack.toml"
    path.write_text(
        '[profile]\nname = "hearts-jack"\ntitle = "J"\nextends = "hearts"\n\n'
        "[options]\njd_bonus = true\n",
        encoding="utf-8",
    )
    split = Example(
        "taken",
        "HE-6.1",
        {
            "taken": [
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C 3C 4C 5C 6C 7C 8C",
                "QS 9C TC JC QC KC AC 2D 3D 4D 5D 6D",
                "7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S",
                "TS JS KS AS",
            ]
        },
    )
    text = lines(docgen.example_lines(cardrules.load(path), split))
    assert "   * - N (seat 0)\n     - 20 cards: 13 hearts\n     - **13**\n" in text
    assert "   * - E (seat 1)\n     - 12 cards: Q♠\n     - **13**\n" in text
    assert "   * - S (seat 2)\n     - 16 cards: J♦\n     - **-10**\n" in text
    assert "   * - W (seat 3)\n     - 4 cards, none that scores\n     - **0**\n" in text


def test_taken_example_errors_name_the_example() -> None:
    rules = cardrules.load("hearts")
    example = Example("taken", "HE-4.1", {"taken": ["QS 2H"]})
    with pytest.raises(cardrules.CardrulesError) as err:
        list(docgen.example_lines(rules, example))
    assert str(err.value) == (
        "invalid worked example HE-4.1 (taken) for profile 'hearts': invalid taken: "
        "['QS 2H'] (expected one entry per seat)"
    )
    with pytest.raises(cardrules.CardrulesError) as err:
        list(docgen.example_lines(cardrules.load("callbreak-strict"), example))
    assert str(err.value).startswith(
        "invalid worked example HE-4.1 (taken) for profile 'callbreak-strict': "
    )


def test_example_the_scorer_cannot_compute_is_an_error(fixture_rules: cardrules.Ruleset) -> None:
    example = Example(
        "contract", "FX-3.1", {"declarer": 0, "strain": "S", "goal": "game", "declarer_tricks": 9}
    )
    with pytest.raises(cardrules.CardrulesError) as err:
        list(docgen.example_lines(fixture_rules, example))
    assert str(err.value) == (
        "invalid worked example FX-3.1 (contract) for profile 'docs-fixture': "
        "invalid deal: give calls and tricks per seat "
        "(score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3]))"
    )


def test_settings_lines_show_value_description_and_rules(fixture_rules: cardrules.Ruleset) -> None:
    text = lines(docgen.settings_lines(describe(fixture_rules), ["FX-1.1", "D-1"]))
    assert (
        "[deal] Dealing\n"
        "~~~~~~~~~~~~~~\n"
        "\n"
        "Serves `FX-1.1 <#fx-1-1>`__, `D-1 <#d-1>`__.\n"
        "\n"
        ".. list-table::\n"
        "   :header-rows: 1\n"
        "   :widths: 20 30 50\n"
        "\n"
        "   * - Setting\n"
        "     - Value\n"
        "     - Description\n"
        "   * - ``direction``\n"
        "     - ``'clockwise'``\n"
        "     - Order of dealing, calling and play; the deal passes to the next seat in this "
        "order, and the first card goes to the seat after the dealer.\n"
    ) in text
    assert "   * - ``duties``\n     - - ``follow_suit (FX-2.1)``\n" in text


def test_options_lines_show_switches_with_defaults(fixture_rules: cardrules.Ruleset) -> None:
    spec = dataclasses.replace(
        describe(fixture_rules),
        options=(OptionDoc("short", True, False, "Play short.", "FX-3.2", ()),),
    )
    assert lines(docgen.options_lines(spec, ["FX-3.2"])) == (
        "Declared by this profile's plugins. A profile turns one on under ``[options]`` (in its "
        "own file or in one that ``extends`` it); the value is this profile's.\n"
        "\n"
        ".. list-table::\n"
        "   :header-rows: 1\n"
        "   :widths: 20 10 10 10 50\n"
        "\n"
        "   * - Switch\n"
        "     - Value\n"
        "     - Default\n"
        "     - Rule\n"
        "     - Description\n"
        "   * - ``options.short``\n"
        "     - ``true``\n"
        "     - ``false``\n"
        "     - `FX-3.2 <#fx-3-2>`__\n"
        "     - Play short.\n"
    )


def test_profile_page(fixture_rules: cardrules.Ruleset, fixture_text: docgen.RuleText) -> None:
    page = lines(docgen.profile_lines(fixture_rules, fixture_text))
    assert page.startswith(
        "Fixture rules\n"
        "=============\n"
        "\n"
        "A tiny rule set for testing the docs generators.\n"
        "\n"
        ":Profile: ``docs-fixture``, version 0.1\n"
        ":Load it: ``cardrules.load('docs-fixture')``\n"
        ":Plugins: ``callbreak``\n"
    )
    for rule_id in fixture_text.ids:
        assert f"\n.. cardrules-rule:: {rule_id}\n" in page
    headings = [
        "Rules\n-----",
        "Settings\n--------",
        "Auction\n-------",
        "Duties of play\n--------------",
        "Scoring\n-------",
        "Worked examples\n~~~~~~~~~~~~~~~",
        "End of the game\n---------------",
        "House-rule switches\n-------------------",
    ]
    positions = [page.index(f"\n{h}\n") for h in headings]
    assert positions == sorted(positions)
    assert "#. ``follow_suit`` (`FX-2.1 <#fx-2-1>`__): A player who holds the suit led" in page
    assert "2 deals (`FX-3.2 <#fx-3-2>`__)." in page
    assert "Auction ``calls``, calls 1 to 5 (`FX-1.2 <#fx-1-2>`__), ``cardrules." in page
    # the calls example is shown with the scoring formula, after its heading
    assert page.index("``rules.score_calls([1, 2, 3, 4], [2, 2, 1, 8])``") > positions[5]


def test_profile_page_of_a_child_links_its_parent_and_diff(
    fixture_rules: cardrules.Ruleset,
) -> None:
    child = cardrules.load(DATA / "docs_fixture_child.toml")
    page = lines(docgen.profile_lines(child, None, parent=fixture_rules))
    assert (
        ":Extends: :doc:`docs-fixture`; see the "
        "`differences from docs-fixture <#differences-from-the-parent>`__\n"
    ) in page
    assert "This profile has no rule text of its own" in page
    assert page.endswith(
        "Differences from the parent\n"
        "---------------------------\n"
        "\n" + lines(docgen.diff_lines(fixture_rules, child))
    )


def test_diff_lines_are_cardrules_diff_as_a_table(fixture_rules: cardrules.Ruleset) -> None:
    """The child changes max_call (FX-1.2) and deals (FX-3.2), nothing else."""
    child = cardrules.load(DATA / "docs_fixture_child.toml")
    assert lines(docgen.diff_lines(fixture_rules, child)) == (
        "What ``cardrules diff docs-fixture docs-fixture-child`` reports: the settings of "
        "``docs-fixture-child`` that differ from :doc:`docs-fixture`, in words, with the rule "
        "ids behind them.\n"
        "\n"
        ".. list-table::\n"
        "   :header-rows: 1\n"
        "   :widths: 20 40 40\n"
        "\n"
        "   * - Setting\n"
        "     - docs-fixture\n"
        "     - docs-fixture-child\n"
        "   * - calls\n"
        "     - 1–5 (:cardrules-rule:`FX-1.2`)\n"
        "     - 1–3 (:cardrules-rule:`FX-1.2`)\n"
        "   * - length of the game\n"
        "     - 2 deals (:cardrules-rule:`FX-3.2`)\n"
        "     - 3 deals (:cardrules-rule:`FX-3.2`)\n"
    )
    assert lines(docgen.diff_lines(fixture_rules, fixture_rules)).endswith(
        "None: the same rules.\n"
    )


def test_comparison_lines_put_differences_first(fixture_rules: cardrules.Ruleset) -> None:
    child = cardrules.load(DATA / "docs_fixture_child.toml")
    text = lines(docgen.comparison_lines([fixture_rules, child], "rules/"))
    assert text.startswith(
        "Settings that differ\n"
        "--------------------\n"
        "\n"
        ".. list-table::\n"
        "   :header-rows: 1\n"
        "\n"
        "   * - Setting\n"
        "     - :doc:`docs-fixture <rules/docs-fixture>`\n"
        "     - :doc:`docs-fixture-child <rules/docs-fixture-child>`\n"
        "   * - calls\n"
        "     - 1–5 (:cardrules-rule:`FX-1.2`)\n"
        "     - 1–3 (:cardrules-rule:`FX-1.2`)\n"
        "   * - length of the game\n"
    )
    same = text.split("Settings in common")[1]
    assert "   * - direction of play\n     - clockwise\n" in same
    assert (
        "   * - following suit\n"
        "     - follow suit, any card of the suit (no duty to beat) (:cardrules-rule:`FX-2.1`)\n"
    ) in same
    assert "   * - calls\n" not in same


# -- hooks, schema, command line ------------------------------------------------


def test_hook_lines_group_by_phase_with_rule_ids() -> None:
    mod = types.ModuleType("fakehooks")
    spec = pluggy.HookspecMarker("cardrules")

    @spec(firstresult=True)
    def cardrules_deal_thing(profile: object) -> None:
        """Serves FX-1.1 and D-2."""

    @spec
    def cardrules_play_other() -> None:
        """No rule ids."""

    mod.cardrules_deal_thing = cardrules_deal_thing  # type: ignore[attr-defined]
    mod.cardrules_play_other = cardrules_play_other  # type: ignore[attr-defined]
    assert lines(docgen.hook_lines(mod)) == (
        "Deal phase\n"
        "----------\n"
        "\n"
        ".. autofunction:: fakehooks.cardrules_deal_thing\n"
        "\n"
        "   ``firstresult``: the first non-None answer wins; serves "
        ":cardrules-rule:`FX-1.1`, D-2.\n"
        "\n"
        "Play phase\n"
        "----------\n"
        "\n"
        ".. autofunction:: fakehooks.cardrules_play_other\n"
        "\n"
        "   every implementation's answer is collected.\n"
    )


def test_schema_lines_from_a_pydantic_model() -> None:
    class Inner(BaseModel):
        """An inner table.

        More words."""

        size: int = Field(3, ge=1, le=9, description="How big.")
        mode: Literal["a", "b"] = Field(description="Which *mode*.")

    class Outer(BaseModel):
        inner: Inner = Field(description="The inner table.")
        extra: dict[str, int] = Field(default_factory=dict, description="Extras.")

    assert lines(docgen.schema_lines(Outer)) == (
        "[inner]\n"
        "-------\n"
        "\n"
        "The inner table.\n"
        "\n"
        "An inner table.\n"
        "\n"
        ".. list-table::\n"
        "   :header-rows: 1\n"
        "   :widths: 15 25 15 45\n"
        "\n"
        "   * - Key\n"
        "     - Type\n"
        "     - Default\n"
        "     - Description\n"
        "   * - ``size``\n"
        "     - int (\\>= 1; \\<= 9)\n"
        "     - ``3``\n"
        "     - How big.\n"
        "   * - ``mode``\n"
        "     - 'a' \\| 'b'\n"
        "     - required\n"
        "     - Which \\*mode\\*.\n"
        "\n"
        "[extra]\n"
        "-------\n"
        "\n"
        "Extras.\n"
        "\n"
        "Type: dict\\[str, int\\]; default ``{}``.\n"
    )


def test_cli_lines_render_each_subcommand_help() -> None:
    parser = argparse.ArgumentParser(prog="tool", description="A tool.")
    sub = parser.add_subparsers(dest="command")
    go = sub.add_parser("go", help="go somewhere", description="Go somewhere.")
    go.add_argument("where", help="the place")
    text = lines(docgen.cli_lines(parser))
    assert text.startswith(".. code-block:: text\n\n   usage: tool [-h] {go} ...\n\n   A tool.\n")
    assert (
        "tool go\n"
        "-------\n"
        "\n"
        ".. code-block:: text\n"
        "\n"
        "   usage: tool go [-h] where\n"
        "\n"
        "   Go somewhere.\n"
    ) in text
    assert "     where       the place\n" in text


def test_profile_json_schema_file_is_current() -> None:
    """docs/profile.schema.json is what ``cardrules schema`` prints (regenerate if this fails)."""
    committed = (ROOT / "docs" / "profile.schema.json").read_text(encoding="utf-8")
    assert committed == docgen.profile_json_schema()
    schema = json.loads(committed)
    assert schema["title"] == "cardrules profile"
    assert set(schema["required"]) == {"profile", "deal", "play", "scoring", "game"}
    assert schema["additionalProperties"] is False


def test_cardrules_schema_prints_the_committed_schema() -> None:
    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["schema"], stdout=out, stderr=err) == 0
    assert out.getvalue() == (ROOT / "docs" / "profile.schema.json").read_text(encoding="utf-8")
    assert err.getvalue() == ""


def test_cardrules_schema_writes_a_file(tmp_path: Path) -> None:
    from cardrules.cli import main

    target = tmp_path / "profile.schema.json"
    out, err = io.StringIO(), io.StringIO()
    assert main(["schema", "-o", str(target)], stdout=out, stderr=err) == 0
    assert target.read_text(encoding="utf-8") == docgen.profile_json_schema()
    assert out.getvalue() == f"wrote the profile schema to {target}\n"
    missing = tmp_path / "no" / "such" / "dir.json"
    assert main(["schema", "--output", str(missing)], stdout=out, stderr=err) == 1
    assert err.getvalue() == (
        f"error: cannot write the schema to {missing}: No such file or directory\n"
    )


def test_cardrules_schema_of_a_profile_lists_its_options_with_their_ranges() -> None:
    """``cardrules schema --profile NAME``: ``[options]`` holds that profile's options
    only, each with its type, range or choices and default, from its declaration."""
    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["schema", "--profile", "spades"], stdout=out, stderr=err) == 0
    assert out.getvalue() == docgen.profile_json_schema("spades")
    schema = json.loads(out.getvalue())
    assert schema["title"] == "cardrules profile (the options of spades)"
    options = schema["properties"]["options"]
    assert options["additionalProperties"] is False
    assert sorted(options["properties"]) == [
        "blind_nil",
        "mercy",
        "nil_tricks_for_partner",
        "partner_cap",
        "target",
        "use_mercy",
    ]
    assert options["properties"]["mercy"] == {
        "description": "The mercy score (see use_mercy). (SP-5.3)",
        "type": "integer",
        "minimum": -10000,
        "maximum": 0,
        "default": -200,
    }
    hearts = json.loads(docgen.profile_json_schema("hearts"))["properties"]["options"]
    assert hearts["properties"]["passing"]["enum"] == ["rotation", "chance"]
    app = json.loads(docgen.profile_json_schema("callbreak-app"))["properties"]["options"]
    assert app["properties"]["target_score"]["anyOf"][0] == {
        "type": "number",
        "minimum": 0,
        "maximum": 10000,
    }
    assert (
        schema["properties"]["table"]
        == json.loads(docgen.profile_json_schema())["properties"]["table"]
    )


def test_show_and_the_rules_pages_give_a_number_option_its_range() -> None:
    """The range of a number option is shown where its default is (HE-5.1)."""
    from cardrules.tools.rulepages import options_lines
    from cardrules.tools.spec import describe, render_text

    spec = describe(cardrules.load("hearts"))
    assert "  target = 100 [HE-5.1]\n" in render_text(spec)
    assert "      range: 0 to 10000\n" in render_text(spec)
    page = "\n".join(options_lines(spec))
    assert "0 = no target. From 0 to 10000." in page


def test_a_scored_example_is_a_table_the_engine_fills() -> None:
    """Example kind ``scored``: one row per deal given by ``score_deal`` keywords, the
    scores by side computed by the family's scorer when the page is built (BR-5.1 ..
    BR-5.7: 7NTXX vulnerable made +2980, 7NTX vulnerable 13 down −3800)."""
    from cardrules.tools.rulepages import example_lines
    from cardrules.tools.ruletext import Example

    rules = cardrules.load("bridge-duplicate")
    deals = [
        {"contract": "7NTXX", "declarer": "S", "vulnerable": True, "tricks": 13},
        {"contract": "7NTX", "declarer": "N", "vulnerable": True, "tricks": 0},
    ]
    text = "\n".join(example_lines(rules, Example("scored", "BR-5.1", {"deals": deals})))
    assert "**2980**" in text and "**-2980**" in text
    assert "**-3800**" in text and "**3800**" in text
    with pytest.raises(cardrules.CardrulesError, match=r"invalid worked example BR-5\.1"):
        list(example_lines(rules, Example("scored", "BR-5.1", {"deals": "4S"})))
