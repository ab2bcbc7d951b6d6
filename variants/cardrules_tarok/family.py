"""The Tarok family, declared once: ``FAMILY``, entry point ``tarok``."""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.family import Family

FAMILY = Family(
    "tarok",
    "Tarok",
    profiles=Path(__file__).resolve().parent / "profiles",
)
