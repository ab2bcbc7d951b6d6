"""Hook implementations of the example variant, found through the entry point ``clockwise``.

Two hooks: where this package's profiles live, and the duty it adds.  The
kernel calls both once when a profile naming ``clockwise`` in
``[profile] plugins`` is loaded (and when profiles are listed).
"""

from __future__ import annotations

from pathlib import Path

from cardrules import Components, hookimpl

from cardrules_clockwise.duties import SpadesNotLedUntilBroken

#: The directory of this variant's profiles.
PROFILES = Path(__file__).resolve().parent / "profiles"


@hookimpl
def cardrules_profile_dirs() -> list[Path]:
    """This package's profiles (``callbreak-clockwise``)."""
    return [PROFILES]


@hookimpl
def cardrules_setup_components(components: Components) -> None:
    """Register the duty so that profiles can list it under ``[play] duties``."""
    components.add_duty(SpadesNotLedUntilBroken)
