"""The Twenty-Nine family, declared once: ``FAMILY``, entry point ``twentynine``.

It declares the ranking ``jack_nine`` (J 9 A 10 K Q 8 7 in every suit: TN-1.2), the
auction ``twentynine_bidding`` (bids on four cards, the trump laid face down, four more
cards, the single hand: TN-2.x, TN-3.x, TN-5.1), the scorer ``twentynine`` (a game
point won or lost by the bidding side: TN-6.1) with the end of its games (TN-6.2), the
``[options]`` below, and the profile ``twenty-nine`` with its rule text.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import OptionSpec
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_twentynine.actions import MAX_BID, VERBS
from cardrules_twentynine.auction import TwentyNineAuction
from cardrules_twentynine.ranking import TWENTYNINE, jack_nine
from cardrules_twentynine.scoring import TwentyNineEnd, TwentyNineScorer

#: The ``[options]`` settings this family declares.
OPTIONS = (
    OptionSpec(
        "min_bid",
        16,
        "The lowest bid, in card points.",
        rule="TN-2.2",
        minimum=1,
        maximum=MAX_BID,
    ),
    OptionSpec(
        "last_trick",
        False,
        "The last trick counts one card point more (29 in all, bids up to 29).",
        rule="TN-1.4",
    ),
    OptionSpec(
        "dealer_forced",
        True,
        "If the first three players pass, the dealer must bid (off: a deal all four pass "
        "is thrown in and the next dealer deals).",
        rule="TN-2.4",
    ),
    OptionSpec(
        "single_hand",
        True,
        "Once every hand is whole, a player may undertake to win every trick alone.",
        rule="TN-5.1",
    ),
    OptionSpec(
        "game_points",
        6,
        "A side wins the game on reaching this many game points, and loses on reaching "
        "as many below zero.",
        rule="TN-6.2",
        minimum=1,
        maximum=100,
    ),
)


def _bidding(profile: Profile, bounds: tuple[int, int]) -> TwentyNineAuction:
    """The auction the options set; call bounds are refused (``min_bid`` says the lowest)."""
    profile.refuse_call_bounds(
        "the 'twentynine_bidding' auction takes no call bounds (set [options] min_bid)"
    )
    return TwentyNineAuction(
        min_bid=profile.whole("min_bid"),
        dealer_forced=profile.flag("dealer_forced"),
        single_hand=profile.flag("single_hand"),
        last_trick=profile.flag("last_trick"),
        play_turn_rule=profile.play_turn_rule,
    )


def _scorer(profile: Profile) -> TwentyNineScorer:
    profile.int_params({})
    return TwentyNineScorer(last_trick=profile.flag("last_trick"), min_bid=profile.whole("min_bid"))


def _end(profile: Profile, deals: int) -> TwentyNineEnd:
    """A game ends at the game points of the options (TN-6.2), or after its deals."""
    return TwentyNineEnd(profile.whole("game_points"), deals, "TN-6.2", profile.game_rule)


FAMILY = Family(
    "twentynine",
    "Twenty-Nine",
    profiles=Path(__file__).resolve().parent / "profiles",
    # The bidder's partnership against the other: North/South against East/West.
    rankings={TWENTYNINE: jack_nine},
    auctions=(
        AuctionKind(
            "twentynine_bidding",
            _bidding,
            provides="twentynine",
            chooses_trump=True,
            sides="partnership",
            phase_name="bidding",
        ),
    ),
    scorers=(ScorerKind("twentynine", _scorer, needs="twentynine", sides="partnership", end=_end),),
    options=OPTIONS,
    verbs=VERBS,
)
