"""The Skat family for cardrules: 32 cards, the jacks on top, suit, grand and null games.

Registered in the ``cardrules`` entry-point group as ``skat``; the profiles
``skat-openspiel`` (one deal of OpenSpiel's ``skat``) and ``skat`` (the International
Skat Order's rules: bidding by game values, hand games and announcements, game values)
name it in ``[profile] plugins``.
"""

from cardrules_skat.actions import DECK, GAMES, Declare, Discard, PassCall, SkatCall, game_words
from cardrules_skat.auction import (
    NullContract,
    SkatContract,
    SkatOpenSpielBidding,
    SkatOpenSpielBiddingState,
    contract_for,
)
from cardrules_skat.bidding import (
    IskoContract,
    IskoNullContract,
    SkatBidding,
    SkatBiddingState,
    isko_contract,
)
from cardrules_skat.calls import Announce, Hold, IskoCall, SkatBid, TakeSkat
from cardrules_skat.ranking import grand_game, null_game, suit_game
from cardrules_skat.scoring import CARD_POINTS, SkatOpenSpielScorer, SkatScorer, card_points
from cardrules_skat.values import BASE_VALUES, BIDS, Announcement, Settlement, matadors, settle

__all__ = [
    "BASE_VALUES",
    "BIDS",
    "CARD_POINTS",
    "DECK",
    "GAMES",
    "Announce",
    "Announcement",
    "Declare",
    "Discard",
    "Hold",
    "IskoCall",
    "IskoContract",
    "IskoNullContract",
    "NullContract",
    "PassCall",
    "Settlement",
    "SkatBid",
    "SkatBidding",
    "SkatBiddingState",
    "SkatCall",
    "SkatContract",
    "SkatOpenSpielBidding",
    "SkatOpenSpielBiddingState",
    "SkatOpenSpielScorer",
    "SkatScorer",
    "TakeSkat",
    "card_points",
    "contract_for",
    "game_words",
    "grand_game",
    "isko_contract",
    "matadors",
    "null_game",
    "settle",
    "suit_game",
]
