"""``[auction]`` call bounds follow the deck (issue 26): the lowest at most the tricks of a
deal (the deck's size over the players), the highest at most the deck's size, reported at
the key; a highest call left out is the tricks of a deal."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import ProfileError
from cardrules.profile.registry import resolve_chain
from cardrules.profile.schema import validate
from helpers import odd_profile


def test_call_bounds_follow_the_deck(tmp_path: Path) -> None:
    """The lowest call is at most the tricks of a deal (23 cards over four: 5), the highest
    at most the deck's 23 cards, each refused at its key; callbreak-strict's highest call
    (13) fits the smaller deck; a highest call left out is the tricks of a deal."""
    path = odd_profile(tmp_path, "[auction]\nmin_call = 6\nmax_call = 24\n")
    with pytest.raises(ProfileError) as exc:
        cardrules.load(path)
    assert str(exc.value) == (
        f"invalid profile {path}:\n"
        "  auction.min_call -> must be <= 5 (got 6)\n"
        "  auction.max_call -> must be <= 23 (got 24)"
    )
    assert cardrules.load(odd_profile(tmp_path, "")).bounds == (2, 13)
    path = tmp_path / "euchre-calls.toml"
    path.write_text(
        '[profile]\nname = "euchre-calls"\ntitle = "E"\nextends = "callbreak-strict"\n'
        '[deck]\nname = "euchre-24"\n',
        encoding="utf-8",
    )
    data = resolve_chain(path).data
    del data["auction"]["max_call"]
    assert validate(data, str(path)).auction.max_call == 6
