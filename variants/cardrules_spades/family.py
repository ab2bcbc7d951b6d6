"""The Spades family, declared once: ``FAMILY``, entry point ``spades``.

It declares the auction ``spades_bids`` (one call each from the dealer's
left, 0 to 13, and where the ``blind_nil`` option is on blind nil before looking
and its exchange: SP-2.1 .. SP-2.5, SPO-1.2), the scorer ``spades`` (by side,
bags carried over the game: SP-4.x), the lead duties
``trumps_broken_before_led`` (SP-3.4) and ``no_trump_lead_holding_other_suit``
(SPO-1.3), the ``[options]`` settings below; the scorer declares the end of its
games (SP-5.x).
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import OptionSpec
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_spades.auction import BLIND_NIL_RULE, CAP_RULE, VERBS, SpadesBids
from cardrules_spades.duties import NoTrumpLeadHoldingOtherSuit, TrumpsBrokenBeforeLed
from cardrules_spades.scoring import SpadesEnd, SpadesScorer

#: The ``[options]`` settings this plugin declares, with their defaults.
OPTIONS = (
    OptionSpec(
        "partner_cap",
        False,
        "A player whose partner has called b may call only 0 to 13 − b.",
        rule=CAP_RULE,
    ),
    OptionSpec(
        "blind_nil",
        False,
        "Blind nil (pagat): a player whose side trails by 100 or more may declare it "
        "before looking at the cards (and sees none of them until it declares it or "
        "looks), then exchanges two cards with partner; scored ±200.",
        rule=BLIND_NIL_RULE,
    ),
    OptionSpec(
        "nil_tricks_for_partner",
        False,
        "A nil bidder's tricks count toward the partner's contract (OpenSpiel); off: they "
        "count only as bags of the side (pagat).",
        rule="SP-4.7",
    ),
    OptionSpec(
        "target",
        500,
        "The game ends after the deal in which a side's total reaches this; 0 = no target.",
        rule="SP-5.1",
        minimum=0,
        maximum=10_000,
    ),
    OptionSpec(
        "use_mercy",
        False,
        "Mercy rule (a house rule of MSN Games' Spades, not pagat's): a side whose total "
        "falls to the mercy score or below loses and the game ends.",
        rule="SP-5.3",
    ),
    OptionSpec(
        "mercy",
        -200,
        "The mercy score (see use_mercy).",
        rule="SP-5.3",
        minimum=-10_000,
        maximum=0,
    ),
)

#: The settings of the ``spades`` scorer: (default, minimum).
_SCORER_PARAMS = {
    "per_trick": (10, 0),
    "bag_limit": (10, 1),
    "bag_penalty": (100, 0),
    "nil": (100, 0),
    "blind_nil": (200, 0),
    # OpenSpiel's bonus on a deal's score (SPO-2.3): off while the bonus is 0.
    "win_threshold": (500, -10_000),
    "mercy_threshold": (-350, -10_000),
    "win_or_loss_bonus": (0, -10_000),
}


def _bids(profile: Profile, bounds: tuple[int, int]) -> SpadesBids:
    """The bidding; calls run from 0 to 13, so call bounds are refused."""
    profile.refuse_call_bounds("the 'spades_bids' auction takes no call bounds: 0 to 13")
    return SpadesBids(
        trump=profile.fixed_trump,
        partner_cap=profile.flag("partner_cap"),
        nil_tricks_for_partner=profile.flag("nil_tricks_for_partner"),
        blind_nil=profile.flag("blind_nil"),
        play_turn_rule=profile.play_turn_rule,
    )


def _scorer(profile: Profile) -> SpadesScorer:
    """The scorer with the settings under ``[scoring] params``, checked."""
    return SpadesScorer(
        **profile.int_params(_SCORER_PARAMS),
        nil_tricks_for_partner=profile.flag("nil_tricks_for_partner"),
    )


def _end(profile: Profile, deals: int) -> SpadesEnd:
    """The end of a game scored by ``spades``: a target, the mercy rule, the deal cap (SP-5.x)."""
    return SpadesEnd(
        deals,
        profile.game_rule,
        target=profile.whole("target"),
        mercy=profile.whole("mercy") if profile.flag("use_mercy") else None,
        target_rule="SP-5.1",
        mercy_rule="SP-5.3",
    )


FAMILY = Family(
    "spades",
    "Spades",
    profiles=Path(__file__).resolve().parent / "profiles",
    # One call per seat (a contract of calls) with spades the fixed trump; scores by side.
    auctions=(
        AuctionKind(
            "spades_bids",
            _bids,
            provides="calls",
            chooses_trump=False,
            sides="partnership",
            phase_name="bidding",
        ),
    ),
    scorers=(ScorerKind("spades", _scorer, needs="calls", sides="partnership", end=_end),),
    duties=(TrumpsBrokenBeforeLed, NoTrumpLeadHoldingOtherSuit),
    options=OPTIONS,
    verbs=VERBS,
)
