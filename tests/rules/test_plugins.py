"""The plugin path: a throwaway plugin adds a duty without touching the kernel.

A variant author writes a :class:`cardrules.Duty`, registers it through
``cardrules_setup_components`` (so a profile can name it) or adds it by
wrapping ``cardrules_play_duties``, and passes the plugin to
``cardrules.load(..., plugins=[...])``.  Each load gets a fresh plugin manager.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest

import cardrules
from cardrules import Card, Duty, IllegalAction, ProfileError, TrickState, hookimpl
from cardrules.cards import CARDS, cards_of
from cardrules.rules.plugins import Components
from cardrules.rules.profile import Profile
from helpers import hands_for, names

#: The four aces as a hand mask.
ACES = sum(1 << (13 * suit + 12) for suit in range(4))


class NoAceLeadFirstTrick(Duty):
    """A house rule: the first trick may not be led with an ace while holding another card."""

    name = "no_ace_lead_first_trick"
    summary = "The leader of the first trick may not lead an ace while holding another card."
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if not t.leading or not t.first_trick:
            return legal
        others = legal & ~ACES
        return others if others else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        low = CARDS[(allowed & -allowed).bit_length() - 1]
        return f"no ace lead in the first trick while holding another card ({low.symbol()})"


class RegistersTheDuty:
    """Adds the duty to the components, so that a profile can name it."""

    def __init__(self) -> None:
        self.setup_calls = 0

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        self.setup_calls += 1
        components.add_duty(NoAceLeadFirstTrick)


class WrapsTheDuties:
    """Appends the duty to whatever duties the profile asks for (hook wrapper)."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl(wrapper=True)
    def cardrules_play_duties(
        self, profile: Profile, components: Components
    ) -> Generator[None, list[Duty], list[Duty]]:
        self.calls += 1
        duties = yield
        return [*duties, NoAceLeadFirstTrick("HOUSE-2")]


HOUSE_PROFILE = """\
[profile]
name = "house-aces"
title = "Call Break with no ace lead to the first trick"
extends = "callbreak-strict"

[play]
duties = [
    { name = "no_ace_lead_first_trick", rule = "HOUSE-1" },
    { name = "no_trump_lead_first_trick", rule = "CBS-3.2" },
    { name = "follow_suit", rule = "CBS-3.3" },
    { name = "head_when_following", rule = "CBS-3.4" },
    { name = "trump_when_void", rule = "CBS-3.6" },
    { name = "overtrump_when_void", rule = "CBS-3.6" },
]
"""


@pytest.fixture
def house_path(tmp_path: Path) -> Path:
    path = tmp_path / "house-aces.toml"
    path.write_text(HOUSE_PROFILE, encoding="utf-8")
    return path


def test_a_registered_duty_narrows_legal_cards(house_path: Path) -> None:
    """The plugin's duty, named in a profile, narrows the first lead and explains itself."""
    plugin = RegistersTheDuty()
    rules = cardrules.load(house_path, plugins=[plugin])
    assert plugin.setup_calls == 1
    assert rules.name == "house-aces"
    assert [d.rule for d in rules.duties] == [
        "HOUSE-1",
        "CBS-3.2",
        "CBS-3.3",
        "CBS-3.4",
        "CBS-3.6",
        "CBS-3.6",
    ]
    hand = "AH KH 2C AC 5S"
    assert names(rules.legal_cards(hand, [], first_trick=True)) == ["2C", "KH"]
    assert names(rules.legal_cards(hand, [], first_trick=False)) == ["2C", "AC", "KH", "AH", "5S"]
    assert names(rules.legal_cards("AH AC AS", [], first_trick=True)) == ["AC", "AH"]
    assert str(rules.explain(hand, [], "AH", first_trick=True)) == (
        "HOUSE-1: no ace lead in the first trick while holding another card (2♣)"
    )
    strict = cardrules.load("callbreak-strict")
    assert names(strict.legal_cards(hand, [], first_trick=True)) == ["2C", "AC", "KH", "AH"]


