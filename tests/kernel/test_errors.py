"""Bad input: every user-caused error is a CardrulesError with a clear, whole message.

Covers malformed cards and actions, out-of-turn and wrong-phase actions (CBS-5.3:
refused, the game unchanged), bad profiles (ProfileError naming the file, the
key path and the expectation) and corrupt records (RecordError).  The tests
taking ``rules`` run for each Call Break profile and Minibridge (conftest.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import cardrules
from cardrules import (
    ActionError,
    Bid,
    Card,
    CardError,
    CardrulesError,
    Game,
    IllegalAction,
    Play,
    ProfileError,
    RecordError,
    Ruleset,
)
from cardrules.rules.plugins import entry_points
from cardrules_minibridge import ChooseContract
from helpers import deck_hands, refusal_message, to_play

#: The forms a Call Break game's actions take (the kernel's; its family adds none).
ACTION_HELP = f"({cardrules.load('callbreak-strict').vocabulary.expected()})"
CARD_HELP = (
    "(expected rank 2-10, J, Q, K, A or T, then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')"
)
SEAT_HELP = "(expected 0..3)"


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
            "invalid action: 'play' (expected 'play CARD', e.g. 'play AH')",
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
            "invalid action: 'play AH now' (expected 'play CARD', e.g. 'play AH')",
        ),
    ],
)
def test_unknown_or_malformed_actions(game: Game, action: object, message: str) -> None:
    """An action that cannot be read is an ActionError; the game is unchanged."""
    assert refused_unchanged(game, action, ActionError) == message


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (None, "invalid action: None (expected text such as 'play AH')"),
        (42, "invalid action: 42 (expected text such as 'play AH')"),
        (b"play AH", "invalid action: b'play AH' (expected text such as 'play AH')"),
        (["play AH"], "invalid action: ['play AH'] (expected text such as 'play AH')"),
        ("", "invalid action: '' (expected WORDS)"),
        (
            "play ZZ",
            "invalid action: 'play ZZ': invalid card: 'ZZ' (expected rank 2-10, J, Q, K, A or "
            "T, then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')",
        ),
        ("bid x", "invalid action: 'bid x' (expected a whole number of tricks, e.g. 'bid 3')"),
    ],
)
def test_unreadable_actions(rules: Ruleset, action: object, message: str) -> None:
    """apply() of something that is not an action: ActionError, game unchanged."""
    message = message.replace("expected WORDS", rules.vocabulary.expected())  # the game's words
    for game in (rules.new_game(seed=7), to_play(rules.new_game(seed=7))):
        assert refusal_message(game, ActionError, game.apply, action) == message


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Bid(True), "invalid action: Bid(True) (expected a whole number of tricks)"),
        (
            lambda: Bid("3"),  # type: ignore[arg-type]
            "invalid action: Bid('3') (expected a whole number of tricks)",
        ),
        (
            lambda: Play("AH"),  # type: ignore[arg-type]
            "invalid action: Play('AH') (expected a Card, e.g. Card.parse('AH'))",
        ),
        (
            lambda: ChooseContract(1, "game"),  # type: ignore[arg-type]
            "invalid action: ChooseContract(1, 'game') "
            "(expected text such as ChooseContract('S', 'game'))",
        ),
    ],
)
def test_action_objects_with_fields_of_the_wrong_type(
    make: Callable[[], object], message: str
) -> None:
    """Action objects check their fields' types: an ActionError, not a later crash."""
    with pytest.raises(ActionError) as err:
        make()
    assert str(err.value) == message


