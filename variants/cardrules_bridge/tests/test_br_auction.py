"""BR-2.1 .. BR-2.9, BR-1.2 / BR-1.4 / D-2 (the board of each deal), D-3 and D-7: the
bridge auction, its refusals, its texts, and the rule bot's bidding system."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import ActionError, Game, IllegalAction
from cardrules.cards import mask_of, parse_cards
from cardrules.rules.actions import Bid
from cardrules.rules.reading import parse_action
from cardrules_bridge import (
    BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    BridgeBid,
    BridgeContract,
    Double,
    PassedOut,
    Redouble,
    choose_call,
    dealer_of,
    new_session,
    parse_call,
    vulnerability,
)
from helpers import refused

BR = "bridge-duplicate"


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(BR)


def auction(rules: cardrules.Ruleset, *calls: str, dealer: int = 0, seed: int = 1) -> Game:
    """A game of board 1 (or the board ``dealer`` deals first) after ``calls`` from the dealer."""
    game = rules.new_game(seed, dealer=dealer)
    for call in calls:
        game.apply(call)
    return game


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# ---------------------------------------------------------------------------
# BR-2.1 order of calling


@pytest.mark.parametrize("dealer", range(4))
def test_br_2_1_the_dealer_calls_first_then_clockwise(
    rules: cardrules.Ruleset, dealer: int
) -> None:
    """BR-2.1: the auction starts with the dealer and goes clockwise, one call a turn (board
    ``dealer`` + 1 is dealt by ``dealer``, BR-1.2)."""
    game = cardrules.load(BR, first_board=dealer + 1).new_game(3, dealer=dealer)
    seen = []
    for call in ("pass", "1C", "pass", "1H", "pass"):
        seen.append(game.to_act)
        game.apply(call)
    assert seen == [(dealer + i) % 4 for i in range(5)]
    assert [seat for seat, _ in game.auction.public()["calls"]] == seen


def test_br_2_1_a_call_out_of_turn_is_refused(rules: cardrules.Ruleset) -> None:
    """BR-2.1 / D-3: a call by a seat whose turn it is not is refused, nothing changes."""
    game = auction(rules, "pass")
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("1H", seat=3)
    assert (
        str(err.value) == "illegal action '1H' by seat 3 (W): BR-2.1: it is the turn of seat 1 (E)"
    )
    assert game.to_json() == before


# ---------------------------------------------------------------------------
# BR-2.2 the calls, their rank


def test_br_2_2_the_first_call_may_be_a_pass_or_any_bid_in_rank_order(
    rules: cardrules.Ruleset,
) -> None:
    """BR-2.2: pass, then the 35 bids from 1♣ to 7NT, clubs lowest and no-trump highest at
    every level (OpenSpiel's order and number: 36 calls, no double, no redouble)."""
    game = auction(rules)
    legal = game.legal_actions()
    assert len(legal) == 36 and legal[0] == PASS
    assert [str(b) for b in legal[1:6]] == ["1C", "1D", "1H", "1S", "1NT"]
    assert [str(b) for b in legal[-5:]] == ["7C", "7D", "7H", "7S", "7NT"]
    bids = [b for b in legal if isinstance(b, BridgeBid)]
    assert bids == sorted(bids) == list(BIDS)
    assert [b.rank for b in bids] == list(range(35))


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("1H", BridgeBid(1, "H")),
        ("1h", BridgeBid(1, "H")),
        ("1♥", BridgeBid(1, "H")),
        ("bid 1H", BridgeBid(1, "H")),
        ("1N", BridgeBid(1, "NT")),
        ("1nt", BridgeBid(1, "NT")),
        ("3NT", BridgeBid(3, "NT")),
        ("7 S", BridgeBid(7, "S")),
        ("pass", PASS),
        ("p", PASS),
        ("P", PASS),
        ("double", DOUBLE),
        ("x", DOUBLE),
        ("dbl", DOUBLE),
        ("redouble", REDOUBLE),
        ("xx", REDOUBLE),
        ("rdbl", REDOUBLE),
    ],
)
def test_br_2_2_calls_as_players_write_them(
    rules: cardrules.Ruleset, text: str, call: object
) -> None:
    """BR-2.2: a bid as a level and a strain (``1H``, ``1N``, ``1♥``, ``bid 1H``), pass as
    ``p``, double as ``x`` or ``dbl``, redouble as ``xx`` or ``rdbl``: in a bridge game each
    reads as the call, whatever other family reads the same text."""
    game = auction(rules)
    kinds = frozenset(type(a) for a in game.legal_actions()) | {Double, Redouble}
    assert parse_action(text, prefer=kinds) == call
    assert parse_call(text) == call


