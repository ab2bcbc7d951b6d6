"""The Euchre family for cardrules: 24 cards, the bowers, making trumps, going alone.

Registered in the ``cardrules`` entry-point group as ``euchre``; the profiles
``euchre`` (North American Euchre, a game to 10) and ``euchre-openspiel``
(one deal of OpenSpiel's ``euchre``, its two parameters as options) name it in
``[profile] plugins``.
"""

from cardrules_euchre.actions import (
    DECK,
    Discard,
    EuchreCall,
    GoAlone,
    NameTrump,
    OrderUp,
    PassCall,
    TakeUp,
)
from cardrules_euchre.auction import EuchreContract, EuchreMaking, EuchreMakingState
from cardrules_euchre.ranking import bowers, left_bower_suit
from cardrules_euchre.scoring import EuchreScorer, makers_points

__all__ = [
    "DECK",
    "Discard",
    "EuchreCall",
    "EuchreContract",
    "EuchreMaking",
    "EuchreMakingState",
    "EuchreScorer",
    "GoAlone",
    "NameTrump",
    "OrderUp",
    "PassCall",
    "TakeUp",
    "bowers",
    "left_bower_suit",
    "makers_points",
]
