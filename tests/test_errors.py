"""Bad input: every user-caused error is a CardrulesError with a clear, whole message.

Covers malformed cards and actions, out-of-turn and wrong-phase actions (CBS-5.3:
refused, the game unchanged), bad profiles (ProfileError naming the file, the
key path and the expectation) and corrupt records (RecordError).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import cardrules
from cardrules import (
    ActionError,
    CardError,
    CardrulesError,
    Game,
    IllegalAction,
    ProfileError,
    RecordError,
)
from cardrules.rules.plugins import entry_points

ACTION_HELP = "(expected 'bid N', 'play CARD' or 'contract STRAIN GOAL')"
CARD_HELP = (
    "(expected rank 2-10, J, Q, K, A or T, then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')"
)


@pytest.fixture
def game(strict: cardrules.Ruleset) -> Game:
    """A game in the auction: dealer 0, so seat 3 calls first (D-2)."""
    return strict.new_game(seed=1, dealer=0)


def refused_unchanged(game: Game, action: object, kind: type[Exception], **kw: object) -> str:
    """Apply a bad action; return its message after checking the game did not change."""
    before = game.to_json()
    with pytest.raises(kind) as err:
        game.apply(action, **kw)  # type: ignore[arg-type]
    assert isinstance(err.value, CardrulesError)
    assert game.to_json() == before
    return str(err.value)


# ---------------------------------------------------------------------------
# cards and actions


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1H", f"invalid card: '1H' {CARD_HELP}"),
        ("AX", f"invalid card: 'AX' {CARD_HELP}"),
        ("", "invalid card: '' (expected rank then suit, e.g. 'AH', '10♥')"),
        (None, "invalid card: None (expected text such as 'AH' or '10♥')"),
    ],
)
def test_malformed_card_in_the_stateless_helpers(
    strict: cardrules.Ruleset, text: object, message: str
) -> None:
    """A malformed card in a hand, a trick or a card to explain is a CardError."""
    for call in (
        lambda: strict.legal_cards(["AH", text], []),  # type: ignore[list-item]
        lambda: strict.legal_cards(["AS"], [text]),  # type: ignore[list-item]
        lambda: strict.explain(["AH"], [], text),  # type: ignore[arg-type]
        lambda: strict.trick_winner(["AH", text]),  # type: ignore[list-item]
    ):
        with pytest.raises(CardError) as err:
            call()
        assert str(err.value) == message


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("play 1H", f"invalid action: 'play 1H': invalid card: '1H' {CARD_HELP}"),
        ("play AX", f"invalid action: 'play AX': invalid card: 'AX' {CARD_HELP}"),
        (
            "play",
            f"invalid action: 'play' {ACTION_HELP}",
        ),
        ("", f"invalid action: '' {ACTION_HELP}"),
        (None, "invalid action: None (expected text such as 'play AH')"),
        (
            "fold",
            f"invalid action: 'fold' {ACTION_HELP}",
        ),
        (
            "bid three",
            "invalid action: 'bid three' (expected a whole number of tricks, e.g. 'bid 3')",
        ),
        (
            "play AH now",
            f"invalid action: 'play AH now' {ACTION_HELP}",
        ),
    ],
)
def test_unknown_or_malformed_actions(game: Game, action: object, message: str) -> None:
    """An action that cannot be read is an ActionError; the game is unchanged."""
    assert refused_unchanged(game, action, ActionError) == message


def test_out_of_turn_action(game: Game) -> None:
    """CBS-2.4 / CBS-5.3: a call by a seat whose turn it is not is refused, citing CBS-2.4."""
    assert game.to_act == 3
    for seat in (0, 1, 2):
        message = refused_unchanged(game, "bid 3", IllegalAction, seat=seat)
        assert message == (
            f"illegal action 'bid 3' by seat {seat}: CBS-2.4: it is the turn of seat 3"
        )
    game.apply("bid 3", seat=3)
    assert game.to_act == 2


def test_out_of_turn_card(strict: cardrules.Ruleset) -> None:
    """CBS-3.3: a card played by the wrong seat is refused even if that seat holds it."""
    game = strict.new_game(seed=1, dealer=0)
    for _ in range(4):
        game.apply("bid 2")
    card = game.hand(1)[0]
    message = refused_unchanged(game, f"play {card}", IllegalAction, seat=1)
    assert message == f"illegal action 'play {card}' by seat 1: CBS-3.3: it is the turn of seat 3"


def test_card_not_in_hand(strict: cardrules.Ruleset) -> None:
    """A card the player does not hold is refused with its name and the seat."""
    game = strict.new_game(seed=1, dealer=0)
    for _ in range(4):
        game.apply("bid 2")
    card = game.hand(0)[0]
    message = refused_unchanged(game, f"play {card}", IllegalAction)
    assert message == (
        f"illegal action 'play {card}' by seat 3: {card.symbol()} is not in seat 3's hand"
    )


@pytest.mark.parametrize("call", [0, 1, 14, 52, -3])
def test_bid_out_of_bounds(game: Game, call: int) -> None:
    """CBS-2.4: a call outside 2..13 is refused, naming the rule."""
    message = refused_unchanged(game, f"bid {call}", IllegalAction)
    assert message == (
        f"illegal action 'bid {call}' by seat 3: "
        f"CBS-2.4: a call must be 2 to 13 tricks (got {call})"
    )


def test_card_in_the_auction(game: Game) -> None:
    """A card during the auction is refused: wrong phase (CBS-2.4)."""
    card = game.hand(3)[0]
    message = refused_unchanged(game, f"play {card}", IllegalAction)
    assert message == (
        f"illegal action 'play {card}' by seat 3: "
        "CBS-2.4: the auction is on: make a call of 2 to 13 tricks (e.g. 'bid 2')"
    )


def test_call_during_play(game: Game) -> None:
    """A call after the auction is refused: wrong phase."""
    for _ in range(4):
        game.apply("bid 2")
    message = refused_unchanged(game, "bid 4", IllegalAction)
    assert message == (
        "illegal action 'bid 4' by seat 3: the auction is over: play a card (e.g. 'play AH')"
    )


def test_contract_choice_in_call_break(game: Game) -> None:
    """A Minibridge contract choice is not an action of Call Break's auction."""
    message = refused_unchanged(game, "contract S game", IllegalAction)
    assert message == (
        "illegal action 'contract S game' by seat 3: "
        "CBS-2.4: the auction is on: make a call of 2 to 13 tricks (e.g. 'bid 2')"
    )


