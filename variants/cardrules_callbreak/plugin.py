"""Hook implementations of the Call Break family plugin."""

from __future__ import annotations

from pathlib import Path

from cardrules.hookspecs import hookimpl
from cardrules.plugins import Components
from cardrules.profile import Profile
from cardrules_callbreak.scoring import CallTenthsScorer


def _tenths(profile: Profile) -> CallTenthsScorer:
    return CallTenthsScorer()


@hookimpl
def cardrules_setup_components(components: Components) -> None:
    components.add_scorer("call_tenths", _tenths)


@hookimpl
def cardrules_profile_dirs() -> list[Path]:
    # The shipped profiles live with the kernel (cardrules/_profiles); nothing extra here.
    return []
