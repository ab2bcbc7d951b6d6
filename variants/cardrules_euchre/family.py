"""The Euchre family, declared once: ``FAMILY``, entry point ``euchre``.

It declares the ranking ``bowers`` (the jack of trumps and the other jack of
its colour above the ace: EU-1.3 .. EU-1.5), the auction ``euchre_making`` (two
rounds of calls, the dealer's pickup and discard, going alone: EU-3.x, EU-4.x),
the scorers ``euchre`` (only one side scores: EU-6.x) and ``euchre_zero_sum``
(OpenSpiel's returns: EUO-4.x), each with the end of its games (a target,
EU-7.1), the ``[options]`` below (OpenSpiel's two parameters under their
OpenSpiel names, and what else tells the profiles apart), and the profiles
``euchre`` and ``euchre-openspiel`` with their rule texts.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from cardrules.rules.catalog import OptionSpec, ScorerFactory
from cardrules.rules.components import DealsEnd
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_euchre.actions import VERBS
from cardrules_euchre.auction import EuchreMaking
from cardrules_euchre.ranking import BOWERS, bowers
from cardrules_euchre.scoring import EuchreScorer

#: The ``[options]`` settings this plugin declares (OpenSpiel's parameter names for its two).
OPTIONS = (
    OptionSpec(
        "stick_the_dealer",
        False,
        "After seven passes the dealer may not pass and must name a suit.",
        rule="EU-3.6",
    ),
    OptionSpec(
        "allow_lone_defender",
        False,
        "Once the maker has chosen, each defender in turn may defend alone.",
        rule="EUO-3.2",
    ),
    OptionSpec(
        "alone_after_discard",
        False,
        "The maker chooses to play alone or with the partner after the dealer's "
        "discard (as OpenSpiel asks), not with the call.",
        rule="EUO-3.1",
    ),
    OptionSpec(
        "discard_upcard",
        True,
        "The dealer may discard the upcard itself (off: one of the five cards dealt).",
        rule="D-4",
    ),
    OptionSpec(
        "target",
        10,
        "The game ends after the deal in which a side reaches this; 0 = no target.",
        rule="EU-7.1",
        minimum=0,
        maximum=1000,
    ),
)


def _making(profile: Profile, bounds: tuple[int, int]) -> EuchreMaking:
    """The making of trumps the options set; call bounds are refused (there are none)."""
    profile.refuse_call_bounds("the 'euchre_making' auction takes no call bounds")
    return EuchreMaking(
        stick_the_dealer=profile.flag("stick_the_dealer"),
        allow_lone_defender=profile.flag("allow_lone_defender"),
        alone_after_discard=profile.flag("alone_after_discard"),
        discard_upcard=profile.flag("discard_upcard"),
        play_turn_rule=profile.play_turn_rule,
    )


def _end(profile: Profile, deals: int) -> DealsEnd:
    """A game of Euchre ends after the deal in which a side reaches the target (EU-7.1);
    with no target (0), after its deals (euchre-openspiel: one, EUO-1.1)."""
    target = profile.whole("target")
    if target <= 0:
        return DealsEnd(deals, profile.game_rule)
    return DealsEnd(deals, profile.game_rule, target=Decimal(target), target_rule="EU-7.1")


def _scorer(zero_sum: bool) -> ScorerFactory:
    def make(profile: Profile) -> EuchreScorer:
        profile.int_params({})
        return EuchreScorer(zero_sum=zero_sum)

    return make


FAMILY = Family(
    "euchre",
    "Euchre",
    profiles=Path(__file__).resolve().parent / "profiles",
    # The auction chooses each deal's trump; the sides are the two partnerships.
    rankings={BOWERS: bowers},
    auctions=(
        AuctionKind(
            "euchre_making",
            _making,
            provides="euchre",
            chooses_trump=True,
            sides="partnership",
            phase_name="making",
        ),
    ),
    scorers=tuple(
        ScorerKind(name, _scorer(zero_sum), needs="euchre", sides="partnership", end=_end)
        for name, zero_sum in (("euchre", False), ("euchre_zero_sum", True))
    ),
    options=OPTIONS,
    verbs=VERBS,
)
