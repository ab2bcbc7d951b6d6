"""The contract bridge family for cardrules: the full auction, duplicate scoring.

Registered in the ``cardrules`` entry-point group as ``bridge``; the profile
``bridge-duplicate`` (the Laws of Duplicate Bridge, WBF 2017) names it in
``[profile] plugins``.

>>> import cardrules
>>> rules = cardrules.load("bridge-duplicate")
>>> rules.scoring.score_contract("4S", "S", 10, vulnerable=True)
{'NS': Decimal('620'), 'EW': Decimal('-620')}
>>> game = rules.new_game(seed=1)
>>> game.apply("1H"); game.apply("x"); game.apply("xx"); game.apply("p")
>>> game.auction.public()["bidding"]
'N 1H, E double, S redouble, W pass'

A board played at several tables is compared by matchpoints (BR-5.9), each table's
NS score against the others', as a percentage of the top:

>>> from cardrules_bridge import matchpoint_percentages
>>> [str(p) for p in matchpoint_percentages([420, 420, 450, -50])]
['50.00', '50.00', '100.00', '0.00']
"""

from cardrules_bridge.actions import (
    BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    BridgeBid,
    BridgePass,
    Call,
    Double,
    Redouble,
    choose_call,
    parse_call,
)
from cardrules_bridge.auction import BridgeAuction, BridgeAuctionState
from cardrules_bridge.contract import BridgeContract, PassedOut, parse_contract
from cardrules_bridge.scorer import (
    BoardsEnd,
    DuplicateScorer,
    DuplicateScoring,
    score_board,
    score_contract,
)
from cardrules_bridge.scoring import (
    dealer_of,
    duplicate_score,
    imps,
    matchpoint_percentages,
    matchpoints,
    vulnerability,
)
from cardrules_bridge.session import first_board, new_session

__all__ = [
    "BIDS",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "BoardsEnd",
    "BridgeAuction",
    "BridgeAuctionState",
    "BridgeBid",
    "BridgeContract",
    "BridgePass",
    "Call",
    "Double",
    "DuplicateScorer",
    "DuplicateScoring",
    "PassedOut",
    "Redouble",
    "choose_call",
    "dealer_of",
    "duplicate_score",
    "first_board",
    "imps",
    "matchpoint_percentages",
    "matchpoints",
    "new_session",
    "parse_call",
    "parse_contract",
    "score_board",
    "score_contract",
    "vulnerability",
]