def test_br_2_2_the_text_of_each_call_reads_back(rules: cardrules.Ruleset) -> None:
    """BR-2.2: a call's text (``4S``, ``pass``, ``double``, ``redouble``) is what the record
    keeps, and reads back as the same call."""
    game = auction(rules, "1H", "double", "redouble", "pass", "pass", "4S")
    assert game.actions == ["1H", "double", "redouble", "pass", "pass", "4S"]
    for call in (*BIDS, PASS, DOUBLE, REDOUBLE):
        assert parse_call(str(call)) == call


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8S", "invalid action: '8S' (a bid is a level 1 to 7 and a strain C, D, H, S or NT: "
         "1C .. 7NT)"),
        ("bid 9NT", "invalid action: 'bid 9NT' (a bid is a level 1 to 7 and a strain C, D, H, "
         "S or NT: 1C .. 7NT)"),
        ("bid", "invalid action: 'bid' (a bid is a level 1 to 7 and a strain C, D, H, S or NT: "
         "1C .. 7NT, e.g. 'bid 1H' or '1H')"),
        ("double 2", "invalid action: 'double 2' (expected 'double' alone)"),
    ],
)  # fmt: skip
def test_br_2_2_what_is_no_call_is_not_read(
    rules: cardrules.Ruleset, text: str, message: str
) -> None:
    """BR-2.2: a level outside 1..7, or words after a call, are no call: refused unread."""
    game = auction(rules)
    before = game.to_json()
    with pytest.raises(ActionError) as err:
        game.apply(text)
    assert str(err.value) == message
    assert game.to_json() == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("bid 3", "a bid names a level 1 to 7 and a strain C, D, H, S or NT (e.g. '1H' or "
         "'3NT') (got a call of tricks)"),
        ("play AS", "the auction is on: make a call (a bid 1C .. 7NT, 'pass', 'double' or "
         "'redouble'); the play follows it"),
        ("contract S game", "the auction is on: make a call (a bid 1C .. 7NT, 'pass', "
         "'double' or 'redouble')"),
    ],
)  # fmt: skip
def test_br_2_2_an_action_of_another_kind_is_refused(
    rules: cardrules.Ruleset, action: str, message: str
) -> None:
    """BR-2.2 / D-3: a call of tricks, a card or another family's action is no bridge call."""
    err = refused(auction(rules), action)
    assert err.rule == "BR-2.2"
    assert str(err) == f"illegal action {action!r} by seat 0 (N): BR-2.2: {message}"


# ---------------------------------------------------------------------------
# BR-2.3 sufficiency


@pytest.mark.parametrize(
    ("calls", "bid", "why"),
    [
        (["1NT"], "1S", "1S ranks below the last bid, 1NT (bid 2C or higher, or pass)"),
        (["1NT"], "1NT", "1NT is the last bid (bid 2C or higher, or pass)"),
        (["2H", "pass"], "2D", "2D ranks below the last bid, 2H (bid 2S or higher, or pass)"),
        (["2H", "pass"], "1S", "1S ranks below the last bid, 2H (bid 2S or higher, or pass)"),
        (["3C", "double"], "2NT", "2NT ranks below the last bid, 3C (bid 3D or higher, or pass)"),
        (["7S"], "7H", "7H ranks below the last bid, 7S (bid 7NT or higher, or pass)"),
        (["7S", "pass"], "7S", "7S is the last bid (bid 7NT or higher, or pass)"),
    ],
)
def test_br_2_3_an_insufficient_bid_is_refused(
    rules: cardrules.Ruleset, calls: list[str], bid: str, why: str
) -> None:
    """BR-2.3 / D-3: a bid that does not outrank the last bid is refused, citing BR-2.3,
    and the game is left as it was (no rectification)."""
    game = auction(rules, *calls)
    seat = game.to_act
    err = refused(game, bid)
    assert err.rule == "BR-2.3"
    assert str(err) == (
        f"illegal action {bid!r} by seat {seat} ({'NESW'[seat or 0]}): BR-2.3: "
        f"insufficient bid: {why}"
    )
    assert not game.is_legal(bid)


