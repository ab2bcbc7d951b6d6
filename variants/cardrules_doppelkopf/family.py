"""The Doppelkopf family, declared once: ``FAMILY``, entry point ``doppelkopf``."""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.family import Family

FAMILY = Family(
    "doppelkopf",
    "Doppelkopf",
    profiles=Path(__file__).resolve().parent / "profiles",
)
