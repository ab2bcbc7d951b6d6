"""Audit of the public API contract (DESIGN.md) for every shipped profile.

An outsider's view: only ``cardrules.profiles()``, ``cardrules.load()``,
``rules.new_game()``, the game's public attributes and the stateless helpers
are used.  Bad input of every kind and type must be a ``CardrulesError``
subclass with a whole, readable message, and must leave the game unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import (
    ActionError,
    Bid,
    Card,
    CardError,
    CardrulesError,
    ChooseContract,
    Game,
    IllegalAction,
    Play,
    ProfileError,
    RecordError,
    Ruleset,
)
from cardrules.profile.registry import profile_paths

PROFILES = ("callbreak-app", "callbreak-strict", "callbridge-classic", "minibridge-ebu")
SEAT_HELP = "(expected 0..3)"


@pytest.fixture(scope="module", params=PROFILES)
def rules(request: pytest.FixtureRequest) -> Ruleset:
    return cardrules.load(request.param)


def deck_hands() -> list[list[str]]:
    """A full deal by seat: seat s holds every card whose index is s modulo 4."""
    cards = [str(Card.from_index(i)) for i in range(52)]
    return [cards[s::4] for s in range(4)]


def to_play(game: Game) -> Game:
    """Take the first legal action until the game is in the play phase."""
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    return game


def refused(
    game: Game, kind: type[Exception], call: Callable[..., object], *args: object, **kw: object
) -> str:
    """Run a bad ``call(*args, **kw)``; return its message after checking nothing changed."""
    before = game.to_json()
    with pytest.raises(kind) as err:
        call(*args, **kw)
    assert isinstance(err.value, CardrulesError)
    assert game.to_json() == before
    return str(err.value)


# -- profiles and loading --------------------------------------------------------


def test_profiles_sorted_and_every_one_loads_by_name_and_by_path() -> None:
    """profiles() is sorted; load() takes a name, a path string or a Path."""
    names = cardrules.profiles()
    assert names == sorted(names)
    assert set(PROFILES) <= set(names)
    for name in PROFILES:
        path = profile_paths()[name]
        assert cardrules.load(name).name == name
        assert cardrules.load(str(path)).name == name
        assert cardrules.load(Path(path)).name == name


@pytest.mark.parametrize("ref", [None, 42, 3.5, ["minibridge-ebu"]])
def test_load_of_a_non_name_is_a_profile_error(ref: object) -> None:
    """A profile reference that is neither text nor a path is a ProfileError, not a crash."""
    with pytest.raises(ProfileError) as err:
        cardrules.load(ref)  # type: ignore[arg-type]
    assert str(err.value) == (
        f"invalid profile {ref!r}:\n  expected a profile name or a path to a .toml file"
    )


def test_unknown_profile_name_lists_the_known_ones() -> None:
    """An unknown name lists every installed profile."""
    with pytest.raises(ProfileError) as err:
        cardrules.load("minibridge")
    assert str(err.value) == (
        "invalid profile minibridge:\n  unknown profile 'minibridge'; known profiles: "
        + ", ".join(cardrules.profiles())
    )


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
        "  auction.kind -> unknown auction 'pointz'; known: calls, points\n"
        "  scoring.kind -> unknown scorer 'minibrige'; known: minibridge"
    )


# -- new_game, dealer, deal number, controller --------------------------------------


def test_new_game_with_preset_hands(rules: Ruleset) -> None:
    """new_game(seed=7, dealer=0, hands=...) deals exactly those hands; deal_number is 1."""
    hands = deck_hands()
    game = rules.new_game(seed=7, dealer=0, hands=hands)
    if game.throw_ins:  # a profile may throw this deal in (20-20, no spade ...)
        assert game.deal_number == 1 and game.dealer == 0
        return
    assert [[str(c) for c in game.hand(s)] for s in range(4)] == [
        [str(c) for c in sorted(Card.parse(c) for c in h)] for h in hands
    ]
    assert (game.dealer, game.deal_number, game.phase) == (0, 1, "auction")
    assert game.to_act is not None


def test_dealer_and_deal_number_follow_the_deals(rules: Ruleset) -> None:
    """game.dealer is the current dealer and game.deal_number counts deals from 1."""
    game = rules.new_game(seed=7, dealer=2)
    seen = [(game.deal_number, game.dealer)]
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
        if seen[-1][0] != game.deal_number:
            seen.append((game.deal_number, game.dealer))
    step = rules.direction.step
    assert seen == [(n + 1, (2 + n * step) % 4) for n in range(len(game.deals))]
    assert len(game.deals) == rules.deals == game.deal_number


def test_controller_is_the_seat_itself_outside_dummy(rules: Ruleset) -> None:
    """game.controller(seat): each seat decides for itself, except dummy (declarer decides)."""
    game = to_play(rules.new_game(seed=3))
    contract = game.contract
    assert contract is not None
    declarer = getattr(contract, "declarer", None)  # Minibridge's contract: declarer plays dummy
    for seat in range(4):
        expected = declarer if seat == getattr(contract, "dummy", None) else seat
        assert game.controller(seat) == expected


# -- actions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["bid 3", "play AH", "play 10S", "contract S game", "contract NT partscore"]
)
def test_action_texts_round_trip(text: str) -> None:
    """str(action) is 'bid 3', 'play AH', 'contract S game', 'contract NT partscore'."""
    assert str(cardrules.parse_action(text)) == text


def test_action_objects_print_as_their_text() -> None:
    """Action objects made directly print the same texts."""
    assert str(Bid(3)) == "bid 3"
    assert str(Play(Card.parse("AH"))) == "play AH"
    assert str(ChooseContract("S", "game")) == "contract S game"
    assert str(ChooseContract("NT", "partscore")) == "contract NT partscore"


def test_apply_takes_texts_and_objects_alike(rules: Ruleset) -> None:
    """apply('play AH') and apply(Play(...)) make the same game."""
    by_text = rules.new_game(seed=5)
    by_object = rules.new_game(seed=5)
    for _ in range(30):
        action = by_object.legal_actions()[0]
        by_text.apply(str(action))
        by_object.apply(action)
    assert by_text.to_json() == by_object.to_json()


def test_illegal_card_names_the_rule_and_changes_nothing(rules: Ruleset) -> None:
    """An illegal card raises IllegalAction naming the profile's rule id; the game is unchanged."""
    game = to_play(rules.new_game(seed=11))
    duty_rules = {duty.rule for duty in rules.duties}
    while game.phase != "finished":
        seat = game.to_act
        assert seat is not None
        legal = {a.card for a in game.legal_actions() if isinstance(a, Play)}
        illegal = [c for c in game.hand(seat) if c not in legal]
        if illegal:
            card = illegal[0]
            message = refused(game, IllegalAction, game.apply, Play(card))
            with pytest.raises(IllegalAction) as err:
                game.apply(f"play {card}")
            assert err.value.rule in duty_rules
            assert message == (
                f"illegal action 'play {card}' by seat {seat}: {err.value.rule}: {err.value.reason}"
            )
            return
        game.apply(game.legal_actions()[0])
    pytest.fail("no illegal card came up in a whole game")