@pytest.mark.parametrize("seat", [4, -1, "0", None])
def test_bad_seat_for_hand_and_view(game: Game, seat: object) -> None:
    """A seat outside 0..3 is a CardrulesError for hand() and view()."""
    for call in (game.hand, game.view):
        with pytest.raises(CardrulesError) as err:
            call(seat)  # type: ignore[arg-type]
        assert str(err.value) == f"invalid seat: {seat!r} (expected 0..3)"


@pytest.mark.parametrize(
    ("kwargs", "kind", "message"),
    [
        (
            {"seed": "x"},
            CardrulesError,
            "invalid seed: 'x' (expected an integer with |seed| < 2**64)",
        ),
        ({"seed": 1, "dealer": 4}, CardrulesError, "invalid dealer: 4 (expected a seat 0..3)"),
        (
            {"seed": 1, "hands": ["AS"] * 4},
            CardError,
            "invalid hands: seat 0 must hold 13 different cards (got 1)",
        ),
        ({"seed": 1, "hands": 5}, CardError, "invalid hands: expected 4 hands of 13 cards"),
        (
            {"seed": 1, "hands": [None] * 4},
            CardError,
            "invalid hands: seat 0 must hold a list of cards (got None)",
        ),
    ],
)
def test_bad_new_game_arguments(
    strict: cardrules.Ruleset, kwargs: dict[str, object], kind: type[Exception], message: str
) -> None:
    """Bad arguments to new_game are CardrulesErrors that name the value."""
    with pytest.raises(kind) as err:
        strict.new_game(**kwargs)  # type: ignore[arg-type]
    assert isinstance(err.value, CardrulesError)
    assert str(err.value) == message


def test_preset_hands_with_a_card_dealt_twice(strict: cardrules.Ruleset) -> None:
    """Preset hands must not share a card: the error names it and the seat."""
    hands = [[str(c) for c in strict.new_game(seed=1).hand(s)] for s in range(4)]
    hands[2][0] = hands[0][0]
    with pytest.raises(CardError) as err:
        strict.new_game(seed=1, hands=hands)
    assert str(err.value) == f"invalid hands: {hands[0][0]} dealt twice (seat 2)"


def test_bad_stateless_input(strict: cardrules.Ruleset) -> None:
    """The stateless helpers refuse duplicate cards, overlong and empty tricks."""
    with pytest.raises(CardError) as err:
        strict.legal_cards("AS AS", [])
    assert str(err.value) == "invalid hand: a card appears twice in AS AS"
    with pytest.raises(CardError) as err:
        strict.legal_cards("AS", ["2C", "3C", "4C", "5C"])
    assert str(err.value) == "invalid trick: 4 cards already played (at most 3)"
    with pytest.raises(CardError) as err:
        strict.trick_winner([])
    assert str(err.value) == "invalid trick: no cards"


# ---------------------------------------------------------------------------
# profiles


