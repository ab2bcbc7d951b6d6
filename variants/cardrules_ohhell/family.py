"""The Oh Hell family, declared once: ``FAMILY``, entry point ``ohhell``.

It declares the auction ``oh_hell_bids`` (one bid each from the dealer's
left, the dealer last and bound by the hook: OH-3.1 .. OH-3.3) and the scorer
``exact_bid`` (OH-5.1, OH-5.2, D-7), whose ``[scoring] params`` are
``bonus`` (10), ``per_bid`` (1), ``per_trick`` (0) and ``per_miss`` (0).  The rest of an Oh
Hell profile is the kernel's: ``[table] players``, ``[deal] hand_sizes``,
``[play] trump = "turn_up"`` and the ``follow_suit`` duty.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_ohhell.auction import HOOK_RULE, OhHellBids
from cardrules_ohhell.scoring import ExactBidScorer

#: The exact-bid scorer's settings: (default, minimum); points may be negative (OpenSpiel's
#: points_per_trick is taken as it is, negative values too: OSP-2.2).
_EXACT_PARAMS = {
    "bonus": (10, 0),
    "per_bid": (1, -1000),
    "per_trick": (0, -1000),
    "per_miss": (0, -1000),
}


def _bids(profile: Profile, bounds: tuple[int, int]) -> OhHellBids:
    """The bidding; bids run from 0 to each deal's hand size, so call bounds are refused."""
    profile.refuse_call_bounds(
        "the 'oh_hell_bids' auction takes no call bounds: a bid is 0 to the deal's hand size"
    )
    return OhHellBids(
        turn_up=profile.trump == "turn_up",
        trump=profile.fixed_trump,
        hook_rule=profile.auction_rule or HOOK_RULE,
        play_turn_rule=profile.play_turn_rule,
    )


def _exact(profile: Profile) -> ExactBidScorer:
    """The scorer with the settings under ``[scoring] params``, checked."""
    return ExactBidScorer(**profile.int_params(_EXACT_PARAMS))


FAMILY = Family(
    "ohhell",
    "Oh Hell",
    profiles=Path(__file__).resolve().parent / "profiles",
    # One bid per seat (a contract of calls); the trump is the turned-up card's
    # suit or the profile's, never chosen in the bidding.  Each seat scores for itself.
    auctions=(
        AuctionKind(
            "oh_hell_bids", _bids, provides="calls", chooses_trump=False, phase_name="bidding"
        ),
    ),
    scorers=(ScorerKind("exact_bid", _exact, needs="calls", sides="individual"),),
)
