"""Golden games: every shipped profile plays exactly as it did before the kernel redesign.

``tests/data/golden-games.json`` was written by the engine before the redesign
("a kernel that knows no family") began, for the four seed profiles, and for each
profile shipped since when it was added: 100 seeded games played to the end by a
seeded random policy.  For each game it keeps
the first dealer, a hash of every deal's hands, a hash of the actions, the
scores of each deal and the standings.  The same seeds must give the same
deals, calls, cards and scores for as long as the rules stay the same.

Add a newly shipped profile's games (every other profile's stay as they are) with
``python tests/engine/test_golden.py --add``; rewrite the whole file only when a
rule of a shipped profile changes on purpose: ``python tests/engine/test_golden.py
--write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules

GOLDEN = Path(__file__).parent.parent / "data" / "golden-games.json"
#: Every shipped profile: the seed games' four first, then the others as they were added.
PROFILES = (
    "callbreak-strict",
    "callbridge-classic",
    "callbreak-app",
    "minibridge-ebu",
    "oh-hell",
    "oh-hell-3",
    "oh-hell-5",
    "oh-hell-openspiel-4x5",
    "spades",
    "spades-openspiel",
    "hearts",
    "hearts-openspiel",
    "bridge-duplicate",
    "euchre",
    "euchre-openspiel",
    "skat-openspiel",
    "skat",
    "tarok-openspiel",
    "tarok-openspiel-4",
    "twenty-nine",
    "tiny-bridge-openspiel",
    "doppelkopf",
    "tarok",
)
GAMES = 100


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value).encode()).hexdigest()[:16]


def play(name: str, seed: int) -> dict[str, Any]:
    """One golden game: ``seed`` deals, a random policy seeded alike chooses."""
    game = cardrules.load(name).new_game(seed=seed)
    rng = random.Random(seed)
    hands: list[list[list[str]]] = []
    while game.phase != "finished":
        if len(hands) < game.deal_number:
            hands.append(json.loads(json.dumps(game.state_dict()["dealt"])))
        game.apply(rng.choice(game.legal_actions()))
    return {
        "seed": seed,
        "first_dealer": game.first_dealer,
        "hands": _digest(hands),
        "actions": _digest(game.actions),
        "throw_ins": len(game.throw_ins),
        "scores": [{str(k): str(v) for k, v in d.scores.items()} for d in game.deals],
        "standings": [[s.place, str(s.side), str(s.total), s.winner] for s in game.standings()],
    }


def _expected() -> dict[str, list[dict[str, Any]]]:
    data: dict[str, list[dict[str, Any]]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", PROFILES)
def test_shipped_profiles_play_as_before(name: str) -> None:
    """The same seed gives the same deals, calls, cards and scores (golden games)."""
    expected = _expected()[name]
    assert len(expected) == GAMES
    for game in expected:
        assert play(name, game["seed"]) == game, f"{name} seed {game['seed']}"


def test_every_shipped_profile_has_golden_games() -> None:
    """A profile shipped without golden games would drift unseen: each is listed here."""
    assert sorted(PROFILES) == cardrules.profiles()
    assert sorted(_expected()) == sorted(PROFILES)


if __name__ == "__main__" and sys.argv[1:] in (["--write"], ["--add"]):
    out = _expected() if sys.argv[1] == "--add" else {}
    for name in PROFILES:
        if name not in out:
            out[name] = [play(name, 1000 + i) for i in range(GAMES)]
            print(f"{name}: {GAMES} games")
    GOLDEN.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