def write(tmp_path: Path, text: str, name: str = "my-house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


CHILD = """\
[profile]
name = "my-house"
title = "My house rules"
extends = "callbreak-strict"
"""


def profile_error(path: Path | str) -> str:
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert isinstance(err.value, CardrulesError)
    return str(err.value)


def test_child_profile_loads(tmp_path: Path) -> None:
    """The base of the bad profiles below is itself fine."""
    rules = cardrules.load(write(tmp_path, CHILD))
    assert rules.name == "my-house"
    assert rules.bounds == (2, 13)


def test_broken_toml(tmp_path: Path) -> None:
    """A file that is not TOML names the file, the line and the column."""
    path = write(tmp_path, CHILD + "[auction\nmin_call = 3\n")
    message = profile_error(path)
    # The middle of the sentence is tomllib's own wording.
    assert message.startswith(f"invalid profile {path}:\n  not valid TOML: ")
    assert message.endswith("(at line 5, column 9)")
    assert "\n" not in message.split("\n", 1)[1]


def test_unknown_keys(tmp_path: Path) -> None:
    """Unknown keys are errors, each with its key path, all at once."""
    path = write(tmp_path, CHILD + "[game]\nrounds = 5\n\n[bonus]\neight = 1\n")
    assert profile_error(path) == (
        f"invalid profile {path}:\n  game.rounds -> unknown key\n  bonus -> unknown key"
    )


def test_min_call_above_max_call(tmp_path: Path) -> None:
    """min_call above max_call is impossible."""
    path = write(tmp_path, CHILD + "[auction]\nmin_call = 9\nmax_call = 3\n")
    assert profile_error(path) == (
        f"invalid profile {path}:\n  auction -> min_call (9) must not be above max_call (3)"
    )


def test_zero_players(tmp_path: Path) -> None:
    """Zero players is impossible: a table seats 3 to 7."""
    path = write(tmp_path, CHILD + "[table]\nplayers = 0\n")
    assert (
        profile_error(path) == f"invalid profile {path}:\n  table.players -> must be >= 3 (got 0)"
    )


def test_call_bound_out_of_range(tmp_path: Path) -> None:
    """A call bound above 13 tricks is impossible."""
    path = write(tmp_path, CHILD + "[auction]\nmax_call = 14\n")
    assert profile_error(path) == (
        f"invalid profile {path}:\n  auction.max_call -> must be <= 13 (got 14)"
    )


def test_unknown_duty(tmp_path: Path) -> None:
    """A duty nobody registered is named with the known ones."""
    path = write(tmp_path, CHILD + '[play]\nduties = [{ name = "follow_suitt", rule = "X-1" }]\n')
    message = profile_error(path)
    assert message.startswith(
        f"invalid profile {path}:\n  play.duties[0].name -> unknown duty 'follow_suitt'; known: "
    )
    assert "follow_suit, head_when_following, " in message


def test_unknown_profile_name_lists_the_known_ones() -> None:
    """An unknown profile name is refused with the installed names."""
    known = ", ".join(cardrules.profiles())
    assert "callbreak-strict" in known
    assert profile_error("callbreak-strictt") == (
        "invalid profile callbreak-strictt:\n"
        f"  unknown profile 'callbreak-strictt'; known profiles: {known}"
    )


def test_missing_profile_file(tmp_path: Path) -> None:
    """A path to no file says so."""
    path = tmp_path / "nowhere.toml"
    assert profile_error(path) == f"invalid profile {path}:\n  file not found"


def test_plugin_not_installed(tmp_path: Path) -> None:
    """A profile naming a plugin that is not installed lists the installed ones."""
    path = write(tmp_path, CHILD.replace("[profile]\n", '[profile]\nplugins = ["nope"]\n'))
    installed = ", ".join(sorted(entry_points()))
    assert "callbreak" in installed
    assert profile_error(path) == (
        f"invalid profile {path}:\n"
        f"  profile.plugins[1] -> plugin 'nope' is not installed; installed: {installed}"
    )


def test_deal_count_not_allowed() -> None:
    """A number of deals the profile does not allow is refused (CBS-5.1: five deals)."""
    with pytest.raises(ProfileError) as err:
        cardrules.load("callbreak-strict", deals=7)
    assert str(err.value).endswith("\n  game.deals -> must be one of [5] (got 7)")


# ---------------------------------------------------------------------------
# corrupt records


@pytest.fixture
def record(strict: cardrules.Ruleset) -> str:
    """The record of a game part-way through its first deal."""
    game = strict.new_game(seed=5, dealer=2)
    for _ in range(4):
        game.apply("bid 3")
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return game.to_json()


def tampered(record: str, change: Callable[[dict[str, object]], object]) -> str:
    doc = json.loads(record)
    change(doc)
    return json.dumps(doc)


def record_error(text: object) -> str:
    with pytest.raises(RecordError) as err:
        Game.from_json(text)  # type: ignore[arg-type]
    assert isinstance(err.value, CardrulesError)
    return str(err.value)


def test_record_round_trips(record: str) -> None:
    """The untouched record is accepted (so the failures below are the tampering)."""
    assert Game.from_json(record).to_json() == record


def test_record_not_json() -> None:
    """Bad JSON is a RecordError."""
    assert record_error("{nope") == (
        "invalid record: not JSON "
        "(Expecting property name enclosed in double quotes at line 1 column 2)"
    )
    assert record_error(None) == (
        "invalid record: not JSON (the JSON object must be str, bytes or bytearray, not NoneType)"
    )
    assert record_error("[]") == "invalid record: 'format' must be 'cardrules-game'"


def test_record_with_a_tampered_action(record: str) -> None:
    """An action changed to an illegal one is caught on replay, naming it and the rule."""
    text = tampered(record, lambda d: d["actions"].__setitem__(0, "bid 1"))  # type: ignore[attr-defined]
    assert record_error(text) == (
        "invalid record: 'actions'[0]: "
        "illegal action 'bid 1' by seat 1: CBS-2.4: a call must be 2 to 13 tricks (got 1)"
    )


def test_record_with_a_swapped_card(record: str) -> None:
    """A card changed to one the player does not hold is caught on replay."""
    doc = json.loads(record)
    lead = doc["actions"][4]
    other = next(
        f"play {c}"
        for hand in doc["state"]["dealt"]
        for c in hand
        if f"play {c}" != lead and c not in [a.split()[1] for a in doc["actions"][4:]]
    )
    doc["actions"][4] = other
    message = record_error(json.dumps(doc))
    assert message.startswith(f"invalid record: 'actions'[4]: illegal action {other!r}")


def test_record_with_a_tampered_state(record: str) -> None:
    """A stored state that differs from the replay is refused, naming what differs."""
    doc = json.loads(record)
    doc["state"]["tricks_won"] = [13, 0, 0, 0]
    assert record_error(json.dumps(doc)) == (
        "invalid record: 'state' does not match the replay (differs in: tricks_won)"
    )
    doc = json.loads(record)
    doc["state"]["hands"][0], doc["state"]["hands"][1] = (
        doc["state"]["hands"][1],
        doc["state"]["hands"][0],
    )
    assert record_error(json.dumps(doc)) == (
        "invalid record: 'state' does not match the replay (differs in: hands)"
    )


def test_record_with_a_state_of_the_wrong_type(record: str) -> None:
    """A state that is not an object is a RecordError, not a crash."""
    text = tampered(record, lambda d: d.__setitem__("state", []))
    assert record_error(text) == "invalid record: 'state' must be an object (got [])"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("seed", "x", "invalid record: 'seed' must be an integer (got 'x')"),
        (
            "actions",
            "bid 3",
            "invalid record: 'actions' must be a list of action texts (got 'bid 3')",
        ),
        ("version", 3, "invalid record: unsupported 'version' 3 (expected one of 1, 2)"),
        ("version", 1.0, "invalid record: unsupported 'version' 1.0 (expected one of 1, 2)"),
        ("version", True, "invalid record: unsupported 'version' True (expected one of 1, 2)"),
        ("format", "chess", "invalid record: 'format' must be 'cardrules-game'"),
        ("first_dealer", 9, "invalid record: 'first_dealer' must be a seat 0..3 (got 9)"),
        (
            "preset_hands",
            5,
            "invalid record: 'preset_hands' must be a list of hands or null (got 5)",
        ),
    ],
)
def test_record_with_tampered_settings(record: str, key: str, value: object, message: str) -> None:
    """Tampered settings are RecordErrors naming the key and the value."""
    assert record_error(tampered(record, lambda d: d.__setitem__(key, value))) == message


def test_record_with_a_deal_count_the_profile_refuses(record: str) -> None:
    """A record claiming a number of deals its profile does not allow is corrupt."""
    message = record_error(tampered(record, lambda d: d.__setitem__("deals", 7)))
    assert message.startswith("invalid record: profile 'callbreak-strict': invalid profile ")
    assert message.endswith("\n  game.deals -> must be one of [5] (got 7)")


def test_record_of_another_profile(record: str, strict: cardrules.Ruleset) -> None:
    """A record made with another profile does not load under these rules."""
    text = tampered(record, lambda d: d.__setitem__("profile", "my-house"))
    with pytest.raises(RecordError) as err:
        Game.from_json(text, rules=strict)
    assert str(err.value) == (
        "invalid record: 'profile' is 'my-house', but the rules are 'callbreak-strict'"
    )
