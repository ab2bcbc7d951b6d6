"""Every hook of cardrules.rules.hookspecs, exercised by a tiny plugin (``test_hook_<name>``).

Each plugin is a small class registered for one ruleset with
``cardrules.load(..., plugins=[...])``, except the profile-directory hook,
which is only asked of installed plugins: that test installs its plugin
through an entry point, as pip would.
"""

from __future__ import annotations

import importlib.metadata
import sys
import types
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
import cardrules.profile.registry
import cardrules.rules.plugins
from cardrules import CallsContract, Contract, Duty, TrickState, hookimpl
from cardrules.cards import Suit, mask_of, parse_cards
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    DealsEnd,
    FinishedDeal,
    Scorer,
    Side,
    ThrowIn,
)
from cardrules.rules.plugins import Components
from cardrules.rules.profile import Profile
from cardrules.tools.spec import describe, render_text
from helpers import play_out

STRICT = "callbreak-strict"


def write_profile(folder: Path, name: str, body: str = "") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "Hook test {name}"\nextends = "{STRICT}"\n{body}',
        encoding="utf-8",
    )
    return path


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Install a plugin module under an entry point of the ``cardrules`` group, for one test."""
    installed = dict(cardrules.rules.plugins.entry_points())

    def add(name: str, module: types.ModuleType) -> None:
        monkeypatch.setitem(sys.modules, module.__name__, module)
        installed[name] = importlib.metadata.EntryPoint(name, module.__name__, "cardrules")

    monkeypatch.setattr(cardrules.rules.plugins, "entry_points", lambda: installed)
    cardrules.profile.registry._plugin_dirs.cache_clear()
    yield add
    cardrules.profile.registry._plugin_dirs.cache_clear()


def test_hook_cardrules_profile_dirs(install: Any, tmp_path: Path) -> None:
    """Profiles in a directory an installed plugin names are found by name (but never shadow)."""
    write_profile(tmp_path, "hook-dirs", "[game]\ndeals = 2\n")
    write_profile(tmp_path, STRICT, "[game]\ndeals = 1\n")
    module = types.ModuleType("cardrules_test_hook_dirs")

    @hookimpl
    def cardrules_profile_dirs() -> list[Path]:
        return [tmp_path]

    module.cardrules_profile_dirs = cardrules_profile_dirs  # type: ignore[attr-defined]
    install("hookdirs", module)
    assert "hook-dirs" in cardrules.profiles()
    assert cardrules.load("hook-dirs").deals == 2
    assert cardrules.load(STRICT).deals == 5  # the shipped profile wins over the plugin's copy


def test_hook_cardrules_setup_components(tmp_path: Path) -> None:
    """A duty registered by a plugin can be named by a profile and narrows the cards."""

    class HighestOnly(Duty):
        name = "highest_only"
        summary = "Play the highest card still allowed."
        __slots__ = ()

        def narrow(self, hand: int, legal: int, t: TrickState) -> int:
            return 1 << (legal.bit_length() - 1)

    class Plugin:
        @hookimpl
        def cardrules_setup_components(self, components: Components) -> None:
            components.add_duty(HighestOnly)

    path = write_profile(
        tmp_path,
        "hook-components",
        '[play]\nduties = [{ name = "follow_suit", rule = "CBS-3.3" }, '
        '{ name = "highest_only", rule = "HK-1" }]\n',
    )
    rules = cardrules.load(path, plugins=[Plugin()])
    assert [str(c) for c in rules.legal_cards("2H 9H KD", ["7H"])] == ["9H"]
    assert str(rules.explain("2H 9H KD", ["7H"], "2H")) == (
        "HK-1: play the highest card still allowed; allowed: 9♥"
    )
    with pytest.raises(cardrules.ProfileError):
        cardrules.load(path)  # without the plugin the duty is unknown
    # A duty without fast steps sends the profile off the fast path, and the spec says why.
    assert rules.off_fast_path.startswith("the duty 'highest_only' declares no fast steps")
    assert cardrules.load("callbreak-strict").off_fast_path == ""
    shown = render_text(describe(rules))
    assert "Off the fast path: the duty 'highest_only' declares no fast steps" in shown
    assert "Off the fast path" not in render_text(describe(cardrules.load("callbreak-strict")))


def test_hook_cardrules_deal_throw_ins() -> None:
    """A plugin's throw-in redeals (same dealer) a deal in which some hand holds A♠ and K♠."""
    both = mask_of(parse_cards("AS KS"))

    class Plugin:
        @hookimpl
        def cardrules_deal_throw_ins(self) -> list[ThrowIn]:
            return [
                ThrowIn("top_spades", "HK-2", "a hand with A♠ and K♠", lambda h: h & both == both)
            ]

    rules = cardrules.load(STRICT, plugins=[Plugin()])
    hands = [
        "AS KS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KC AC",
    ]
    game = rules.new_game(seed=11, dealer=1, hands=hands)
    assert game.throw_ins[0].rule == "HK-2"
    assert game.throw_ins[0].seat == 0
    assert game.dealer == 1 and game.deal_number == 1
    assert all(mask_of(game.hand(s)) & both != both for s in range(4))


