"""Minibridge (EBU stage) for cardrules: points, dummy, ten contracts, pair scoring, PBN.

Registered in the ``cardrules`` entry-point group as ``minibridge``; the
``minibridge-ebu`` profile names it in ``[profile] plugins``.

>>> import cardrules
>>> from cardrules_minibridge import ChooseContract, pbn, score_deal
>>> score_deal("contract S game", declarer=2, tricks=10)["NS"]
Decimal('420')
>>> score_deal(ChooseContract("NT", "partscore"), declarer=0, tricks=7)["NS"]
Decimal('90')
>>> game = cardrules.load("minibridge-ebu").new_game(seed=1)
>>> pbn.loads(pbn.dumps(game)) == pbn.records_of(game)
True
"""

from cardrules_minibridge import pbn
from cardrules_minibridge.actions import ChooseContract
from cardrules_minibridge.auction import PointsAuction, PointsAuctionState, choose_declarer
from cardrules_minibridge.contracts import (
    CONTRACTS,
    MinibridgeScorer,
    MinibridgeScoring,
    parse_contract,
    score_deal,
    target_of,
)
from cardrules_minibridge.pbn import PbnDeal, PbnError, game_from_pbn

__all__ = [
    "CONTRACTS",
    "ChooseContract",
    "MinibridgeScorer",
    "MinibridgeScoring",
    "PbnDeal",
    "PbnError",
    "PointsAuction",
    "PointsAuctionState",
    "choose_declarer",
    "game_from_pbn",
    "parse_contract",
    "pbn",
    "score_deal",
    "target_of",
]
