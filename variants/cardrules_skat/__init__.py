"""The Skat family for cardrules: 32 cards, the jacks on top, suit, grand and null games.

Registered in the ``cardrules`` entry-point group as ``skat``; the profile
``skat-openspiel`` (one deal of OpenSpiel's ``skat``) names it in
``[profile] plugins``.
"""

from cardrules_skat.actions import DECK, GAMES, Declare, Discard, PassCall, SkatCall, game_words
from cardrules_skat.auction import (
    NullContract,
    SkatContract,
    SkatOpenSpielBidding,
    SkatOpenSpielBiddingState,
    contract_for,
)
from cardrules_skat.ranking import grand_game, null_game, suit_game
from cardrules_skat.scoring import CARD_POINTS, SkatOpenSpielScorer, card_points

__all__ = [
    "CARD_POINTS",
    "DECK",
    "GAMES",
    "Declare",
    "Discard",
    "NullContract",
    "PassCall",
    "SkatCall",
    "SkatContract",
    "SkatOpenSpielBidding",
    "SkatOpenSpielBiddingState",
    "SkatOpenSpielScorer",
    "card_points",
    "contract_for",
    "game_words",
    "grand_game",
    "null_game",
    "suit_game",
]