def test_the_new_duty_refuses_in_the_game(house_path: Path) -> None:
    """In a game, the refusal names the plugin's rule id; the game is unchanged."""
    rules = cardrules.load(house_path, plugins=[RegistersTheDuty()])
    hands = hands_for(
        0,
        [
            "AC KC AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
            "QC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
            "AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        ],
    )
    game = rules.new_game(seed=1, dealer=0, hands=hands)
    for _ in range(4):
        game.apply("bid 2")
    assert game.to_act == 3
    assert "play AC" not in names(game.legal_actions())
    assert "play AH" not in names(game.legal_actions())
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("play AC")
    assert str(err.value) == (
        "illegal action 'play AC' by seat 3 (W): "
        "HOUSE-1: no ace lead in the first trick while holding another card (2♣)"
    )
    assert err.value.rule == "HOUSE-1"
    assert game.to_json() == before
    game.apply("play KC")
    # The kernel's duties still apply after the plugin's (CBS-3.3: follow suit).
    assert names(game.legal_actions()) == ["play QC"]


def test_a_wrapper_adds_a_duty_to_a_shipped_profile() -> None:
    """A hook wrapper around cardrules_play_duties adds a duty to callbreak-strict."""
    wrapper = WrapsTheDuties()
    rules = cardrules.load("callbreak-strict", plugins=[wrapper])
    assert [d.rule for d in rules.duties] == [
        "CBS-3.2",
        "CBS-3.3",
        "CBS-3.4",
        "CBS-3.6",
        "CBS-3.6",
        "HOUSE-2",
    ]
    assert names(rules.legal_cards("AH 9H AS", [], first_trick=True)) == ["9H"]
    assert str(rules.explain("AH 9H AS", [], "AH", first_trick=True)) == (
        "HOUSE-2: no ace lead in the first trick while holding another card (9♥)"
    )
    # The earlier duties keep their own reasons.
    assert str(rules.explain("AH 9H AS", [], "AS", first_trick=True)) == (
        "CBS-3.2: no spade lead in the first trick while holding another suit (9♥)"
    )


def test_hooks_are_consulted_at_load_time_only(house_path: Path) -> None:
    """Hooks provide rule objects once per load; playing a whole game calls none."""
    registers, wrapper = RegistersTheDuty(), WrapsTheDuties()
    rules = cardrules.load(house_path, plugins=[registers, wrapper])
    assert (registers.setup_calls, wrapper.calls) == (1, 1)
    game = rules.new_game(seed=4)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert (registers.setup_calls, wrapper.calls) == (1, 1)


def test_fresh_plugin_manager_per_load(house_path: Path) -> None:
    """A plugin given to one load does not leak into the next."""
    with_plugin = cardrules.load(house_path, plugins=[RegistersTheDuty()])
    assert "no_ace_lead_first_trick" in with_plugin.components.duties
    with pytest.raises(ProfileError) as err:
        cardrules.load(house_path)
    message = str(err.value)
    assert message.startswith(
        f"invalid profile {house_path}:\n"
        "  play.duties[0].name -> unknown duty 'no_ace_lead_first_trick'; known: "
    )
    wrapped = cardrules.load("callbreak-strict", plugins=[WrapsTheDuties()])
    plain = cardrules.load("callbreak-strict")
    assert len(wrapped.duties) == len(plain.duties) + 1
    assert "no_ace_lead_first_trick" not in plain.components.duties
    assert all(d.rule != "HOUSE-2" for d in plain.duties)
    assert names(plain.legal_cards("AH 9H AS", [], first_trick=True)) == ["9H", "AH"]


def test_the_plugin_duty_does_not_change_the_kernel_duties() -> None:
    """The kernel's built-in duties are untouched by a plugin's registration."""
    from cardrules.rules.duties import BUILTIN_DUTIES

    assert NoAceLeadFirstTrick not in BUILTIN_DUTIES
    rules = cardrules.load("callbreak-strict", plugins=[RegistersTheDuty()])
    assert [type(d).__name__ for d in rules.duties] == [
        "NoTrumpLeadFirstTrick",
        "FollowSuit",
        "HeadWhenFollowing",
        "TrumpWhenVoid",
        "OvertrumpWhenVoid",
    ]
    assert list(cards_of(ACES)) == [Card.parse(t) for t in ("AC", "AD", "AH", "AS")]


class MisspelledHook:
    """A plugin whose hook name matches no specification."""

    @hookimpl
    def cardrules_play_dutie(self, profile: Profile) -> None:
        return None

    def __repr__(self) -> str:
        return "<MisspelledHook>"


class UnknownArgument:
    """A plugin whose hook asks for an argument the specification does not pass."""

    @hookimpl
    def cardrules_play_duties(self, profile: Profile, colour: str) -> None:
        return None


def test_a_plugin_that_matches_no_hook_is_a_profile_error() -> None:
    """A misspelled hook is refused at load time as a ProfileError naming it."""
    with pytest.raises(ProfileError) as err:
        cardrules.load("callbreak-strict", plugins=[MisspelledHook()])
    path = cardrules.load("callbreak-strict").profile.path
    assert str(err.value) == (
        f"invalid profile {path}:\n  a plugin does not match the hook specifications: "
        "unknown hook 'cardrules_play_dutie' in plugin <MisspelledHook>"
    )


def test_a_hook_with_an_unknown_argument_is_a_profile_error() -> None:
    """A hook implementation asking for an argument the spec lacks is refused at load."""
    with pytest.raises(ProfileError) as err:
        cardrules.load("callbreak-strict", plugins=[UnknownArgument()])
    message = str(err.value)
    assert "a plugin does not match the hook specifications: " in message
    assert "Argument(s) {'colour'} are declared in the hookimpl" in message
