"""A profile's parts must fit: sides, auction, scorer and trump are checked together at load.

Each registered auction declares the contract shape it makes, whether it
chooses the trump and the sides it plays with; each scorer the shape it reads
and the sides its scores are keyed by.  A profile that names parts which do
not fit is refused with a :class:`cardrules.ProfileError` naming the keys,
instead of loading and breaking mid-game.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import ProfileError, Ruleset, hookimpl
from cardrules.rules.components import CallAuction, Contract, Scorer, Side, pair_of
from cardrules.rules.plugins import Components, make_plugin_manager

#: The shipped plugins whose auctions and scorers the property test combines.
PLUGINS = ("callbreak", "minibridge")

#: The keys the property test overrides; a refusal may only name these.
CHOSEN_KEYS = {"table.sides", "auction.kind", "play.trump", "scoring.kind"}


def derived(directory: Path, base: str, overrides: Mapping[str, object]) -> Path:
    """A profile file extending ``base`` with dotted ``overrides`` (``{"table.sides": ...}``)."""
    data: dict[str, Any] = {"profile": {"name": "compat", "title": "Compat", "extends": base}}
    for dotted, value in overrides.items():
        section, key = dotted.split(".")
        data.setdefault(section, {})[key] = value
    path = directory / "compat.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """The message of the ProfileError loading ``path`` raises."""
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    return str(err.value)


def play_to_end(rules: Ruleset, seed: int) -> cardrules.Game:
    """A game of random legal actions, played until it is finished."""
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    return game


# -- the mismatches of the issue ----------------------------------------------


def test_call_scorer_at_a_partnership_table_is_refused(tmp_path: Path) -> None:
    """Profiles that validate but break mid-game: ``[table] sides = "partnership"``
    with the Call Break scorer (``call_tenths``) is refused at load, naming the keys."""
    path = derived(tmp_path, "callbreak-strict", {"table.sides": "partnership"})
    assert refusal(path) == (
        f"invalid profile {path}:\n"
        "  scoring.kind -> scorer 'call_tenths' needs individual sides "
        "(table.sides is 'partnership')"
    )


def test_minibridge_with_individual_sides_is_refused(tmp_path: Path) -> None:
    """Profiles that validate but break mid-game: Minibridge (``minibridge-ebu``) with
    ``sides = "individual"`` is refused at load, naming the keys."""
    path = derived(tmp_path, "minibridge-ebu", {"table.sides": "individual"})
    assert refusal(path) == (
        f"invalid profile {path}:\n"
        "  auction.kind -> auction 'points' needs partnership sides "
        "(table.sides is 'individual')\n"
        "  scoring.kind -> scorer 'minibridge' needs partnership sides "
        "(table.sides is 'individual')"
    )


def test_points_auction_with_call_scorer_is_refused(tmp_path: Path) -> None:
    """Profiles that validate but break mid-game: the points auction with the
    ``call_tenths`` scorer is refused at load, naming the keys."""
    path = derived(
        tmp_path,
        "minibridge-ebu",
        {"profile.plugins": ["minibridge", "callbreak"], "scoring.kind": "call_tenths"},
    )
    assert refusal(path) == (
        f"invalid profile {path}:\n"
        "  scoring.kind -> scorer 'call_tenths' needs individual sides "
        "(table.sides is 'partnership')\n"
        "  scoring.kind -> scorer 'call_tenths' needs 'calls' contracts "
        "(auction.kind is 'points', which makes 'declarer' contracts)"
    )


def test_minibridge_scorer_with_calls_auction_is_refused(tmp_path: Path) -> None:
    """Profiles that validate but break mid-game: the Minibridge scorer with the calls
    auction is refused at load, naming the keys."""
    path = derived(tmp_path, "minibridge-ebu", {"auction.kind": "calls", "play.trump": "S"})
    assert refusal(path) == (
        f"invalid profile {path}:\n"
        "  scoring.kind -> scorer 'minibridge' needs 'declarer' contracts "
        "(auction.kind is 'calls', which makes 'calls' contracts)"
    )


def test_contract_trump_without_an_auction_choosing_it_is_refused(tmp_path: Path) -> None:
    """Profiles that validate but break mid-game: ``[play] trump = "contract"`` with the
    calls auction (which never chooses a trump, so play was silently no-trump) is
    refused at load, naming the keys."""
    path = derived(tmp_path, "callbreak-strict", {"play.trump": "contract"})
    assert refusal(path) == (
        f"invalid profile {path}:\n"
        "  play.trump -> 'contract' needs an auction that chooses the trump "
        "(auction.kind is 'calls', which does not)"
    )


def test_fixed_trump_with_an_auction_choosing_it_is_refused(tmp_path: Path) -> None:
    """Profiles that validate but break mid-game: a fixed trump with an auction that
    chooses the trump each deal (the fixed one would be ignored) is refused at load,
    naming the keys."""
    path = derived(tmp_path, "minibridge-ebu", {"play.trump": "S"})
    assert refusal(path) == (
        f"invalid profile {path}:\n"
        "  play.trump -> must be 'contract' (got 'S'): auction.kind is 'points', "
        "which chooses the trump each deal"
    )


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    """A misfit is listed with the other problems of the profile, in one error."""
    path = derived(
        tmp_path,
        "callbreak-strict",
        {
            "table.sides": "partnership",
            "play.trump": "contract",
            "play.duties": [{"name": "follow_suitt"}],
        },
    )
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert [key for key, _ in err.value.problems] == [
        "play.duties[0].name",
        "play.trump",
        "scoring.kind",
    ]


# -- plugins -------------------------------------------------------------------


class PairTricks(Scorer):
    """One point per trick to each pair: a scorer registered without declaring anything."""

    def score(self, contract: Contract, tricks: Any) -> dict[Side, Decimal]:
        out: dict[Side, Decimal] = {"NS": Decimal(0), "EW": Decimal(0)}
        for seat, took in enumerate(tricks):
            out[pair_of(seat)] += took
        return out


class OldSignaturePlugin:
    """A plugin written before the check: ``add_scorer(name, factory)`` only."""

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_scorer("pair_tricks", lambda profile: PairTricks())


def test_components_registered_without_declarations_fit_anything(tmp_path: Path) -> None:
    """The keywords default to "anything goes": an old plugin's scorer still loads."""
    path = derived(
        tmp_path,
        "callbreak-strict",
        {"table.sides": "partnership", "scoring.kind": "pair_tricks"},
    )
    rules = cardrules.load(path, plugins=[OldSignaturePlugin()])
    game = play_to_end(rules, seed=4)
    assert set(game.totals) == {"NS", "EW"}
    assert sum(game.totals.values()) == 13 * rules.deals