def test_br_2_3_no_bid_after_7nt(rules: cardrules.Ruleset) -> None:
    """BR-2.3: 7NT is the highest bid: after it only a pass, a double or a redouble is
    offered, and the auction refuses any bid."""
    game = auction(rules, "7NT")
    assert texts(game) == ["pass", "double"]
    state = game.auction
    with pytest.raises(IllegalAction) as err:
        state.apply(1, BridgeBid(7, "C"))
    assert str(err.value) == (
        "illegal action '7C' by seat 1 (E): BR-2.3: insufficient bid: 7C ranks below the last "
        "bid, 7NT (7NT is the highest bid)"
    )
    assert state.public()["calls"] == [[0, "7NT"]]


def test_br_2_3_every_higher_bid_and_a_pass_stay_legal(rules: cardrules.Ruleset) -> None:
    """BR-2.3: after 2H every bid from 2S up is legal, and a pass at any turn."""
    game = auction(rules, "2H")
    legal = texts(game)
    assert legal[0] == "pass" and "double" in legal
    assert legal[2:] == [str(b) for b in BIDS[BIDS.index(BridgeBid(2, "S")) :]]
    assert game.is_legal("2S") and game.is_legal("p") and not game.is_legal("2H")


# ---------------------------------------------------------------------------
# BR-2.4 double, BR-2.5 redouble


@pytest.mark.parametrize(
    ("calls", "why"),
    [
        ([], "there is no bid to double"),
        (["pass", "pass"], "there is no bid to double"),
        (["1H", "pass"], "only an opponent's bid may be doubled (1H by N is your side's)"),
        (["pass", "1H", "pass"], "only an opponent's bid may be doubled (1H by E is your "
         "side's)"),
        (["1H", "double", "pass"], "1H by N is doubled already"),
        (["1H", "double", "redouble"], "1H by N is redoubled: it may no longer be doubled"),
    ],
)  # fmt: skip
def test_br_2_4_a_double_where_the_laws_allow_none_is_refused(
    rules: cardrules.Ruleset, calls: list[str], why: str
) -> None:
    """BR-2.4: no double of nothing, of one's own side's bid, of a bid already doubled or
    redoubled; the double is not offered and is refused citing BR-2.4."""
    game = auction(rules, *calls)
    seat = game.to_act
    assert "double" not in texts(game)
    for text in ("double", "x", "dbl"):
        err = refused(game, text)
        assert err.rule == "BR-2.4"
        assert (
            str(err)
            == f"illegal action 'double' by seat {seat} ({'NESW'[seat or 0]}): BR-2.4: {why}"
        )


@pytest.mark.parametrize(
    "calls",
    [["1H"], ["1H", "pass", "pass"], ["1H", "double", "2C"], ["1H", "double", "redouble", "1S"]],
)
def test_br_2_4_an_opponents_last_bid_may_be_doubled(
    rules: cardrules.Ruleset, calls: list[str]
) -> None:
    """BR-2.4: the last bid, an opponent's, with only passes since it (a later bid makes a
    fresh one to double), may be doubled."""
    game = auction(rules, *calls)
    assert "double" in texts(game) and game.is_legal("x")
    game.apply("x")
    assert game.auction.public()["calls"][-1] == [len(calls) % 4, "double"]