def test_out_of_turn_action(game: Game) -> None:
    """CBS-2.4 / CBS-5.3: a call by a seat whose turn it is not is refused, citing CBS-2.4."""
    assert game.to_act == 3
    for seat in (0, 1, 2):
        message = refused_unchanged(game, "bid 3", IllegalAction, seat=seat)
        assert message == (
            f"illegal action 'bid 3' by seat {seat} ({'NESW'[seat]}): "
            "CBS-2.4: it is the turn of seat 3 (W)"
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
    assert (
        message
        == f"illegal action 'play {card}' by seat 1 (E): CBS-3.3: it is the turn of seat 3 (W)"
    )


def test_card_not_in_hand(strict: cardrules.Ruleset) -> None:
    """A card the player does not hold is refused with its name and the seat."""
    game = strict.new_game(seed=1, dealer=0)
    for _ in range(4):
        game.apply("bid 2")
    card = game.hand(0)[0]
    message = refused_unchanged(game, f"play {card}", IllegalAction)
    assert message == (
        f"illegal action 'play {card}' by seat 3 (W): {card.symbol()} is not in seat 3's hand (W)"
    )


@pytest.mark.parametrize("call", [0, 1, 14, 52, -3])
def test_bid_out_of_bounds(game: Game, call: int) -> None:
    """CBS-2.4: a call outside 2..13 is refused, naming the rule."""
    message = refused_unchanged(game, f"bid {call}", IllegalAction)
    assert message == (
        f"illegal action 'bid {call}' by seat 3 (W): "
        f"CBS-2.4: a call must be 2 to 13 tricks (got {call})"
    )


def test_card_in_the_auction(game: Game) -> None:
    """A card during the auction is refused: wrong phase (CBS-2.4)."""
    card = game.hand(3)[0]
    message = refused_unchanged(game, f"play {card}", IllegalAction)
    assert message == (
        f"illegal action 'play {card}' by seat 3 (W): "
        "CBS-2.4: the auction is on: make a call of 2 to 13 tricks (e.g. 'bid 2')"
    )


def test_call_during_play(game: Game) -> None:
    """A call after the auction is refused: wrong phase."""
    for _ in range(4):
        game.apply("bid 2")
    message = refused_unchanged(game, "bid 4", IllegalAction)
    assert message == (
        "illegal action 'bid 4' by seat 3 (W): the auction is over: play a card (e.g. 'play AH')"
    )


def test_contract_choice_in_call_break(game: Game) -> None:
    """A Minibridge contract choice is not an action of Call Break's auction."""
    message = refused_unchanged(game, "contract S game", IllegalAction)
    assert message == (
        "illegal action 'contract S game' by seat 3 (W): "
        "CBS-2.4: the auction is on: make a call of 2 to 13 tricks (e.g. 'bid 2')"
    )


@pytest.mark.parametrize("seat", [4, -1, "0", None])
def test_bad_seat_for_hand_and_view(game: Game, seat: object) -> None:
    """A seat outside 0..3 is a CardrulesError for hand() and view()."""
    for call in (game.hand, game.view):
        with pytest.raises(CardrulesError) as err:
            call(seat)  # type: ignore[arg-type]
        assert str(err.value) == f"invalid seat: {seat!r} (expected 0..3)"


@pytest.mark.parametrize("seat", [9, -1, "0", 1.0, True])
def test_bad_seats_everywhere(rules: Ruleset, seat: object) -> None:
    """view(), hand(), controller() and apply(seat=) refuse anything but a seat 0..3."""
    for game in (rules.new_game(seed=7), to_play(rules.new_game(seed=7))):
        for call in (game.view, game.hand, game.controller):
            message = refusal_message(game, CardrulesError, call, seat)
            assert message == f"invalid seat: {seat!r} {SEAT_HELP}"
        action = game.legal_actions()[0]
        message = refusal_message(game, IllegalAction, game.apply, action, seat=seat)
        assert message == f"illegal action '{action}': invalid seat: {seat!r} {SEAT_HELP}"


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


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": "x"}, "invalid seed: 'x' (expected an integer with |seed| < 2**64)"),
        ({"seed": 1.5}, "invalid seed: 1.5 (expected an integer with |seed| < 2**64)"),
        ({"seed": 7, "dealer": True}, "invalid dealer: True (expected a seat 0..3)"),
        ({"seed": 7, "dealer": "0"}, "invalid dealer: '0' (expected a seat 0..3)"),
    ],
)
def test_bad_new_game_settings(rules: Ruleset, kwargs: dict[str, object], message: str) -> None:
    """new_game with a mistyped seed or dealer is a CardrulesError naming the value."""
    with pytest.raises(CardrulesError) as err:
        rules.new_game(**kwargs)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_bad_preset_hands(rules: Ruleset) -> None:
    """Preset hands of 12 cards, or a card given twice, are CardErrors naming the seat."""
    hands = deck_hands()
    short = [h[:] for h in hands]
    short[1] = short[1][:12]
    with pytest.raises(CardError) as err:
        rules.new_game(seed=7, hands=short)
    assert str(err.value) == "invalid hands: seat 1 must hold 13 different cards (got 12)"
    twice = [h[:] for h in hands]
    twice[3][0] = twice[3][1]
    with pytest.raises(CardError) as err:
        rules.new_game(seed=7, hands=twice)
    assert str(err.value) == f"invalid hands: {twice[3][1]} given twice (seat 3)"
    across = [h[:] for h in hands]
    across[2][0] = across[0][0]
    with pytest.raises(CardError) as err:
        rules.new_game(seed=7, hands=across)
    assert str(err.value) == f"invalid hands: {across[0][0]} dealt twice (seat 2)"


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


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (
            lambda r: r.legal_cards("ZZ", []),
            CardError,
            "invalid card: 'ZZ' (expected rank 2-10, J, Q, K, A or T, then suit C, D, H, S "
            "or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')",
        ),
        (
            lambda r: r.legal_cards(None, []),
            CardError,
            "invalid cards: None (expected text such as 'AH 10S' or a list)",
        ),
        (
            lambda r: r.legal_cards(-1, []),
            CardError,
            "invalid hand: mask -1 (expected 0 <= mask < 2**52)",
        ),
        (
            lambda r: r.legal_cards(1 << 52, []),
            CardError,
            f"invalid hand: mask {1 << 52} (expected 0 <= mask < 2**52)",
        ),
        (
            lambda r: r.legal_cards("AH", 42),
            CardError,
            "invalid cards: 42 (expected text such as 'AH 10S' or a list)",
        ),
        (
            lambda r: r.legal_cards("AH", ["2C", "2C"]),
            CardError,
            "invalid trick: 2C appears twice",
        ),
        (
            lambda r: r.legal_cards("AH", [], trump=7),
            CardError,
            "invalid trump: 7 (expected a suit such as 'S', or None)",
        ),
        (
            lambda r: r.legal_cards("AH", [], first_trick="yes"),
            CardError,
            "invalid first_trick: 'yes' (expected True or False)",
        ),
        (
            lambda r: r.trick_winner(None),
            CardError,
            "invalid cards: None (expected text such as 'AH 10S' or a list)",
        ),
        (lambda r: r.trick_winner(["AH", "AH"]), CardError, "invalid trick: AH appears twice"),
        (
            lambda r: r.trick_winner(["AH", "2H", "3H", "4H", "5H"]),
            CardError,
            "invalid trick: 5 cards (at most 4)",
        ),
        (
            lambda r: r.trick_winner(["AH", "2S"], trump=9),
            CardError,
            "invalid trump: 9 (expected a suit such as 'S', or None)",
        ),
        (
            lambda r: r.explain("AH", [], None),
            CardError,
            "invalid card: None (expected text such as 'AH' or '10♥')",
        ),
    ],
)
def test_stateless_helpers_refuse_bad_input(
    rules: Ruleset, call: Callable[[Ruleset], object], kind: type[Exception], message: str
) -> None:
    """Malformed or mistyped input to the stateless helpers is a CardError, never a crash."""
    with pytest.raises(kind) as err:
        call(rules)
    assert isinstance(err.value, CardrulesError)
    assert str(err.value) == message


