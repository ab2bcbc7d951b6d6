"""The Hearts family for cardrules: passing, no trumps, penalty points, the moon.

Registered in the ``cardrules`` entry-point group as ``hearts``; the profiles
``hearts`` (the common rules, a game to 100) and ``hearts-openspiel`` (one
deal, as OpenSpiel's ``hearts`` plays it) name it in ``[profile] plugins``.
"""

from cardrules_hearts.duties import HeartsBrokenBeforeLed, NoPointsFirstTrick, OpeningLead
from cardrules_hearts.passing import HeartsContract, HeartsPassing, HeartsPassingState, PassCard
from cardrules_hearts.scoring import HeartsEnd, HeartsScorer

__all__ = [
    "HeartsBrokenBeforeLed",
    "HeartsContract",
    "HeartsEnd",
    "HeartsPassing",
    "HeartsPassingState",
    "HeartsScorer",
    "NoPointsFirstTrick",
    "OpeningLead",
    "PassCard",
]