@pytest.mark.parametrize(
    ("calls", "why"),
    [
        ([], "there is no bid, and no double, to redouble"),
        (["1H", "pass"], "1H by N has not been doubled: there is no double to redouble"),
        (["1H", "double", "redouble", "pass"], "1H by N is redoubled already"),
        (["1H", "double", "pass"], "only the side whose bid was doubled may redouble (1H by N "
         "is the opponents')"),
        (["1H", "double", "2C", "double", "pass"], "only the side whose bid was doubled may "
         "redouble (2C by S is the opponents')"),
    ],
)  # fmt: skip
def test_br_2_5_a_redouble_where_the_laws_allow_none_is_refused(
    rules: cardrules.Ruleset, calls: list[str], why: str
) -> None:
    """BR-2.5: no redouble without a double, of a redoubled bid, or by the side that
    doubled; refused citing BR-2.5."""
    game = auction(rules, *calls)
    seat = game.to_act
    assert "redouble" not in texts(game)
    for text in ("redouble", "xx", "rdbl"):
        err = refused(game, text)
        assert err.rule == "BR-2.5"
        assert str(err) == (
            f"illegal action 'redouble' by seat {seat} ({'NESW'[seat or 0]}): BR-2.5: {why}"
        )


@pytest.mark.parametrize("calls", [["1H", "double"], ["1H", "double", "pass", "pass"]])
def test_br_2_5_the_doubled_side_may_redouble(rules: cardrules.Ruleset, calls: list[str]) -> None:
    """BR-2.5: the side whose bid was doubled by an opponent may redouble, with only passes
    since the double; double and redouble are never both offered."""
    game = auction(rules, *calls)
    legal = texts(game)
    assert "redouble" in legal and "double" not in legal
    game.apply("xx")
    game.apply("p")
    game.apply("p")
    game.apply("p")
    contract = game.contract
    assert isinstance(contract, BridgeContract)
    assert (contract.contract_text, contract.declarer) == ("1HXX", 0)


# ---------------------------------------------------------------------------
# BR-2.6 .. BR-2.9 the end of the auction and the contract


def test_br_2_4_2_5_double_and_redouble_are_offered_exactly_when_the_laws_allow_them(
    rules: cardrules.Ruleset,
) -> None:
    """Over random auctions, at every call: ``double`` is among the legal actions exactly
    when the double would be accepted (BR-2.4), ``redouble`` exactly when the redouble
    would (BR-2.5), as a refusal citing the rule shows otherwise."""
    rng = random.Random(24)
    offered = {"double": 0, "redouble": 0}
    for seed in range(300):
        game = rules.new_game(seed)
        while game.phase == "auction":
            legal = game.legal_actions()
            for call, rule in ((DOUBLE, "BR-2.4"), (REDOUBLE, "BR-2.5")):
                if call in legal:
                    offered[str(call)] += 1
                    continue
                with pytest.raises(IllegalAction) as why:
                    game.apply(call)
                assert why.value.rule == rule
            weights = [8 if a in (DOUBLE, REDOUBLE) else 1 for a in legal]
            game.apply(rng.choices(legal, weights)[0] if rng.random() < 0.7 else PASS)
    assert offered["double"] > 50 and offered["redouble"] > 10, offered


def test_br_2_6_a_later_bid_cancels_the_double(rules: cardrules.Ruleset) -> None:
    """BR-2.6: 1H doubled, then 2C: the contract 2C is undoubled."""
    game = auction(rules, "1H", "double", "2C", "pass", "pass", "pass")
    assert isinstance(game.contract, BridgeContract)
    assert (game.contract.contract_text, game.contract.doubled, game.contract.declarer) == (
        "2C",
        0,
        2,
    )