def test_score_deal_refuses_mistyped_numbers(rules: Ruleset) -> None:
    """score_deal with lists that are not lists, impossible tricks, or the keywords of
    another family's scorer, is a CardrulesError."""
    calls_scorer = rules.profile.auction_kind == "calls"
    wrong_family = (
        "invalid deal: give a contract, its declarer and the declaring side's tricks "
        "(score_deal(contract='contract S game', declarer=2, tricks=10))"
    )
    cases = [
        (
            {"calls": 5, "tricks": [4, 3, 3, 3]},
            "invalid deal: calls 5 must be a list of 4 numbers, one per seat",
        ),
        (
            {"calls": [3, 3, 3, 3], "tricks": None},
            "invalid deal: tricks None must be a list of 4 numbers, one per seat",
        ),
        (
            {"calls": [3, 3, 3, 3], "tricks": "4333"},
            "invalid deal: tricks '4333' must be a list of 4 numbers, one per seat",
        ),
    ]
    if not calls_scorer:
        cases = [(kwargs, wrong_family) for kwargs, _ in cases]
    cases.append(
        (
            {"contract": "contract S game", "declarer": 0, "tricks": 7.0},
            "invalid deal: give calls and tricks per seat "
            "(score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3]))"
            if calls_scorer
            else wrong_family,
        )
    )
    for kwargs, message in cases:
        with pytest.raises(CardrulesError) as err:
            rules.score_deal(**kwargs)  # type: ignore[arg-type]
        assert str(err.value) == message


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (lambda: Card.from_index(52), CardError, "invalid card index: 52 (expected 0..51)"),
        (lambda: Card.from_index(-1), CardError, "invalid card index: -1 (expected 0..51)"),
        (
            lambda: cardrules.Suit.parse(5),
            CardError,
            "invalid suit: 5 (expected text such as 'S' or '♠')",
        ),
        (
            lambda: cardrules.load("minibridge-ebu", deals=True),
            ProfileError,
            "invalid profile minibridge-ebu:\n  deals -> must be a whole number (got True)",
        ),
        (
            lambda: cardrules.load("minibridge-ebu", plugins=5),
            ProfileError,
            "invalid profile minibridge-ebu:\n  plugins must be a list of plugin objects (got 5)",
        ),
        (
            lambda: Game.from_json(
                cardrules.load("minibridge-ebu").new_game(seed=1).to_json(), rules="x"
            ),
            RecordError,
            "invalid rules: 'x' (expected a Ruleset from cardrules.load)",
        ),
    ],
)
def test_mistyped_arguments_to_public_helpers(
    call: Callable[[], object], kind: type[Exception], message: str
) -> None:
    """Card.from_index, Suit.parse, load(deals=, plugins=) and from_json(rules=) check types."""
    with pytest.raises(kind) as err:
        call()
    assert isinstance(err.value, CardrulesError)
    assert str(err.value) == message


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
    path = write(tmp_path, CHILD + "[auction]\nmin_call = 14\n")
    assert profile_error(path) == (
        f"invalid profile {path}:\n  auction.min_call -> must be <= 13 (got 14)"
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
        f"  unknown profile 'callbreak-strictt'; did you mean 'callbreak-strict'? "
        f"known profiles: {known}"
    )


