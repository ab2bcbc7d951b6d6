"""The Doppelkopf family for cardrules: 48 cards, parties told by the queens of clubs.

Registered in the ``cardrules`` entry-point group as ``doppelkopf``; the profile
``doppelkopf`` (the Deutscher Doppelkopf-Verband's tournament rules) names it in
``[profile] plugins``.
"""

from cardrules_doppelkopf.actions import (
    HEALTHY,
    MARRIAGE,
    RESERVATION,
    Announce,
    Declare,
    DoppelkopfCall,
    Health,
)
from cardrules_doppelkopf.auction import (
    DoppelkopfContract,
    Reservations,
    ReservationsState,
    contract_for,
    re_party,
)
from cardrules_doppelkopf.cards import DECK
from cardrules_doppelkopf.scoring import DealFacts, DoppelkopfScorer, extra_points, facts_of

__all__ = [
    "DECK",
    "HEALTHY",
    "MARRIAGE",
    "RESERVATION",
    "Announce",
    "DealFacts",
    "Declare",
    "DoppelkopfCall",
    "DoppelkopfContract",
    "DoppelkopfScorer",
    "Health",
    "Reservations",
    "ReservationsState",
    "contract_for",
    "extra_points",
    "facts_of",
    "re_party",
]
