"""The Call Break family for cardrules: strict Call Break, classic Call Bridge, app rules.

Registered in the ``cardrules`` entry-point group as ``callbreak``; profiles
name it in ``[profile] plugins``.
"""

from cardrules_callbreak.scoring import CallTenthsScorer

__all__ = ["CallTenthsScorer"]
