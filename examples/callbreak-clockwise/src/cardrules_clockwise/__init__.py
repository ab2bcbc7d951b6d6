"""An example third-party cardrules variant: clockwise Call Break, spades led only once broken.

Found through its entry point ``clockwise`` (group ``cardrules``); its profile
is ``callbreak-clockwise``.
"""

from cardrules_clockwise.duties import SpadesNotLedUntilBroken

__all__ = ["SpadesNotLedUntilBroken"]
