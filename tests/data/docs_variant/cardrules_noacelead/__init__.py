"""A variant plugin for cardrules: no ace may be led, and a short-game switch.

The rules of this house, with their own ids:

- HOUSE-1 A player may not lead an ace while holding a card that is not an ace.
- HOUSE-2 With ``short_game = true`` under ``[options]``, a game has 3 deals.
"""

from pathlib import Path

from cardrules import Duty, FastStep, TrickState, hookimpl
from cardrules.rules.components import DealsEnd, EndCondition
from cardrules.rules.plugins import Components, OptionSpec
from cardrules.rules.profile import Profile

#: The four aces: card index = suit * 13 + rank - 2, and an ace is rank 14.
ACES = sum(1 << (suit * 13 + 12) for suit in range(4))


class NoAceLead(Duty):
    """HOUSE-1: a player may not lead an ace while holding a card that is not an ace."""

    name = "no_ace_lead"
    summary = "A player may not lead an ace while holding a card that is not an ace."
    #: The same rule as data: leading, keep the cards that are not aces, if any.
    fast_steps = (FastStep("lead", "always", "other_cards", keep_cards=ACES),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if not t.leading:
            return legal
        others = legal & ~ACES
        return others if others else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: object) -> str:
        return "no ace lead while holding a card that is not an ace"


@hookimpl
def cardrules_setup_components(components: Components) -> None:
    components.add_duty(NoAceLead)
    components.add_option(
        OptionSpec(
            "short_game",
            False,
            "Play three deals instead of the profile's number of deals.",
            rule="HOUSE-2",
        )
    )


@hookimpl
def cardrules_game_end_condition(profile: Profile, deals: int) -> EndCondition | None:
    if profile.flag("short_game"):
        return DealsEnd(3, "HOUSE-2")
    return None  # defer to the profile's [game] deals


@hookimpl
def cardrules_profile_dirs() -> list[Path]:
    return [Path(__file__).parent / "profiles"]
