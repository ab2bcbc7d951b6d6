"""The Call Break family, declared once: ``FAMILY``, entry point ``callbreak``.

It declares the family's scorers (``call_tenths``: CBS-4, APP-4;
``call_window``: CBC-4) and the throw-in tests ``no_spade`` (APP-1.2) and
``no_picture`` (APP-5.3) that a profile lists under ``[deal] throw_in``.
The app's house-rule switches live in their own plugin,
:mod:`cardrules_callbreak.house_plugin` (entry point ``callbreak-house``), so
that only the profiles that name it offer them.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import ThrowInSpec
from cardrules.rules.family import Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_callbreak.house import has_no_picture, has_no_spade
from cardrules_callbreak.scoring import CallTenthsScorer, CallWindowScorer

#: The throw-in tests a profile may list under ``[deal] throw_in`` (APP-1.2, APP-5.3).
NO_SPADE = ThrowInSpec("no_spade", "a hand without a spade", has_no_spade)
NO_PICTURE = ThrowInSpec("no_picture", "a hand without J, Q or K", has_no_picture)

_WINDOW_PARAMS = {"per_call": (10, 1), "window": (2, 0), "per_extra": (1, 0)}


def _tenths(profile: Profile) -> CallTenthsScorer:
    profile.int_params({})
    return CallTenthsScorer()


def _window(profile: Profile) -> CallWindowScorer:
    return CallWindowScorer(**profile.int_params(_WINDOW_PARAMS))


FAMILY = Family(
    "callbreak",
    "Call Break and Call Bridge",
    profiles=Path(__file__).resolve().parent / "profiles",
    # Both read one call per seat and score each seat for itself.
    scorers=(
        ScorerKind("call_tenths", _tenths, needs="calls", sides="individual"),
        ScorerKind("call_window", _window, needs="calls", sides="individual"),
    ),
    throw_ins=(NO_SPADE, NO_PICTURE),
)