# -- records --------------------------------------------------------------------------


def test_json_round_trip_is_exact_at_every_stage(rules: Ruleset) -> None:
    """to_json() / Game.from_json() round trip exactly: fresh, mid-deal, between deals, finished."""
    game = rules.new_game(seed=13)
    checkpoints = {0, 1, 7, 30, 60, 120}
    step = 0
    while True:
        if step in checkpoints or game.phase == "finished":
            text = game.to_json()
            copy = Game.from_json(text)
            assert copy.to_json() == text
            assert [copy.view(s).to_dict() for s in range(4)] == [
                game.view(s).to_dict() for s in range(4)
            ]
        if game.phase == "finished":
            break
        game.apply(game.legal_actions()[0])
        step += 1
    assert all(isinstance(v, Decimal) for v in game.totals.values())


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


@pytest.mark.parametrize("text", [None, 42, "", "[]", b"\xff"])
def test_record_that_is_not_a_record(text: object) -> None:
    """Anything but a record's JSON text is a RecordError."""
    with pytest.raises(RecordError):
        Game.from_json(text)  # type: ignore[arg-type]


# -- cards ------------------------------------------------------------------------------


def test_card_texts() -> None:
    """Card text: 'AH', '10H', 'TH', 'A♥' all parse; str() is ASCII."""
    assert Card.parse("AH") == Card.parse("A♥") == Card.parse("ah")
    assert Card.parse("10H") == Card.parse("TH") == Card.parse("10♥")
    assert str(Card.parse("A♥")) == "AH" and str(Card.parse("TH")) == "10H"
    assert all(str(Card.from_index(i)).isascii() for i in range(52))


# -- stateless helpers ------------------------------------------------------------------


