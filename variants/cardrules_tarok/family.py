"""The Tarok family, declared once: ``FAMILY``, entry point ``tarok``.

It declares the rankings ``tarok`` (the taroks trumps, the emperor's trick),
``tarok_negative`` (the same, for klop and the beggars) and ``tarok_colour`` (a colour
valat: no trumps), the duty ``tarok_follow`` (TKO-6.2, TKO-6.3; the 1.0 profiles') and
its two halves ``tarok_suit`` (follow) and ``tarok_beat`` (beat in klop and the beggars),
the throw-in
``no_tarok`` (TKO-1.1), the auction ``tarok_openspiel_bidding`` (TKO-2.x .. TKO-4.x),
the scorer ``tarok_openspiel`` (OpenSpiel's returns: TKO-5.x) with the end of its games
(one deal), the Slovenian rules' auction ``tarok_bidding`` (TK-2.x .. TK-5.x) and scorer
``tarok`` (TK-7.x, TK-8.x), and the profiles ``tarok-openspiel`` (three players),
``tarok-openspiel-4`` and ``tarok`` with their rule text.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import ThrowInSpec
from cardrules.rules.components import DealsEnd
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_tarok.actions import TAROKS, VERBS
from cardrules_tarok.auction import TarokBidding
from cardrules_tarok.duties import TarokBeat, TarokFollow, TarokSuit
from cardrules_tarok.ranking import COLOUR, NEGATIVE, TAROK, colour_order, tarok_order
from cardrules_tarok.scoring import TarokOpenSpielScorer
from cardrules_tarok.slovenian import SlovenianBidding
from cardrules_tarok.slovenian_scoring import TarokScorer


def _bidding(profile: Profile, bounds: tuple[int, int]) -> TarokBidding:
    """OpenSpiel's bidding; call bounds are refused (there are none)."""
    profile.refuse_call_bounds("the 'tarok_openspiel_bidding' auction takes no call bounds")
    return TarokBidding(play_turn_rule=profile.play_turn_rule)


def _slovenian(profile: Profile, bounds: tuple[int, int]) -> SlovenianBidding:
    """The Slovenian rules' auction (TK-2.x .. TK-5.x); it takes no call bounds."""
    profile.refuse_call_bounds("the 'tarok_bidding' auction takes no call bounds")
    return SlovenianBidding(play_turn_rule=profile.play_turn_rule)


def _slovenian_scorer(profile: Profile) -> TarokScorer:
    profile.int_params({})
    return TarokScorer()


def _scorer(profile: Profile) -> TarokOpenSpielScorer:
    profile.int_params({})
    return TarokOpenSpielScorer()


def _end(profile: Profile, deals: int) -> DealsEnd:
    """A game is its deals (``tarok-openspiel``: one, TKO-1.4; ``tarok``: TK-1.4)."""
    return DealsEnd(deals, profile.game_rule)


def _no_tarok(hand: int) -> bool:
    """A hand without a tarok: OpenSpiel deals again (TKO-1.1)."""
    return not hand & TAROKS


FAMILY = Family(
    "tarok",
    "Tarok",
    profiles=Path(__file__).resolve().parent / "profiles",
    rankings={TAROK: tarok_order, NEGATIVE: tarok_order, COLOUR: colour_order},
    duties=(TarokFollow, TarokSuit, TarokBeat),
    throw_ins=(ThrowInSpec("no_tarok", "a hand without a tarok is dealt again", _no_tarok),),
    auctions=(
        AuctionKind(
            "tarok_openspiel_bidding",
            _bidding,
            provides="tarok",
            chooses_trump=True,
            sides="individual",
            phase_name="bidding",
        ),
        AuctionKind(
            "tarok_bidding",
            _slovenian,
            provides="tarok",
            chooses_trump=True,
            sides="individual",
            phase_name="bidding",
        ),
    ),
    scorers=(
        ScorerKind("tarok_openspiel", _scorer, needs="tarok", sides="individual", end=_end),
        ScorerKind("tarok", _slovenian_scorer, needs="tarok", sides="individual", end=_end),
    ),
    verbs=VERBS,
)
