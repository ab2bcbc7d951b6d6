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

Tiny bridge as OpenSpiel's ``tiny_bridge_4p`` plays it (``tiny-bridge-openspiel``): six
bids from West, the last bidder declares, and the contract is scored on its double-dummy
result (TBO-3, TBO-4):

>>> tiny = cardrules.load("tiny-bridge-openspiel").new_game(seed=1)
>>> for call in ("1H", "x", "xx", "2NT", "p", "p", "p"):
...     tiny.apply(call)
>>> tiny.deals[0].contract.words(), tiny.deals[0].scores
('Contract: 2NT by S', {'NS': Decimal('-40'), 'EW': Decimal('40')})

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
from cardrules_bridge.tiny import (
    TINY_CALLS,
    TinyBid,
    TinyBridgeAuction,
    TinyBridgeAuctionState,
    TinyCall,
    TinyContract,
    TinyDouble,
    TinyPass,
    TinyPassedOut,
    TinyRedouble,
    parse_tiny_call,
)
from cardrules_bridge.tiny_scorer import (
    TinyBridgeScorer,
    double_dummy_tricks,
    score_tiny_contract,
    tiny_score,
)

__all__ = [
    "BIDS",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "TINY_CALLS",
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
    "TinyBid",
    "TinyBridgeAuction",
    "TinyBridgeAuctionState",
    "TinyBridgeScorer",
    "TinyCall",
    "TinyContract",
    "TinyDouble",
    "TinyPass",
    "TinyPassedOut",
    "TinyRedouble",
    "choose_call",
    "dealer_of",
    "double_dummy_tricks",
    "duplicate_score",
    "first_board",
    "imps",
    "matchpoint_percentages",
    "matchpoints",
    "new_session",
    "parse_call",
    "parse_contract",
    "parse_tiny_call",
    "score_board",
    "score_contract",
    "score_tiny_contract",
    "tiny_score",
    "vulnerability",
]
