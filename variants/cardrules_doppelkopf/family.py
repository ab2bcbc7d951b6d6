"""The Doppelkopf family, declared once: ``FAMILY``, entry point ``doppelkopf``.

It declares the pack ``doppelkopf-48`` (two copies of each card from nine to ace, with
the card points: DK-1.1, DK-1.2), the rankings of the normal game and the suit solos
(``dk_suit``), the queen, jack and fleshless solos (DK-3.3, DK-3.4), the reservation
query ``doppelkopf_reservations`` (DK-2.x), the DDV's scorer ``doppelkopf_ddv`` (DK-6.x)
with the end of its games (its deals), the option ``solos`` (DK-2.4), and the profile
``doppelkopf`` with its rule text.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import OptionSpec
from cardrules.rules.components import DealsEnd
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_doppelkopf.actions import VERBS
from cardrules_doppelkopf.auction import Reservations
from cardrules_doppelkopf.cards import (
    DECK_NAME,
    DECK_SPEC,
    FLESHLESS,
    JACK_SOLO,
    QUEEN_SOLO,
    SUIT_SOLO,
    fleshless_solo,
    jack_solo,
    queen_solo,
    suit_solo,
)
from cardrules_doppelkopf.scoring import DoppelkopfScorer

#: The ``[options]`` settings the family declares.
OPTIONS = (
    OptionSpec(
        "solos",
        False,
        "A player who reserved may name a solo (queen, jack, suit or fleshless solo), "
        "which comes before a marriage; off: the marriage is the only reservation.",
        rule="DK-2.4",
    ),
)


def _reservations(profile: Profile, bounds: tuple[int, int]) -> Reservations:
    """The reservation query; call bounds are refused (there are none)."""
    profile.refuse_call_bounds("the 'doppelkopf_reservations' auction takes no call bounds")
    return Reservations(solos=profile.flag("solos"), play_turn_rule=profile.play_turn_rule)


def _scorer(profile: Profile) -> DoppelkopfScorer:
    profile.int_params({})
    return DoppelkopfScorer()


def _end(profile: Profile, deals: int) -> DealsEnd:
    """A game is its deals (DK-7.1)."""
    return DealsEnd(deals, profile.game_rule)


FAMILY = Family(
    "doppelkopf",
    "Doppelkopf",
    profiles=Path(__file__).resolve().parent / "profiles",
    decks={DECK_NAME: DECK_SPEC},
    rankings={
        SUIT_SOLO: suit_solo,
        QUEEN_SOLO: queen_solo,
        JACK_SOLO: jack_solo,
        FLESHLESS: fleshless_solo,
    },
    # The parties change from deal to deal and are hidden: every seat is a side of its own
    # (its score per deal is its party's, DK-6.5).
    auctions=(
        AuctionKind(
            "doppelkopf_reservations",
            _reservations,
            provides="doppelkopf",
            # Diamonds in a normal game and a marriage ([play] trump = "D"); a solo, where
            # the option allows them, names its own (DK-3.4).
            chooses_trump=None,
            sides="individual",
            phase_name="reservations",
        ),
    ),
    scorers=(
        ScorerKind("doppelkopf_ddv", _scorer, needs="doppelkopf", sides="individual", end=_end),
    ),
    options=OPTIONS,
    verbs=VERBS,
)
