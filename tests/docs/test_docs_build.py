"""The documentation site builds without a warning, and its rules pages come from the engine.

The site is built in-process from a copy of ``docs/`` (the generated pages
must not touch the checkout), once as shipped and once with a profile added.
"""

from __future__ import annotations

import html
import io
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import cardrules
import cardrules.profile.registry
from cardrules.rules import hookspecs
from cardrules.tools import docgen

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent.parent / "data"

#: The profiles shipped in the wheel (installed plugins may add others).
SHIPPED = cardrules.profile.registry.shipped_profile_names()

sphinx_application = pytest.importorskip("sphinx.application")
from sphinx.util.docutils import docutils_namespace, patch_docutils  # noqa: E402


@dataclass
class Site:
    out: Path
    warnings: str

    def page(self, name: str) -> str:
        return (self.out / name).read_text(encoding="utf-8")

    def text(self, name: str) -> str:
        """The page's text without tags, entities decoded, whitespace collapsed."""
        raw = re.sub(r"<[^>]+>", " ", self.page(name))
        return re.sub(r" ([,.;:)])", r"\1", " ".join(html.unescape(raw).split()))


def build(tmp: Path) -> Site:
    src = tmp / "repo" / "docs"
    shutil.copytree(ROOT / "docs", src, ignore=shutil.ignore_patterns("_build", "rules"))
    (tmp / "repo" / "tests").symlink_to(ROOT / "tests")
    warnings = io.StringIO()
    # As sphinx-build does: docutils registrations stay local to this build.
    with patch_docutils(src), docutils_namespace():
        app = sphinx_application.Sphinx(
            src, src, tmp / "html", tmp / "doctrees", "html",
            status=io.StringIO(), warning=warnings, freshenv=True,
        )  # fmt: skip
        app.build()
    return Site(tmp / "html", warnings.getvalue())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return build(tmp_path_factory.mktemp("docs"))


def test_site_builds_without_warnings(site: Site) -> None:
    assert site.warnings == ""
    assert (site.out / "index.html").is_file()


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_page_has_every_rule_id_as_an_anchor(site: Site, name: str) -> None:
    text = docgen.rule_text_of(name)
    assert text is not None
    page = site.page(f"rules/{name}.html")
    words = site.text(f"rules/{name}.html")
    for rule_id in text.ids:
        assert f'id="{docgen.anchor(rule_id)}"' in page, rule_id
        assert f"{rule_id} " in words, rule_id
    assert cardrules.load(name).title in words
    for target in set(re.findall(r'href="#([^"]+)"', page)):
        assert f'id="{target}"' in page, target  # every link within the page has its anchor


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_page_shows_settings_duties_and_switches(site: Site, name: str) -> None:
    rules = cardrules.load(name)
    words = site.text(f"rules/{name}.html")
    for duty in rules.duties:
        assert f"{duty.name} ({duty.rule})" in words
    for option in rules.components.options:
        assert f"options.{option}" in words
    assert f"Scorer {rules.profile.scoring_kind}" in words


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_page_worked_examples_are_the_engine_results(site: Site, name: str) -> None:
    rules = cardrules.load(name)
    text = docgen.rule_text_of(name)
    assert text is not None
    words = site.text(f"rules/{name}.html")
    for example in text.examples:
        d = example.data
        if example.kind == "calls":
            scores = rules.score_calls(d["calls"], d["tricks"])
            rows = " ".join(
                f"{'NESW'[s]} (seat {s}) {d['calls'][s]} {d['tricks'][s]} {scores[s]}"
                for s in range(4)
            )
            assert rows in words, example
        elif example.kind == "contract":
            contract = f"{d['strain']} {d['goal']}"
            scores = rules.score_contract(contract, d["declarer"], d["declarer_tricks"])
            shown = ", ".join(f"{side} {value}" for side, value in scores.items())
            assert f"gives {shown}." in words, example
        elif example.kind == "legal":
            legal = rules.legal_cards(
                d["hand"],
                d.get("trick", []),
                first_trick=d.get("first_trick", False),
                played_before=d.get("played_before", []),
            )
            assert f"→ {' '.join(c.symbol() for c in legal)} " in words, example
        elif example.kind == "taken":
            scores = rules.score_deal(taken=d["taken"])
            for seat, cards in enumerate(d["taken"]):
                count = len(cardrules.parse_cards(cards))
                row = f"{'NESW'[seat]} (seat {seat}) {count} card"
                assert row in words, example
                assert re.search(rf"{re.escape(row)}s?[:,][^)]*? {scores[seat]} ", words), example
        elif example.kind == "scored":
            for deal in d["deals"]:
                scores = rules.score_deal(**deal)
                row = " ".join(
                    str(v).replace("True", "yes").replace("False", "no") for v in deal.values()
                )
                assert f"{row} {' '.join(str(v) for v in scores.values())}" in words, deal
        else:
            winner = rules.trick_winner(d["trick"], trump=d.get("trump"))
            card = cardrules.parse_card(d["trick"][winner])
            assert f"→ {winner}: {card.symbol()} wins" in words, example


