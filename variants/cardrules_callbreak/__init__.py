"""The Call Break family for cardrules: strict Call Break, classic Call Bridge, app rules.

Registered in the ``cardrules`` entry-point group as ``callbreak`` (scorers and
throw-in tests) and ``callbreak-house`` (the app's house-rule switches);
profiles name them in ``[profile] plugins``.  The switches and how to add one
are described in :mod:`cardrules_callbreak.house_plugin`.
"""

from cardrules_callbreak.house import HouseRulesEnd
from cardrules_callbreak.scoring import CallScoring, CallTenthsScorer, CallWindowScorer

__all__ = ["CallScoring", "CallTenthsScorer", "CallWindowScorer", "HouseRulesEnd"]