@pytest.mark.parametrize(
    ("calls", "contract"),
    [
        (["1C", "pass", "pass", "pass"], "1C"),
        (["pass", "pass", "1S", "pass", "pass", "pass"], "1S"),
        (["1H", "double", "pass", "pass", "pass"], "1HX"),
        (["1H", "double", "redouble", "pass", "pass", "pass"], "1HXX"),
    ],
)
def test_br_2_7_three_passes_after_a_call_end_the_auction(
    rules: cardrules.Ruleset, calls: list[str], contract: str
) -> None:
    """BR-2.7: once a bid is made, three passes in a row after a bid, double or redouble
    end the auction; two do not."""
    game = auction(rules, *calls[:-1])
    assert game.phase == "auction"
    game.apply(calls[-1])
    assert game.phase == "play"
    assert isinstance(game.contract, BridgeContract)
    assert game.contract.contract_text == contract
    assert game.auction.public()["contract"] == contract


def test_br_2_8_four_passes_pass_the_board_out(rules: cardrules.Ruleset) -> None:
    """BR-2.8 / BR-5.7: four passes at the start: no contract, no play, 0 to each side, and
    the next board is dealt by the next dealer."""
    game = auction(rules, "pass", "pass", "pass")
    assert game.phase == "auction" and game.deal_number == 1
    game.apply("p")
    assert (game.deal_number, game.dealer, game.phase, game.to_act) == (2, 1, "auction", 1)
    board = game.deals[0]
    assert isinstance(board.contract, PassedOut)
    assert not board.contract.needs_play()
    assert board.tricks == (0, 0, 0, 0)
    assert board.scores == {"NS": 0, "EW": 0}
    assert board.contract.to_dict() == {
        "trump": None,
        "leader": 0,
        "contract": "Pass",
        "passed_out": True,
        "board": 1,
    }


@pytest.mark.parametrize(
    ("calls", "declarer"),
    [
        (["1H", "pass", "4H", "pass", "pass", "pass"], 0),  # N named hearts first
        (["1C", "pass", "1H", "pass", "4H", "pass", "pass", "pass"], 2),  # S named hearts first
        (["pass", "1H", "2H", "pass", "4H", "pass", "pass", "pass"], 2),  # E's 1H: other side
        (["1NT", "pass", "3NT", "pass", "pass", "pass"], 0),
        (["1S", "2H", "pass", "4H", "4S", "pass", "pass", "double", "pass", "pass", "pass"], 0),
    ],
)
def test_br_2_9_declarer_first_named_the_final_strain(
    rules: cardrules.Ruleset, calls: list[str], declarer: int
) -> None:
    """BR-2.9: declarer is the player of the final side who first named the final strain,
    at any level (N bids 1H, S bids 4H: N declares); dummy is declarer's partner."""
    game = auction(rules, *calls)
    contract = game.contract
    assert isinstance(contract, BridgeContract)
    assert (contract.declarer, contract.dummy) == (declarer, (declarer + 2) % 4)
    assert game.auction.public()["declarer"] == declarer


# ---------------------------------------------------------------------------
# BR-1.2 / BR-1.4 / D-2: the board of each deal


def test_br_1_4_d_2_the_board_is_the_deals_number_from_the_first_board(
    rules: cardrules.Ruleset,
) -> None:
    """BR-1.4 / D-2: deal n of a game is board ``first_board`` + n - 1; the auction shows
    the board, its dealer and its vulnerability (BR-1.2)."""
    game = rules.new_game(5)
    for board in range(1, 6):
        public = game.auction.public()
        ns, ew = vulnerability(board)
        vul = {(False, False): "None", (True, False): "NS", (False, True): "EW"}.get(
            (ns, ew), "All"
        )
        assert (public["board"], public["dealer"], public["vulnerable"]) == (
            board,
            dealer_of(board),
            vul,
        )
        for _ in range(4):
            game.apply("pass")
    later = new_session(cardrules.load(BR, first_board=10), 5)
    assert later.auction.public()["board"] == 10
    assert later.dealer == dealer_of(10) == 1
    assert later.auction.public()["vulnerable"] == "All"


