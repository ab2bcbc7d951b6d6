"""The Call Break family for cardrules: strict Call Break, classic Call Bridge, app rules.

Registered in the ``cardrules`` entry-point group as ``callbreak``; profiles
name it in ``[profile] plugins``.  The house-rule switches and how to add one
are described in :mod:`cardrules_callbreak.plugin`.
"""

from cardrules_callbreak.house import HouseRulesEnd
from cardrules_callbreak.scoring import CallTenthsScorer, CallWindowScorer

__all__ = ["CallTenthsScorer", "CallWindowScorer", "HouseRulesEnd"]
