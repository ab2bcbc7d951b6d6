"""Hearts, section 5: the end of the game and the winner (HE-5.1, HE-5.2, D-5), records,
and OpenSpiel's single deal (HEO-1.1), through the public API."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Game, RecordError, Ruleset
from cardrules.profile.registry import earlier_versions
from cardrules.rules.components import DealResult
from helpers import play_out, random_policy

HEARTS = "hearts"
OPENSPIEL = "hearts-openspiel"


def with_options(tmp_path: Path, body: str) -> Ruleset:
    """The hearts rules with ``body`` under ``[options]``."""
    path = tmp_path / "my-hearts.toml"
    path.write_text(
        '[profile]\nname = "my-hearts"\ntitle = "My hearts"\nextends = "hearts"\n\n'
        f"[options]\n{body}\n",
        encoding="utf-8",
    )
    return cardrules.load(path)


def random_game(rules: Ruleset, seed: int) -> Game:
    return play_out(rules.new_game(seed=seed), random_policy(random.Random(seed)))


def running_totals(game: Game) -> list[dict[int | str, Decimal]]:
    """The totals after each deal, from the deals' scores."""
    out = []
    totals: dict[int | str, Decimal] = dict.fromkeys(range(4), Decimal(0))
    for deal in game.deals:
        totals = {s: totals[s] + deal.scores[s] for s in totals}
        out.append(totals)
    return out


def check_standings(game: Game) -> None:
    """HE-5.2: the lowest totals come first and share first place; competition ranking."""
    totals = game.totals
    low = min(totals.values())
    assert game.over is not None
    assert sorted(game.over.winners) == [s for s in range(4) if totals[s] == low]
    standings = game.standings()
    assert [st.total for st in standings] == sorted(totals.values())
    for st in standings:
        assert st.total == totals[st.side]
        assert st.place == 1 + sum(1 for v in totals.values() if v < st.total)
        assert st.winner == (st.total == low)


@pytest.mark.parametrize("seed", range(8))
def test_he_5_1_the_game_ends_after_the_deal_in_which_a_total_reaches_100(seed: int) -> None:
    """HE-5.1, HE-4.3: a random game of hearts plays on while every total is below 100 and
    ends after the first deal in which a total reaches 100 or more; HE-5.2: the lowest
    total wins, the standings run from the lowest total up."""
    game = random_game(cardrules.load(HEARTS), seed)
    assert game.phase == "finished" and game.over is not None
    steps = running_totals(game)
    assert steps[-1] == game.totals
    assert all(max(t.values()) < 100 for t in steps[:-1])
    assert max(steps[-1].values()) >= 100
    assert game.over.rule == "HE-5.1"
    check_standings(game)


@pytest.mark.parametrize("seed", [29, 131])
def test_he_5_2_equal_lowest_totals_share_the_win(seed: int) -> None:
    """HE-5.2: random games that end with two players on the same lowest total: both win,
    both first in the standings (and a total of exactly 100 ends the game, HE-5.1)."""
    game = random_game(cardrules.load(HEARTS), seed)
    totals = game.totals
    low = min(totals.values())
    tied = [s for s in range(4) if totals[s] == low]
    assert len(tied) == 2, "this seed no longer ends in a tie: pick another"
    check_standings(game)
    assert [st.place for st in game.standings()][:3] == [1, 1, 3]


def _deals(n: int) -> list[DealResult]:
    game = cardrules.load(HEARTS).new_game(seed=1)
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    assert game.contract is not None
    return [DealResult(d % 4, game.contract, (4, 3, 3, 3), {}) for d in range(n)]


def _end(totals: list[int], deals: int = 5) -> cardrules.GameOver | None:
    rules = cardrules.load(HEARTS)
    return rules.end.check(_deals(deals), {s: Decimal(t) for s, t in enumerate(totals)})


def test_he_5_1_a_total_of_100_or_more_ends_the_game() -> None:
    """HE-5.1, HE-5.2: 99 plays on; 100 (or more) ends the game, the lowest total wins,
    equal lowest totals share the win."""
    assert _end([99, 40, 50, 60]) is None
    over = _end([100, 40, 50, 60])
    assert over is not None and over.rule == "HE-5.1" and over.winners == (1,)
    over = _end([120, 45, 45, 101])
    assert over is not None and sorted(over.winners) == [1, 2]


def test_he_d5_the_game_stops_after_100_deals() -> None:
    """D-5: a game stops after 100 deals at the latest, every total below 100 or not; the
    lowest total then wins, equal totals sharing first place."""
    rules = cardrules.load(HEARTS)
    assert rules.deals == 100
    assert _end([10, 20, 30, 40], deals=99) is None
    over = _end([30, 20, 20, 40], deals=100)
    assert over is not None and over.rule == "D-5" and sorted(over.winners) == [1, 2]


def test_he_5_1_the_target_is_an_option(tmp_path: Path) -> None:
    """HE-5.1: the end is when a total reaches the target (100 in hearts); a game with a
    lower target ends sooner, at the first deal in which a total reaches it."""
    rules = with_options(tmp_path, "target = 30")
    for seed in range(4):
        game = random_game(rules, seed)
        steps = running_totals(game)
        assert all(max(t.values()) < 30 for t in steps[:-1])
        assert max(steps[-1].values()) >= 30
        check_standings(game)


