"""The kernel's own behaviour, registered as a plugin of ``trylast`` defaults.

Each default reads the profile's settings; a variant plugin overrides one by
returning a non-None value from the same hook.  The kernel's auctions
(``calls``, ``none``) and duties are registered here as components, as a
family's are.
"""

from __future__ import annotations

from cardrules.rules.catalog import Components
from cardrules.rules.components import (
    Auction,
    CallAuction,
    DealsEnd,
    EndCondition,
    NoAuction,
    ThrowIn,
)
from cardrules.rules.duties import BUILTIN_DUTIES, Duty
from cardrules.rules.hookspecs import hookimpl
from cardrules.rules.profile import Profile


def _calls_auction(profile: Profile, bounds: tuple[int, int]) -> Auction:
    return CallAuction(
        bounds[0],
        bounds[1],
        profile.fixed_trump,
        profile.auction_rule,
        play_turn_rule=profile.play_turn_rule,
        turn_up=profile.trump == "turn_up",
    )


def _no_auction(profile: Profile, bounds: tuple[int, int]) -> Auction:
    turn_up = profile.trump == "turn_up"
    return NoAuction(profile.fixed_trump, turn_up, profile.play_turn_rule)


@hookimpl(trylast=True)
def cardrules_setup_components(components: Components) -> None:
    for duty in BUILTIN_DUTIES:
        components.add_duty(duty)
    # Any sides: the calls are per seat, and a scorer says how it keys its scores.
    components.add_auction(
        "calls", _calls_auction, provides="calls", chooses_trump=False, phase_name="calls"
    )
    components.add_auction("none", _no_auction, provides="none", chooses_trump=False)


@hookimpl(trylast=True)
def cardrules_deal_throw_ins(profile: Profile, components: Components) -> list[ThrowIn]:
    out = []
    for ref in profile.throw_in:
        spec = components.throw_ins[ref.name]
        out.append(ThrowIn(ref.name, ref.rule, spec.description, spec.test))
    return out


@hookimpl(trylast=True)
def cardrules_play_duties(profile: Profile, components: Components) -> list[Duty]:
    duties = (components.duties[ref.name].configured(ref.rule, profile) for ref in profile.duties)
    return [duty for duty in duties if duty is not None]


@hookimpl(trylast=True)
def cardrules_game_end_condition(
    profile: Profile, deals: int, components: Components
) -> EndCondition:
    end = components.ends.get(profile.scoring_kind)
    return DealsEnd(deals, profile.game_rule) if end is None else end(profile, deals)