def test_seed_worked_examples_appear_on_the_pages(site: Site) -> None:
    """CBS-7.1, CBS-7.2 and MB-6.3 as the seeds state them, on the built pages."""
    strict = site.text("rules/callbreak-strict.html")
    assert "with 2♠ played, 4♠ wins the trick" in strict  # CBS-7.1
    assert "K♦ is refused: CBS-3.6:" in strict
    for row in ("N (seat 0) 3 5 3.2", "E (seat 1) 4 3 -4", "S (seat 2) 2 2 2", "W (seat 3) 3 3 3"):
        assert row in strict  # CBS-7.2: 3.2, −4, 2, 3
    mini = site.text("rules/minibridge-ebu.html")
    assert "rules.score_contract('S game', 2, 10) gives NS 420, EW 0." in mini  # MB-6.3
    assert "rules.score_contract('S partscore', 2, 10) gives NS 170, EW 0." in mini
    assert "rules.score_contract('S game', 2, 9) gives NS 0, EW 50." in mini


def test_hearts_worked_examples_appear_on_the_pages(site: Site) -> None:
    """HE-3.5 (a lead after earlier tricks, ``played_before``) and HE-4.2 (the moon, from
    the cards each seat took) as the engine computes them, on the built page."""
    hearts = site.text("rules/hearts.html")
    assert (
        "a player leads, holding Q♠ A♥ 7♦; the earlier tricks of the deal hold 2♣ 9♣ J♣ A♣."
    ) in hearts
    assert (
        "rules.legal_cards(['QS', 'AH', '7D'], [], played_before=['2C', '9C', 'JC', 'AC']) "
        "→ 7♦ Q♠ A♥ is refused: HE-3.5: hearts are not broken"
    ) in hearts
    assert (
        "Seat Cards taken Points N (seat 0) 20 cards: 13 hearts, Q♠ 0 "
        "E (seat 1) 12 cards, none that scores 26 S (seat 2) 16 cards, none that scores 26 "
        "W (seat 3) 4 cards, none that scores 26"
    ) in hearts
    assert "1 deals" not in site.text("rules/hearts-openspiel.html")
    comparison = site.text("comparison.html")
    assert "winner the highest total" in comparison
    assert "the lowest total (points are penalties)" in comparison
    assert "none (no call of tricks)" in comparison
    assert "each player passes three cards in a direction drawn by chance" in comparison


def test_rule_links_lead_to_the_rule_anchor(site: Site) -> None:
    index = site.page("index.html")
    assert 'href="rules/callbreak-strict.html#cbs-3-6"' in index
    hooks = site.page("reference/hooks.html")
    assert 'href="../rules/callbreak-strict.html#cbs-5-1"' in hooks  # CBS-5.1: five deals


def test_hook_reference_documents_every_hook_with_its_signature(site: Site) -> None:
    page = site.page("reference/hooks.html")
    words = site.text("reference/hooks.html")
    for hook in docgen.hooks_of(hookspecs):
        assert f'id="cardrules.rules.hookspecs.{hook.__name__}"' in page
        assert f"{docgen.hook_phase(hook.__name__).capitalize()} phase" in words


def test_comparison_schema_api_and_cli_pages(site: Site) -> None:
    comparison = site.text("comparison.html")
    for name in SHIPPED:
        assert name in comparison
    assert "void in the led suit" in comparison
    schema = site.text("reference/schema.html")
    for table in ("[profile]", "[deal]", "[auction]", "[play]", "[scoring]", "[game]", "[options]"):
        assert table in schema
    api = site.page("reference/api.html")
    for name in cardrules.__all__:
        assert f'id="cardrules.{name}"' in api, name
    cli = site.text("reference/cli.html")
    assert "cardrules show" in cli
    assert (site.out / "_downloads").is_dir()