# -- records --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [HEARTS, OPENSPIEL])
def test_he_d4_a_record_replays_to_the_same_game(name: str) -> None:
    """D-4, HE-2.1, HE-3.2: a finished game's record, passes and cards, replays to the same
    game; so does one taken in the middle of the passing; every action is checked again."""
    rules = cardrules.load(name)
    for seed in range(4):
        game = random_game(rules, seed)
        again = Game.from_json(game.to_json(), rules=rules)
        assert again.to_json() == game.to_json()
        assert again.standings() == game.standings()
    game = rules.new_game(seed=5, dealer=3)
    while game.phase == "auction" and len(game.actions) < 7:
        game.apply(game.legal_actions()[-1])
    again = Game.from_json(game.to_json(), rules=rules)
    assert again.to_json() == game.to_json() and again.to_act == game.to_act


def test_he_d4_a_record_with_an_illegal_pass_is_refused() -> None:
    """D-4, HE-2.1: a record whose actions hold a card passed twice does not replay."""
    rules = cardrules.load(HEARTS)
    game = rules.new_game(seed=6, dealer=3)
    card = game.hand(0)[0]
    game.apply(f"pass {card}")
    text = game.to_json().replace(f'"pass {card}"', f'"pass {card}", "pass {card}"', 1)
    with pytest.raises(RecordError, match=r"HE-2\.1"):
        Game.from_json(text, rules=rules)


def test_he_d4_a_game_dealt_by_hand_replays_when_allowed() -> None:
    """D-4, D-2: a game whose first deal was dealt by hand replays from its record only with
    allow_preset_hands."""
    rules = cardrules.load(HEARTS)
    dealt = [[str(c) for c in rules.new_game(seed=9, dealer=0).hand(s)] for s in range(4)]
    game = rules.new_game(seed=3, dealer=0, hands=dealt[::-1])
    play_out(game, random_policy(random.Random(3)))
    with pytest.raises(RecordError):
        Game.from_json(game.to_json(), rules=rules)
    again = Game.from_json(game.to_json(), rules=rules, allow_preset_hands=True)
    assert again.to_json() == game.to_json()


# -- OpenSpiel: one deal --------------------------------------------------------------------


def test_heo_1_1_one_deal_the_lowest_points_win() -> None:
    """HEO-1.1: hearts-openspiel is a single deal, over once its thirteen tricks are
    played and scored, whatever the totals (no target, HE-5.1 does not apply); the lowest
    points win the deal, equal lowest sharing."""
    rules = cardrules.load(OPENSPIEL)
    assert rules.deals == 1 and rules.end.target == 0  # type: ignore[attr-defined]
    for seed in range(10):
        game = random_game(rules, seed)
        assert len(game.deals) == 1 and sum(game.deals[0].tricks) == 13
        assert game.over is not None and game.over.rule == "HEO-1.1"
        assert max(game.totals.values()) < 100
        check_standings(game)


#: The rules hashes of hearts 1.0 (before D-6) and of hearts-openspiel, as shipped before.
HEARTS_1_0 = "sha256:f8aa5a51d679f6ad4a055b609dbeeabf231539ccc155c4d07cc41a3eb1b87c3c"
OPENSPIEL_1_0 = "sha256:08de1629e76104d76954b4e390296389ebd2e18bf63bd5379e3687aa6113a5de"
RECORDS = Path(__file__).resolve().parents[3] / "tests" / "data" / "records-v2"


def test_he_d6_records_of_hearts_1_0_replay_under_hearts_1_0() -> None:
    """hearts D-6 made hearts 1.1; a record written under hearts 1.0 (here with the options
    target=50 and passing=chance) still replays, byte for byte, under hearts 1.0, kept in
    profiles/earlier: a leader holding only hearts and the QS must lead the queen there.
    New games are hearts 1.1, and rules passed in must still have the record's hash."""
    earlier = earlier_versions(HEARTS)[0]
    assert earlier.name == "1.0.toml"
    assert cardrules.load(earlier).profile_hash == HEARTS_1_0
    text = (RECORDS / "hearts-target-50.json").read_text(encoding="utf-8")
    game = Game.from_json(text)
    assert game.to_json() + "\n" == text
    assert (game.rules.name, game.rules.profile.version) == (HEARTS, "1.0")
    assert game.rules.profile.whole("target") == 50
    before = "2C 9C JC AC"
    leads = game.rules.legal_cards("QS AH 7H", [], played_before=before)
    assert [str(c) for c in leads] == ["QS"]
    now = cardrules.load(HEARTS, target=50, passing="chance")
    assert now.profile.version == "1.1" and now.profile_hash != game.rules.profile_hash
    assert len(now.legal_cards("QS AH 7H", [], played_before=before)) == 3
    with pytest.raises(RecordError) as err:
        Game.from_json(text, rules=now)
    assert str(err.value) == (
        "invalid record: 'profile_hash' does not match the rules of 'hearts' (the game was "
        "played under other rules of that name)"
    )


def test_heo_1_4_hearts_openspiel_resolves_as_before_hearts_1_1() -> None:
    """HEO-1.4: hearts-openspiel keeps OpenSpiel's default (a leader holding only hearts and
    the QS leads the queen), and resolves every option as it did before hearts 1.1 (D-6);
    the file it was shipped as while hearts restated its defaults is kept, with that rules
    hash, so its records replay under it unchanged."""
    rules = cardrules.load(OPENSPIEL)
    assert rules.profile.version == "1.0"
    (earlier,) = earlier_versions(OPENSPIEL)
    before = cardrules.load(earlier)
    assert before.profile_hash == OPENSPIEL_1_0 != rules.profile_hash
    declared = sorted(rules.components.options)
    assert [rules.profile.option(k) for k in declared] == [
        before.profile.option(k) for k in declared
    ]
    assert earlier_versions("..") == ()
    game = random_game(rules, 3)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