def test_br_1_2_d_2_a_dealer_against_the_board_is_refused_naming_both() -> None:
    """BR-1.2 / D-2: North deals board 1 (Law 2), so new_game(dealer=2) of a session from
    board 1 is refused, naming the board, its dealer and the seat given; board 1's own
    dealer is accepted, and a game without a dealer starts with the first board's."""
    rules = cardrules.load(BR, first_board=1)
    with pytest.raises(cardrules.CardrulesError) as err:
        rules.new_game(seed=1, dealer=2)
    assert str(err.value) == (
        "invalid dealer: seat 2 (S), but board 1 is dealt by seat 0 (N) (BR-1.2): give "
        "dealer=0 or leave it out"
    )
    assert rules.new_game(seed=1, dealer=0).dealer == 0
    sixth = cardrules.load(BR, first_board=6)
    with pytest.raises(cardrules.CardrulesError) as err:
        sixth.new_game(seed=1, dealer=0)
    assert str(err.value) == (
        "invalid dealer: seat 0 (N), but board 6 is dealt by seat 1 (E) (BR-1.2): give "
        "dealer=1 or leave it out"
    )
    for game in (sixth.new_game(seed=1, dealer=1), sixth.new_game(seed=1)):
        assert (game.dealer, game.to_act) == (1, 1)
        assert game.auction.public()["board"] == 6
    # a dealer that is no seat is refused as before, whatever the board
    with pytest.raises(cardrules.CardrulesError) as err:
        rules.new_game(seed=1, dealer=True)
    assert str(err.value) == "invalid dealer: True (expected a seat 0..3)"


def test_br_1_2_d_2_every_board_of_a_session_is_dealt_by_its_dealer() -> None:
    """BR-1.2 / D-2: from the first board's dealer the deal passes clockwise, so each board
    of a session that starts at board 3 is dealt by that board's own dealer."""
    game = cardrules.load(BR, first_board=3, deals=6).new_game(seed=2)
    for board in range(3, 9):
        assert (game.auction.public()["board"], game.dealer) == (board, dealer_of(board))
        for _ in range(4):
            game.apply("pass")
    assert game.phase == "finished"


def test_br_1_4_first_board_must_be_a_board_number() -> None:
    """BR-1.4: the first board is a board number, 1 to 1,000,000."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(BR, first_board=0)
    assert "option 'first_board' (BR-1.4) -> must be from 1 to 1000000 (got 0)" in str(err.value)


def test_br_2_1_d_4_every_call_is_public_with_its_seat(rules: cardrules.Ruleset) -> None:
    """D-4: every seat sees the same calls, in order, with the seat that made each; no hand
    but one's own is seen during the auction."""
    game = auction(rules, "1H", "x", "xx", "2C", dealer=0)
    views = [game.view(s) for s in range(4)]
    expected = [[0, "1H"], [1, "double"], [2, "redouble"], [3, "2C"]]
    assert all(v.auction["calls"] == expected for v in views)
    assert all(v.auction["bidding"] == "N 1H, E double, S redouble, W 2C" for v in views)
    assert all(sorted(v.hands) == [v.seat] for v in views)


# ---------------------------------------------------------------------------
# D-7: the rule bot's bidding system


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


#: 16 points balanced; 14 points with five hearts; 8 points with three hearts; 3 points.
STRONG_NT = "AS KS 5S 4S AH 3H 2H KD 4D 3D QC 4C 3C"
FIVE_HEARTS = "AS 5S 4S AH KH 9H 5H 2H KD 4D 3D 4C 3C"
THREE_HEARTS = "KS 5S QH 7H 2H QD 9D 4D 3D JC 8C 4C 3C"
WEAK = "JS 5S 4S 8H 7H 2H QD 9D 4D 3D 8C 4C 3C"


