"""The Twenty-Nine family, declared once: ``FAMILY``, entry point ``twentynine``."""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.family import Family

FAMILY = Family(
    "twentynine",
    "Twenty-Nine",
    profiles=Path(__file__).resolve().parent / "profiles",
)