@pytest.mark.parametrize("ref", [None, 42, 3.5, ["minibridge-ebu"]])
def test_load_of_a_non_name_is_a_profile_error(ref: object) -> None:
    """A profile reference that is neither text nor a path is a ProfileError, not a crash."""
    with pytest.raises(ProfileError) as err:
        cardrules.load(ref)  # type: ignore[arg-type]
    assert str(err.value) == (
        f"invalid profile {ref!r}:\n  expected a profile name or a path to a .toml file"
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
    assert str(err.value).endswith("\n  deals (CBS-5.1) -> must be 5 under these rules (got 7)")


def test_profile_error_lists_every_problem_with_file_key_and_expectation(tmp_path: Path) -> None:
    """ProfileError: the file, then one line per problem, all found at once."""
    path = tmp_path / "broken.toml"
    path.write_text(
        '[profile]\nname = "broken"\ntitle = "Broken"\nversion = "1"\nplugins = ["minibridge"]\n'
        'colour = "red"\n\n[table]\nplayers = 8\nsides = "partnership"\n\n'
        '[deal]\ndirection = "sideways"\ncutter = "right"\n\n[auction]\nkind = "points"\n\n'
        '[play]\ntrump = "contract"\n\n[scoring]\nkind = "minibridge"\n\n[game]\ndeals = 0\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n"
        "  profile.colour -> unknown key\n"
        "  table.players -> must be <= 7 (got 8)\n"
        "  deal.direction -> must be one of 'clockwise' or 'counterclockwise' (got 'sideways')\n"
        "  play.duties -> required key is missing\n"
        "  game.deals -> must be >= 1 (got 0)"
    )
    assert [key for key, _ in err.value.problems] == [
        "profile.colour",
        "table.players",
        "deal.direction",
        "play.duties",
        "game.deals",
    ]


def test_profile_error_lists_schema_and_name_problems_together(tmp_path: Path) -> None:
    """One ProfileError lists an unknown key and a misspelt duty, auction and scorer at once."""
    path = tmp_path / "misspelt.toml"
    path.write_text(
        '[profile]\nname = "misspelt"\ntitle = "Misspelt"\nversion = "1"\n'
        'plugins = ["minibridge"]\nextends = "minibridge-ebu"\ncolour = "red"\n\n'
        '[auction]\nkind = "pointz"\n\n[scoring]\nkind = "minibrige"\n\n'
        '[play]\nduties = [{ name = "follow_suitt", rule = "MB-4.3" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    duties = (
        "follow_suit, head_when_following, must_win, no_trump_lead_first_trick, "
        "overtrump_when_void, trump_to_win_when_void, trump_when_void"
    )
    assert str(err.value) == (
        f"invalid profile {path}:\n"
        "  profile.colour -> unknown key\n"
        f"  play.duties[0].name -> unknown duty 'follow_suitt'; known: {duties}\n"
        "  auction.kind -> unknown auction 'pointz'; known: calls, none, points\n"
        "  scoring.kind -> unknown scorer 'minibrige'; known: minibridge"
    )


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


@pytest.mark.parametrize("text", [None, 42, "", "[]", b"\xff"])
def test_record_that_is_not_a_record(text: object) -> None:
    """Anything but a record's JSON text is a RecordError."""
    with pytest.raises(RecordError):
        Game.from_json(text)  # type: ignore[arg-type]


def test_record_with_a_tampered_action(record: str) -> None:
    """An action changed to an illegal one is caught on replay, naming it and the rule."""
    text = tampered(record, lambda d: d["actions"].__setitem__(0, "bid 1"))  # type: ignore[attr-defined]
    assert record_error(text) == (
        "invalid record: 'actions'[0]: "
        "illegal action 'bid 1' by seat 1 (E): CBS-2.4: a call must be 2 to 13 tricks (got 1)"
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
        ("first_dealer", 9, "invalid record: 'first_dealer' must be a seat 0..6 (got 9)"),
    ],
)
def test_record_with_tampered_settings(record: str, key: str, value: object, message: str) -> None:
    """Tampered settings are RecordErrors naming the key and the value."""
    assert record_error(tampered(record, lambda d: d.__setitem__(key, value))) == message


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("seed", "7", "invalid record: 'seed' must be an integer (got '7')"),
        (
            "actions",
            "play AH",
            "invalid record: 'actions' must be a list of action texts (got 'play AH')",
        ),
        ("deals", True, "invalid record: 'deals' must be a whole number of deals (got True)"),
        (
            "profile_hash",
            5,
            "invalid record: 'profile_hash' must be 'sha256:' and 64 hex digits (got 5)",
        ),
        (
            "preset_hands",
            5,
            "invalid record: 'preset_hands' must be a list of hands or null (got 5)",
        ),
        (
            "actions",
            [42],
            "invalid record: 'actions'[0] must be an action text such as 'play AH' (got 42)",
        ),
    ],
)
def test_record_with_a_field_of_the_wrong_type(
    rules: Ruleset, key: str, value: object, message: str
) -> None:
    """A record with a wrong field type is a RecordError naming the field."""
    doc = json.loads(rules.new_game(seed=1).to_json())
    doc[key] = value
    with pytest.raises(RecordError) as err:
        Game.from_json(json.dumps(doc))
    assert str(err.value) == message


def test_record_with_a_deal_count_the_profile_refuses(record: str) -> None:
    """A record claiming a number of deals its profile does not allow is corrupt."""
    message = record_error(tampered(record, lambda d: d.__setitem__("deals", 7)))
    assert message.startswith("invalid record: profile 'callbreak-strict': invalid profile ")
    assert message.endswith("\n  deals (CBS-5.1) -> must be 5 under these rules (got 7)")


def test_record_of_another_profile(record: str, strict: cardrules.Ruleset) -> None:
    """A record made with another profile does not load under these rules."""
    text = tampered(record, lambda d: d.__setitem__("profile", "my-house"))
    with pytest.raises(RecordError) as err:
        Game.from_json(text, rules=strict)
    assert str(err.value) == (
        "invalid record: 'profile' is 'my-house', but the rules are 'callbreak-strict'"
    )