def test_index_is_a_landing_page(site: Site) -> None:
    """Issue 13: what cardrules is, a deal drawn by ``cardrules.svg`` with the engine's
    answers under it, and where each of its three audiences starts."""
    page = site.page("index.html")
    words = site.text("index.html")
    assert page.count('<div class="cardrules-picture">\n<svg xmlns=') == 1
    assert "<title>callbreak-strict, deal 1, dealer S: play, trick 1</title>" in page
    assert "game.legal_actions(): W may play K♣ A♣." in words
    assert "is refused: illegal action ‘play 2C’ by seat 3 (W): CBS-3.4:" in words
    for audience, start in [
        ("Players and referees: read the rules.", "profiles.html"),
        ("App developers: run games.", "guides/app.html"),
        ("Variant authors: write your own rules.", "guides/variant.html"),
    ]:
        assert audience in words
        assert f'href="{start}"' in page


def test_api_reference_opens_in_the_order_an_app_uses_it(site: Site) -> None:
    """Issue 13: load, Ruleset, Game and View first, then the rest."""
    page = site.page("reference/api.html")
    at = {name: page.index(f'id="cardrules.{name}"') for name in cardrules.__all__}
    first = [at[name] for name in ("load", "Ruleset", "Game", "View")]
    assert first == sorted(first)
    assert max(first) < min(
        v for k, v in at.items() if k not in ("load", "Ruleset", "Game", "View")
    )


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_page_names_the_tables_once_per_section(site: Site, name: str) -> None:
    """Issue 13: no 'Implemented by the [play] table.' after every rule."""
    words = site.text(f"rules/{name}.html")
    assert re.search(r"Implemented by [^.]*table", words) is None
    text = docgen.rule_text_of(name)
    assert text is not None
    assert words.count("Settings: the rules of this section are served by the") <= len(
        text.sections
    )


@pytest.fixture
def profiles_with_one_added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The fixture profile dropped into one more profile folder of a shipped family."""
    folder = tmp_path / "profiles"
    folder.mkdir()
    shutil.copy(DATA / "docs_fixture.toml", folder / "docs-fixture.toml")
    shutil.copy(DATA / "docs_fixture.rules.md", folder / "docs-fixture.rules.md")
    shipped = (*cardrules.profile.registry._shipped_dirs(), ("callbreak", folder))
    monkeypatch.setattr(cardrules.profile.registry, "_shipped_dirs", lambda: shipped)
    yield folder


@pytest.fixture
def plugin_profile_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A profile of a plugin installed beside cardrules, as ``cardrules new NAME --plugin``
    and ``pip install`` make one: found by name like the shipped ones."""
    folder = tmp_path / "plugin-profiles"
    folder.mkdir()
    name = "zz-docs-plugin-profile"
    (folder / f"{name}.toml").write_text(
        f'[profile]\nname = "{name}"\ntitle = "Installed beside"\nextends = "callbreak-strict"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(cardrules.profile.registry, "_plugin_dirs", lambda: (folder,))
    yield name


def test_a_profile_added_to_profiles_gets_its_page_and_a_plugins_profile_none(
    profiles_with_one_added: Path, plugin_profile_installed: str, tmp_path: Path
) -> None:
    """A profile added to ``profiles/`` gets its page and its column in the comparison; the
    profile of a plugin installed beside cardrules gets neither (the plugin documents it)."""
    assert {"docs-fixture", plugin_profile_installed} <= set(cardrules.profiles())
    site = build(tmp_path / "site")
    assert site.warnings == ""
    assert not (site.out / "rules" / f"{plugin_profile_installed}.html").exists()
    for page in ("profiles.html", "comparison.html", "index.html"):
        assert plugin_profile_installed not in site.page(page)
        assert "Installed beside" not in site.page(page)
    page = site.page("rules/docs-fixture.html")
    for rule_id in ("FX-1.1", "FX-1.2", "FX-2.1", "FX-3.1", "FX-3.2", "D-1"):
        assert f'id="{docgen.anchor(rule_id)}"' in page
    assert "Fixture rules" in site.text("profiles.html")
    assert "docs-fixture" in site.text("comparison.html")