def test_one_side_name_is_one_side() -> None:
    """``sides="individual"`` reads as one side, not as its letters."""
    components = Components()
    components.add_scorer("s", lambda profile: PairTricks(), needs="calls", sides="individual")
    components.add_auction(
        "a", lambda profile, bounds: CallAuction(*bounds, None), sides=["individual", "partnership"]
    )
    assert components.scorer_specs["s"].sides == ("individual",)
    assert components.auction_specs["a"].sides == ("individual", "partnership")
    assert components.auction_specs["a"].chooses_trump is None


# -- any combination: refused at load, or playable to the end ---------------------


def _names_by_plugin() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The auction and scorer names, each with the plugins that register it (none: kernel)."""

    def registered(names: list[str]) -> Components:
        components = Components()
        make_plugin_manager(names).hook.cardrules_setup_components(components=components)
        return components

    kernel = registered([])
    auctions: dict[str, tuple[str, ...]] = {name: () for name in kernel.auctions}
    scorers: dict[str, tuple[str, ...]] = {name: () for name in kernel.scorers}
    for plugin in PLUGINS:
        own = registered([plugin])
        auctions.update({n: (plugin,) for n in own.auctions if n not in kernel.auctions})
        scorers.update({n: (plugin,) for n in own.scorers if n not in kernel.scorers})
    return auctions, scorers


AUCTIONS, SCORERS = _names_by_plugin()


@given(
    base=st.sampled_from(["callbreak-strict", "minibridge-ebu"]),
    sides=st.sampled_from(["individual", "partnership"]),
    auction=st.sampled_from(sorted(AUCTIONS)),
    scorer=st.sampled_from(sorted(SCORERS)),
    trump=st.sampled_from(["C", "D", "H", "S", "none", "contract"]),
)
@pytest.mark.slow
# The two families' parts swapped onto the other family's base profile, which loads.
@example("callbreak-strict", "partnership", "points", "minibridge", "contract")
@example("minibridge-ebu", "individual", "calls", "call_window", "H")
@settings(max_examples=150, deadline=None)
def test_any_combination_is_refused_at_load_or_plays_to_the_end(
    base: str, sides: str, auction: str, scorer: str, trump: str
) -> None:
    """A profile of any sides, auction, scorer and trump the schema allows (with the
    plugins they need) is either refused at load, naming only those keys, or plays
    100 random games to the end with the trump it says."""
    plugins = sorted({*AUCTIONS[auction], *SCORERS[scorer]})
    overrides = {
        "profile.plugins": plugins,
        "table.sides": sides,
        "auction.kind": auction,
        "play.trump": trump,
        "scoring.kind": scorer,
    }
    with tempfile.TemporaryDirectory() as directory:
        path = derived(Path(directory), base, overrides)
        try:
            rules = cardrules.load(path)
        except ProfileError as err:
            assert {key for key, _ in err.problems} <= CHOSEN_KEYS, str(err)
            event("refused at load")
            return
    event("loaded")
    for seed in range(100):
        game = play_to_end(rules, seed)
        assert set(game.totals) == set(rules.sides)
        if trump != "contract":
            assert {deal.contract.trump for deal in game.deals} == {rules.trump}
