"""The contract bridge family, declared once: ``FAMILY``, entry point ``bridge``.

It declares the auction ``bridge_calls`` (BR-2: bids, passes, doubles and redoubles from
the dealer, making a contract of the shape ``"bridge"``), the scorer ``duplicate`` (Law
77 by side, BR-4.2 and BR-5), the ``first_board`` setting of ``[options]`` (BR-1.4) and
the end of a session of boards, which the scorer declares (BR-4.3).

Tiny bridge as OpenSpiel's ``tiny_bridge_4p`` plays it (the profile
``tiny-bridge-openspiel``) adds the auction ``tiny_bridge_calls`` (TBO-2: six bids from
West, making a contract of the shape ``"tiny_bridge"``) and the scorer
``tiny_bridge_double_dummy`` (TBO-3, TBO-4: the contract scored on its double-dummy
result, one deal a game), with the words of its calls.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.errors import ProfileError
from cardrules.rules.catalog import OptionSpec
from cardrules.rules.components import DealsEnd
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_bridge.actions import FORMS, VERBS
from cardrules_bridge.auction import DUMMY_RULE, PLAY_TURN_RULE, BridgeAuction
from cardrules_bridge.scorer import BoardsEnd, DuplicateScorer
from cardrules_bridge.tiny import NO_PLAY_RULE, TINY_FORMS, TINY_VERBS, TinyBridgeAuction
from cardrules_bridge.tiny_scorer import TinyBridgeScorer

#: The ``[options]`` settings this plugin declares, with their defaults.
OPTIONS = (
    OptionSpec(
        "first_board",
        1,
        "The number of the session's first board; the later boards follow in order. The "
        "board number fixes each board's dealer and vulnerability: a game starts with "
        "the first board's dealer, and another dealer is refused.",
        rule="BR-1.4",
        minimum=1,
        maximum=1_000_000,
    ),
)


def _auction(profile: Profile, bounds: tuple[int, int]) -> BridgeAuction:
    """The auction; its bids run from 1C to 7NT, so call bounds are refused."""
    profile.refuse_call_bounds("the 'bridge_calls' auction takes no call bounds: 1C .. 7NT")
    return BridgeAuction(
        first_board=profile.whole("first_board"),
        play_turn_rule=profile.play_turn_rule or PLAY_TURN_RULE,
        control_rule=DUMMY_RULE,
    )


def _scorer(profile: Profile) -> DuplicateScorer:
    if profile.scoring_params:
        raise ProfileError(
            profile.path,
            [
                (f"scoring.params.{key}", "unknown setting; the duplicate scorer takes none")
                for key in sorted(profile.scoring_params)
            ],
        )
    return DuplicateScorer()


def _end(profile: Profile, deals: int) -> BoardsEnd:
    """A session of ``deals`` boards (BR-4.3)."""
    return BoardsEnd(deals, profile.game_rule)


def _tiny_auction(profile: Profile, bounds: tuple[int, int]) -> TinyBridgeAuction:
    """Tiny bridge's auction; its bids run from 1H to 2NT, so call bounds are refused."""
    profile.refuse_call_bounds("the 'tiny_bridge_calls' auction takes no call bounds: 1H .. 2NT")
    return TinyBridgeAuction(play_turn_rule=profile.play_turn_rule or NO_PLAY_RULE)


def _tiny_scorer(profile: Profile) -> TinyBridgeScorer:
    """Tiny bridge's scorer; it takes no ``[scoring] params`` (each one is refused)."""
    profile.int_params({})
    return TinyBridgeScorer()


def _tiny_end(profile: Profile, deals: int) -> DealsEnd:
    """A game of tiny bridge is its deals (one: TBO-1.1)."""
    return DealsEnd(deals, profile.game_rule)


FAMILY = Family(
    "bridge",
    "Contract bridge",
    profiles=Path(__file__).resolve().parent / "profiles",
    # The auction settles a contract of its own shape ("bridge": level, strain, doubling,
    # declarer, dummy, vulnerability), chooses the trump and plays in partnerships; the
    # scorer reads that shape and scores by pair.
    auctions=(
        AuctionKind(
            "bridge_calls",
            _auction,
            provides="bridge",
            chooses_trump=True,
            sides="partnership",
            phase_name="auction",
        ),
        # Tiny bridge's auction settles a contract of its own shape ("tiny_bridge": the
        # last bidder declares, no card is played), which only its scorer reads.
        AuctionKind(
            "tiny_bridge_calls",
            _tiny_auction,
            provides="tiny_bridge",
            chooses_trump=True,
            sides="partnership",
            phase_name="auction",
        ),
    ),
    scorers=(
        ScorerKind("duplicate", _scorer, needs="bridge", sides="partnership", end=_end),
        ScorerKind(
            "tiny_bridge_double_dummy",
            _tiny_scorer,
            needs="tiny_bridge",
            sides="partnership",
            end=_tiny_end,
        ),
    ),
    options=OPTIONS,
    # Tiny bridge's calls read the same texts as bridge's: a game reads its own legal
    # calls' words first, so each game keeps its own reading (bridge's are listed first,
    # so a text read without a game is bridge's call, as before).
    verbs=(*VERBS, *TINY_VERBS),
    forms=(*FORMS, *TINY_FORMS),
)
