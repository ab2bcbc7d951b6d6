"""``[auction]`` call bounds follow the deck (issue 26): at most the tricks of a deal, the
deck's size over the players, reported at the key; a highest call left out is that many."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import ProfileError
from cardrules.profile.registry import resolve_chain
from cardrules.profile.schema import validate
from helpers import odd_profile


def test_call_bounds_are_at_most_the_tricks_of_a_deal(tmp_path: Path) -> None:
    """A call above the deck's size over the players (23 // 4 = 5) is refused at its key;
    a highest call left out is that many."""
    path = odd_profile(tmp_path, "[auction]\nmax_call = 6\n")
    with pytest.raises(ProfileError) as exc:
        cardrules.load(path)
    assert str(exc.value) == f"invalid profile {path}:\n  auction.max_call -> must be <= 5 (got 6)"
    # callbreak-strict's own max_call (13) does not fit a deck of 23 cards either
    path = odd_profile(tmp_path, "")
    with pytest.raises(ProfileError) as exc:
        cardrules.load(path)
    assert "auction.max_call -> must be <= 5 (got 13) (set in " in str(exc.value)
    path = tmp_path / "euchre-calls.toml"
    path.write_text(
        '[profile]\nname = "euchre-calls"\ntitle = "E"\nextends = "callbreak-strict"\n'
        '[deck]\nname = "euchre-24"\n',
        encoding="utf-8",
    )
    data = resolve_chain(path).data
    del data["auction"]["max_call"]
    assert validate(data, str(path)).auction.max_call == 6
