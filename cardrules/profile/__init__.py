"""Profile files: found by name or path, read within limits, merged over ``extends``, validated.

The layer between TOML files and the :class:`~cardrules.rules.profile.Profile`
the hooks see:

- :mod:`~cardrules.profile.files`: reading one file (bounded, strict TOML), merging tables;
- :mod:`~cardrules.profile.registry`: profiles by name (shipped and plugins'), ``extends``;
- :mod:`~cardrules.profile.schema`: the pydantic models every profile is validated against;
- :mod:`~cardrules.profile.validated`: validation, or the snapshot of the shipped profiles'.

The names this module held before it became a package still import from here.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardrules.rules.profile import ComponentRef, OptionValue, Profile

__all__ = ["ComponentRef", "OptionValue", "Profile"]

#: Names importable from here for compatibility, and the module that holds each.
_MOVED = {
    **dict.fromkeys(
        ("MAX_NESTING", "MAX_PROFILE_BYTES", "dump_profile", "key_path", "merge"),
        "cardrules.profile.files",
    ),
    "read_profile_file": "cardrules.profile.files",
    **dict.fromkeys(
        ("SNAPSHOT_FORMAT", "dump_resolved", "snapshot_key", "snapshot_path"),
        "cardrules.profile.validated",
    ),
    "validated_profile": "cardrules.profile.validated",
    **dict.fromkeys(
        (
            "AuctionModel",
            "ComponentRefModel",
            "DealModel",
            "GameModel",
            "PlayModel",
            "ProfileMetaModel",
            "ProfileModel",
            "ScoringModel",
            "TableModel",
            "format_validation_error",
            "validate",
        ),
        "cardrules.profile.schema",
    ),
}


def __getattr__(name: str) -> Any:
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