class SilentAuction(Auction):
    """No auction at all: every seat calls 1, the dealer's left-hand neighbour leads."""

    def start(self, deal: DealInfo) -> SilentState:
        return SilentState(deal)


class SilentState(AuctionState):
    def __init__(self, deal: DealInfo) -> None:
        self.deal = deal

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[cardrules.Action]:
        return []

    def apply(self, seat: int, action: cardrules.Action) -> None:
        raise cardrules.IllegalAction("HK-3", "there is no auction", action=str(action))

    def result(self) -> Contract:
        return CallsContract(Suit.S, (self.deal.dealer + 1) % 4, calls=(1, 1, 1, 1))

    def public(self) -> dict[str, Any]:
        return {}


class SilentPlugin:
    """Registers the auction ``silent`` (and a scorer, where one is given)."""

    def __init__(self, auction: type[SilentAuction] = SilentAuction) -> None:
        self.auction = auction

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction("silent", lambda profile, bounds: self.auction())


def test_an_auction_a_plugin_registers_is_the_one_the_profile_names(tmp_path: Path) -> None:
    """``[auction] kind`` names a registered auction, which replaces the calls: play
    starts at once with its leader."""
    path = write_profile(tmp_path, "silent", '[auction]\nkind = "silent"\n')
    game = cardrules.load(path, plugins=[SilentPlugin()]).new_game(seed=3, dealer=0)
    assert game.phase == "play"
    assert game.to_act == 1
    assert game.contract is not None and game.contract.calls == (1, 1, 1, 1)


def test_an_auction_is_told_the_totals_before_its_deal(tmp_path: Path) -> None:
    """DealInfo.totals: each deal's auction sees the game's totals by side before that
    deal (all 0 at the first), so that a call may depend on the score."""
    seen: list[dict[Side, Decimal]] = []

    class Watching(SilentAuction):
        def start(self, deal: DealInfo) -> SilentState:
            seen.append(dict(deal.totals))
            return super().start(deal)

    path = write_profile(tmp_path, "watching", '[auction]\nkind = "silent"\n')
    rules = cardrules.load(path, plugins=[SilentPlugin(Watching)])
    game = play_out(rules.new_game(seed=5))
    assert seen[0] == {side: 0 for side in rules.sides}
    running = {side: Decimal(0) for side in rules.sides}
    for n, result in enumerate(game.deals):
        assert seen[n] == running
        for side, value in result.scores.items():
            running[side] += value
    assert len(seen) == len(game.deals)


def test_hook_cardrules_play_duties() -> None:
    """A plugin that answers with no duties lets any card be played."""

    class Plugin:
        @hookimpl
        def cardrules_play_duties(self) -> list[Duty]:
            return []

    rules = cardrules.load(STRICT, plugins=[Plugin()])
    assert rules.duties == ()
    assert [str(c) for c in rules.legal_cards("AH 3H 2S KD", ["7H"])] == ["KD", "3H", "AH", "2S"]


class PerTrick(Scorer):
    """One point per trick, calls ignored."""

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        return {seat: Decimal(n) for seat, n in enumerate(tricks)}


class ScorerPlugin:
    """Registers the scorer ``by_trick`` (made by ``make``), with the end ``end`` if given."""

    def __init__(self, make: Any = PerTrick, end: Any = None) -> None:
        self.make = make
        self.end = end

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_scorer("by_trick", lambda profile: self.make(), end=self.end)