@pytest.mark.parametrize(
    ("cards", "calls", "expected"),
    [
        (STRONG_NT, [], "1NT"),  # opening: 15-17 balanced
        (FIVE_HEARTS, [], "1H"),  # 12+: the longest suit
        (WEAK, [], "pass"),
        (THREE_HEARTS, [(0, "1H"), (1, "pass")], "2H"),  # seat 2: raise with 3 and 6-9
        (WEAK, [(0, "1H"), (1, "pass")], "pass"),
        (STRONG_NT, [(0, "1H"), (1, "pass")], "4H"),  # a fit and 13+: game
        (THREE_HEARTS, [(0, "1S"), (1, "pass")], "1NT"),  # no fit, 6-9
        (THREE_HEARTS, [(0, "1NT"), (1, "pass")], "2NT"),  # 8-9 opposite 1NT
        (FIVE_HEARTS, [(0, "pass"), (1, "1C")], "1H"),  # overcall a five-card suit, 10+
        (FIVE_HEARTS, [(0, "pass"), (1, "1S")], "pass"),  # not at the two level with five
        (FIVE_HEARTS, [(0, "1H"), (1, "pass"), (2, "2H"), (3, "pass")], "pass"),  # seat 0: 14
        (STRONG_NT, [(1, "4H"), (2, "pass"), (3, "pass")], "pass"),
    ],
)
def test_d_7_the_bidding_system(cards: str, calls: list[tuple[int, str]], expected: str) -> None:
    """D-7: opening, responding, overcalling as the rule text lists them."""
    seat = (calls[-1][0] + 1) % 4 if calls else 0
    made = [(s, parse_call(c)) for s, c in calls]
    game_calls = [c for _, c in made]
    last = max((c for c in game_calls if isinstance(c, BridgeBid)), default=None)
    legal = [PASS, *BIDS[0 if last is None else last.rank + 1 :]]
    assert str(choose_call(hand(cards), seat, made, legal)) == expected


def test_d_7_the_bot_doubles_a_high_contract_it_holds_the_trumps_for() -> None:
    """D-7: double an opponent's 4S holding four spades with two of the top three honours;
    never redouble."""
    spades = hand("AS KS 9S 8S 7H 2H QD 9D 4D 3D 8C 4C 3C")
    calls = [(0, BridgeBid(4, "S"))]
    assert choose_call(spades, 1, calls, [PASS, DOUBLE, *BIDS[19:]]) == DOUBLE
    assert choose_call(spades, 1, [(0, BridgeBid(2, "S"))], [PASS, DOUBLE]) == PASS
    assert choose_call(spades, 0, [], [PASS, REDOUBLE]) in (PASS, REDOUBLE)
    assert choose_call(hand(WEAK), 0, [(3, BridgeBid(1, "C"))], [PASS, REDOUBLE]) == PASS


def test_d_7_the_system_always_chooses_a_legal_call(rules: cardrules.Ruleset) -> None:
    """D-7: over many random auctions the system's call is one of the legal calls."""
    rng = random.Random(7)
    for seed in range(60):
        game = rules.new_game(seed)
        while game.phase == "auction":
            legal = game.legal_actions()
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            advised = type(legal[0]).advise(view, legal)
            assert advised in legal
            game.apply(advised if rng.random() < 0.7 else rng.choice(legal))


def test_br_2_2_a_call_of_tricks_is_no_bridge_call() -> None:
    """BR-2.2: the kernel's call of tricks (``bid 3``) is not a bid of bridge."""
    assert parse_action("bid 3") == Bid(3)
    with pytest.raises(ActionError):
        BridgeBid(8, "S")
    with pytest.raises(ActionError):
        BridgeBid(1, "X")


def test_br_2_2_a_bid_text_is_read_as_this_games_call_whatever_was_imported_first() -> None:
    """BR-2.2: ``3NT`` is a bid in a bridge game and Minibridge's contract choice in a
    Minibridge game (``game.parse``): each game reads its own families' words."""
    from cardrules_bridge.actions import BridgeBid
    from cardrules_minibridge.actions import ChooseContract

    bridge = cardrules.load("bridge-duplicate").new_game(seed=1)
    minibridge = cardrules.load("minibridge-ebu").new_game(seed=3, dealer=1)
    assert isinstance(bridge.parse("3NT"), BridgeBid)
    assert isinstance(minibridge.parse("3NT"), ChooseContract)
    bridge.apply("3NT")
    assert bridge.actions == ["3NT"]
