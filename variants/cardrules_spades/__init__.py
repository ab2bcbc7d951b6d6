"""The Spades family for cardrules: partnership calls with nil, bags and spades trumps.

Registered in the ``cardrules`` entry-point group as ``spades``; the profiles
``spades`` (the common rules, a game to 500) and ``spades-openspiel`` (one
deal, as OpenSpiel's ``spades`` plays it) name it in ``[profile] plugins``.
"""

from cardrules_spades.auction import BlindNil, SpadesBids, SpadesBidsState, SpadesContract
from cardrules_spades.duties import NoTrumpLeadHoldingOtherSuit, TrumpsBrokenBeforeLed
from cardrules_spades.scoring import SpadesEnd, SpadesScorer, SpadesScoring

__all__ = [
    "BlindNil",
    "NoTrumpLeadHoldingOtherSuit",
    "SpadesBids",
    "SpadesBidsState",
    "SpadesContract",
    "SpadesEnd",
    "SpadesScorer",
    "SpadesScoring",
    "TrumpsBrokenBeforeLed",
]