BY_TRICK = '[scoring]\nkind = "by_trick"\n'


def test_a_scorer_a_plugin_registers_is_the_one_the_profile_names(tmp_path: Path) -> None:
    """``[scoring] kind`` names a registered scorer, which scores every deal."""
    rules = cardrules.load(write_profile(tmp_path, "by-trick", BY_TRICK), plugins=[ScorerPlugin()])
    scores = rules.score(CallsContract(Suit.S, 0, (3, 4, 2, 3)), [5, 3, 2, 3])
    assert scores == {0: Decimal(5), 1: Decimal(3), 2: Decimal(2), 3: Decimal(3)}


def test_a_scorer_that_scores_in_game_sees_the_deals_before(tmp_path: Path) -> None:
    """A scorer whose ``score_finished`` reads ``FinishedDeal.before`` is given the earlier
    deals of the game; ``rules.score`` scores a deal as the first of a game."""
    seen: list[int] = []

    class Carried(Scorer):
        def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
            return {seat: Decimal(n) for seat, n in enumerate(tricks)}

        def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
            before = deal.before
            seen.append(len(before))
            carried = sum(result.tricks[0] for result in before)
            scores = self.score(deal.contract, deal.tricks)
            scores[0] += Decimal(carried) / 10
            return scores

    path = write_profile(tmp_path, "carried", BY_TRICK)
    rules = cardrules.load(path, plugins=[ScorerPlugin(Carried)])
    game = play_out(rules.new_game(seed=4))
    assert seen == list(range(len(game.deals)))
    for n, result in enumerate(game.deals):
        carried = sum(r.tricks[0] for r in game.deals[:n])
        assert result.scores[0] == result.tricks[0] + Decimal(carried) / 10
    assert rules.score(CallsContract(Suit.S, 0, (3, 4, 2, 3)), [5, 3, 2, 3])[0] == 5


def test_hook_cardrules_game_end_condition() -> None:
    """A plugin's end condition ends the game after one deal, citing its rule."""

    class Plugin:
        @hookimpl
        def cardrules_game_end_condition(self, profile: Profile) -> DealsEnd:
            assert profile.name == STRICT
            return DealsEnd(1, "HK-4")

    game = cardrules.load(STRICT, plugins=[Plugin()]).new_game(seed=8)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert len(game.deals) == 1
    assert game.over is not None and game.over.rule == "HK-4"


def test_a_scorer_declares_the_end_of_its_games(tmp_path: Path) -> None:
    """``add_scorer(..., end=...)``: every profile scored by it ends as the scorer says,
    without a hook; a profile scored otherwise keeps its ``[game] deals``."""
    made: list[tuple[str, int]] = []

    def end(profile: Profile, deals: int) -> DealsEnd:
        made.append((profile.name, deals))
        return DealsEnd(2, "HK-5")

    plugin = ScorerPlugin(end=end)
    rules = cardrules.load(write_profile(tmp_path, "two-deals", BY_TRICK), plugins=[plugin])
    assert made == [("two-deals", 5)]
    game = play_out(rules.new_game(seed=8))
    assert len(game.deals) == 2
    assert game.over is not None and game.over.rule == "HK-5"
    strict = cardrules.load(STRICT, plugins=[plugin])
    assert made == [("two-deals", 5)]
    assert type(strict.end) is DealsEnd and strict.end.deals == 5


@pytest.mark.parametrize(
    "name",
    [
        "cardrules_deal_direction",
        "cardrules_auction_bid_bounds",
        "cardrules_auction_create",
        "cardrules_score_scorer",
    ],
)
def test_a_plugin_implementing_a_removed_hook_is_refused(name: str) -> None:
    """The hooks no family answered are gone (the direction, the call bounds, the auction
    and the scorer come from the profile and the components it names): a plugin that
    still implements one is refused at load, naming the hook."""

    def answer(self: object) -> None:
        return None

    plugin = type("Old", (), {name: hookimpl(answer)})()
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(STRICT, plugins=[plugin])
    assert f"a plugin does not match the hook specifications: unknown hook {name!r}" in str(
        err.value
    )
