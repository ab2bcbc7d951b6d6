"""Profile files: found by name or path, read within limits, merged over ``extends``, validated.

The layer between TOML files and the :class:`~cardrules.rules.profile.Profile`
the hooks see:

- :mod:`~cardrules.profile.files`: reading one file (bounded, strict TOML), merging tables;
- :mod:`~cardrules.profile.registry`: profiles by name (shipped and plugins'), ``extends``;
- :mod:`~cardrules.profile.schema`: the pydantic models every profile is validated against;
- :mod:`~cardrules.profile.validated`: validation, or the snapshot of the shipped profiles'.
"""

from __future__ import annotations

from cardrules.rules.profile import ComponentRef, OptionValue, Profile

__all__ = ["ComponentRef", "OptionValue", "Profile"]