def test_trump_defaults_to_the_profile_and_none_means_no_trump(rules: Ruleset) -> None:
    """trump= defaults to the profile's fixed trump (spades in Call Break); None is no-trump."""
    trick = ["AH", "2S", "KH", "3H"]
    fixed = rules.profile.trump in ("C", "D", "H", "S")
    assert rules.trick_winner(trick) == (1 if fixed else 0)
    assert rules.trick_winner(trick, trump=None) == 0
    assert rules.trick_winner(trick, trump="S") == 1
    assert rules.trick_winner(trick, trump=cardrules.Suit.S) == 1
    assert rules.trick_winner(trick, trump="NT") == 0


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


def test_call_break_tricks_cannot_exceed_thirteen() -> None:
    """A deal has 13 tricks: more is refused, not scored."""
    with pytest.raises(CardrulesError) as err:
        cardrules.load("callbreak-strict").score_deal(calls=[3, 3, 3, 3], tricks=[13, 13, 0, 0])
    assert str(err.value) == (
        "invalid deal: tricks [13, 13, 0, 0] add up to 26, not the 13 tricks of a deal"
    )


# -- bad input to a game: always a CardrulesError, never a change -----------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (None, "invalid action: None (expected text such as 'play AH')"),
        (42, "invalid action: 42 (expected text such as 'play AH')"),
        (b"play AH", "invalid action: b'play AH' (expected text such as 'play AH')"),
        (["play AH"], "invalid action: ['play AH'] (expected text such as 'play AH')"),
        ("", "invalid action: '' (expected 'bid N', 'play CARD' or 'contract STRAIN GOAL')"),
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
    for game in (rules.new_game(seed=7), to_play(rules.new_game(seed=7))):
        assert refused(game, ActionError, game.apply, action) == message


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


@pytest.mark.parametrize("seat", [9, -1, "0", 1.0, True])
def test_bad_seats_everywhere(rules: Ruleset, seat: object) -> None:
    """view(), hand(), controller() and apply(seat=) refuse anything but a seat 0..3."""
    for game in (rules.new_game(seed=7), to_play(rules.new_game(seed=7))):
        for call in (game.view, game.hand, game.controller):
            message = refused(game, CardrulesError, call, seat)
            assert message == f"invalid seat: {seat!r} {SEAT_HELP}"
        action = game.legal_actions()[0]
        message = refused(game, IllegalAction, game.apply, action, seat=seat)
        assert message == f"illegal action '{action}': invalid seat: {seat!r} {SEAT_HELP}"


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


def test_nothing_is_legal_after_the_end(rules: Ruleset) -> None:
    """A finished game offers no action and refuses any, unchanged."""
    game = rules.new_game(seed=2)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert game.to_act is None and game.legal_actions() == []
    message = refused(game, IllegalAction, game.apply, "play AH")
    assert message == "illegal action 'play AH': the game is over"


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
            "invalid profile minibridge-ebu:\n  game.deals -> must be a whole number (got True)",
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


JUNK = st.one_of(
    st.none(),
    st.integers(-5, 60),
    st.floats(allow_nan=False),
    st.booleans(),
    st.text(max_size=12),
    st.builds(
        lambda c: f"play {c}",
        st.sampled_from([*(str(Card.from_index(i)) for i in range(52)), "1H", "ZZ"]),
    ),
    st.builds(lambda n: f"bid {n}", st.integers(-2, 15)),
    st.builds(
        lambda s, g: f"contract {s} {g}",
        st.sampled_from(["C", "D", "H", "S", "NT", "X"]),
        st.sampled_from(["partscore", "game", "slam"]),
    ),
)


@given(
    profile=st.sampled_from(PROFILES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    junk=JUNK,
    seat=st.one_of(st.none(), st.integers(-1, 4)),
)
@settings(max_examples=80, deadline=None)
def test_any_input_is_applied_or_refused_unchanged(
    profile: str, seed: int, steps: int, junk: object, seat: int | None
) -> None:
    """Whatever is passed to apply(), the game either takes it legally or raises a
    CardrulesError and stays exactly as it was."""
    game = cardrules.load(profile).new_game(seed=seed)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    before = game.to_json()
    legal = {str(a) for a in game.legal_actions()}
    controller = None if game.to_act is None else game.controller(game.to_act)
    try:
        game.apply(junk, seat=seat)  # type: ignore[arg-type]
    except CardrulesError:
        assert game.to_json() == before
    else:
        assert str(cardrules.parse_action(junk)) in legal  # type: ignore[arg-type]
        assert seat in (None, controller)
