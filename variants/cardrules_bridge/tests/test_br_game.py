"""BR-1.2, BR-1.4, BR-4.2, BR-4.3, BR-5.7, D-1, D-2, D-3 and D-8: whole boards and sessions
of bridge: scores by side, the 16-board cycle, records, the rule bot, and ``cardrules
play`` with calls typed as players write them."""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest

import cardrules
from cardrules import CardrulesError, Game, Play
from cardrules.cli import main
from cardrules.engine.bots import RuleBot, bots_by_name, play_game
from cardrules.engine.game import deal_cards, shuffle_and_cut
from cardrules.rules.components import seat_name
from cardrules_bridge import (
    DOUBLE,
    PASS,
    BridgeContract,
    PassedOut,
    dealer_of,
    duplicate_score,
    new_session,
    vulnerability,
)
from helpers import lowest_legal, play_out

BR = "bridge-duplicate"


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(BR)


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------------
# BR-1.1, BR-1.3: the table and the deal


def test_br_1_1_two_partnerships_of_thirteen_cards_each(rules: cardrules.Ruleset) -> None:
    """BR-1.1 / D-1: four seats N, E, S, W in the partnerships NS (0, 2) and EW (1, 3);
    the whole pack of 52 cards is dealt, thirteen to each."""
    assert (rules.players, rules.partnership, rules.sides) == (4, True, ("NS", "EW"))
    assert [rules.side_of(s) for s in range(4)] == ["NS", "EW", "NS", "EW"]
    game = rules.new_game(8)
    hands = [game.hand(s) for s in range(4)]
    assert [len(h) for h in hands] == [13] * 4
    assert len({c for h in hands for c in h}) == 52


@pytest.mark.parametrize("seed", range(4))
def test_br_1_3_each_board_is_the_whole_pack_dealt_clockwise(
    rules: cardrules.Ruleset, seed: int
) -> None:
    """BR-1.3 / D-2: each board's cards come from the game's seed: the shuffled pack dealt
    one card at a time clockwise from the dealer's left, for every board of the session."""
    game = rules.new_game(seed)
    for number in (1, 2, 3):
        deck = shuffle_and_cut(seed, number, 0)
        assert tuple(game.initial_hands) == deal_cards(deck, game.dealer, rules.direction)
        for _ in range(4):
            game.apply("pass")


# ---------------------------------------------------------------------------
# A whole board


def test_br_4_2_four_spades_made_vulnerable_is_620_for_the_declaring_side() -> None:
    """BR-4.2 / BR-5.2 / D-2: board 2 (dealer E, North-South vulnerable): S bids 4♠, all
    pass, and the cards are played out: S and N take 10 tricks, +620 to NS, −620 to EW."""
    game = new_session(cardrules.load(BR, first_board=2), 7)
    assert (game.dealer, game.auction.public()["board"]) == (1, 2)
    for call in ("pass", "4S", "pass", "pass", "pass"):
        game.apply(call)
    contract = game.contract
    assert isinstance(contract, BridgeContract)
    assert (contract.declarer, contract.dummy, contract.vulnerable, contract.board) == (
        2,
        0,
        True,
        2,
    )
    assert contract.words() == "Contract: 4♠ by S, vulnerable"
    while game.deal_number == 1:
        game.apply(lowest_legal(game))
    board = game.deals[0]
    assert board.tricks[0] + board.tricks[2] == 10
    assert board.scores == {"NS": Decimal(620), "EW": Decimal(-620)}
    assert contract.result_words(board.tricks) == "4♠ by S: 10 tricks of 10 needed, made"
    assert game.totals == {"NS": 620, "EW": -620}
    assert game.rules.score(contract, board.tricks) == board.scores
    assert game.rules.score_contract("4S", "S", 10, vulnerable=True) == board.scores


@pytest.mark.parametrize(
    ("given", "scores"),
    [
        ({"contract": "4SX", "declarer": "S", "vulnerable": True, "tricks": 10}, (790, -790)),
        ({"contract": "3NT", "declarer": "E", "tricks": 9}, (-400, 400)),
        ({"contract": "3nt", "declarer": 3, "tricks": 7, "vulnerable": True}, (200, -200)),
        ({"contract": "7NTXX", "declarer": "N", "tricks": 13, "vulnerable": True}, (2980, -2980)),
        ({"contract": "6♥", "declarer": 0, "tricks": 12}, (980, -980)),
        ({"contract": "pass", "declarer": "N", "tricks": 0}, (0, 0)),
    ],
)
def test_br_4_2_score_deal_by_side(
    rules: cardrules.Ruleset, given: dict[str, object], scores: tuple[int, int]
) -> None:
    """BR-4.2 / BR-5.7: ``rules.score_deal`` scores a board described by hand: the
    declaring side the duplicate score, the defenders its opposite; a board passed out 0."""
    assert rules.score_deal(**given) == {"NS": Decimal(scores[0]), "EW": Decimal(scores[1])}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"contract": "4S", "declarer": "S"}, "invalid deal: give the contract, its declarer, "
         "the declaring side's tricks and, if it is, vulnerable=True: score_deal(contract='4SX', "
         "declarer='S', tricks=10, vulnerable=True)"),
        ({"contract": "4S", "declarer": "S", "tricks": 10, "honours": 100}, "invalid deal: give "
         "the contract, its declarer, the declaring side's tricks and, if it is, vulnerable=True: "
         "score_deal(contract='4SX', declarer='S', tricks=10, vulnerable=True)"),
        ({"contract": "8S", "declarer": "S", "tricks": 10}, "invalid contract: '8S' (expected a "
         "level 1 to 7, a strain C, D, H, S or NT, and X if doubled or XX if redoubled: '4S', "
         "'3NTX', '6CXX')"),
        ({"contract": "4S", "declarer": "Q", "tricks": 10}, "invalid declarer: 'Q' (expected a "
         "seat 0..3 or N, E, S, W)"),
        ({"contract": "4S", "declarer": "S", "tricks": 14}, "invalid tricks: 14 (expected 0..13)"),
        ({"contract": "4S", "declarer": "S", "tricks": 10, "vulnerable": 1}, "invalid "
         "vulnerable: 1 (expected True or False)"),
    ],
)  # fmt: skip
def test_br_4_2_score_deal_refuses_what_is_no_board(
    rules: cardrules.Ruleset, given: dict[str, object], message: str
) -> None:
    """BR-4.2: what no board can be is refused, naming what was wrong."""
    with pytest.raises(CardrulesError) as err:
        rules.score_deal(**given)
    assert str(err.value) == message


def test_br_4_2_every_board_is_zero_sum_and_scored_by_the_table(rules: cardrules.Ruleset) -> None:
    """BR-4.2 / BR-5.1 .. BR-5.6: in a session played by rule bots, each board's scores
    are the duplicate score of its contract for the declaring side and its opposite."""
    game = play_game(rules.new_game(11), [RuleBot()] * 4)
    assert len(game.deals) == 16
    for board in game.deals:
        assert board.scores["NS"] == -board.scores["EW"]
        contract = board.contract
        if isinstance(contract, PassedOut):
            assert board.scores["NS"] == 0
            continue
        assert isinstance(contract, BridgeContract)
        ours = "NS" if contract.declarer % 2 == 0 else "EW"
        expected = duplicate_score(
            contract.level,
            contract.strain,
            contract.doubled,
            contract.vulnerable,
            contract.taken(board.tricks),
        )
        assert board.scores[ours] == expected
    assert sum(b.scores["NS"] for b in game.deals) == game.totals["NS"]


# ---------------------------------------------------------------------------
# Boards passed out, the 16-board cycle, the session


def test_br_2_8_br_5_7_passed_out_boards_score_0_and_the_next_is_dealt(
    rules: cardrules.Ruleset,
) -> None:
    """BR-2.8 / BR-5.7 / D-1: a session in which every board is passed out: each scores 0,
    no card is played, and the next board is dealt by the next dealer; equal totals share
    first place (BR-4.3)."""
    game = play_out(rules.new_game(4), lowest_legal)
    assert game.phase == "finished"
    assert len(game.deals) == 16 and game.tricks == []
    assert all(isinstance(b.contract, PassedOut) for b in game.deals)
    assert all(b.scores == {"NS": 0, "EW": 0} for b in game.deals)
    assert [b.dealer for b in game.deals] == [dealer_of(n) for n in range(1, 17)]
    assert len(game.actions) == 64 and set(game.actions) == {"pass"}
    assert [(s.place, s.side, s.winner) for s in game.standings()] == [
        (1, "NS", True),
        (1, "EW", True),
    ]
    assert game.over is not None
    assert (game.over.reason, game.over.rule) == ("16 boards played", "BR-4.3")
    assert game.over.winners == ("NS", "EW")  # BR-4.3: both share first place


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_br_4_3_the_end_names_the_winner_the_standings_name(seed: int) -> None:
    """BR-4.3: when the session ends, ``game.over.winners`` is the side with the higher
    total, the very side ``standings()`` marks the winner (both sides on equal totals);
    the record keeps the end as it was written before, and replays to the same winners."""
    game = play_game(cardrules.load(BR, deals=2).new_game(seed), [RuleBot()] * 4)
    assert game.over is not None
    best = max(game.totals.values())
    top = tuple(side for side in ("NS", "EW") if game.totals[side] == best)
    assert game.over.winners == top
    assert tuple(s.side for s in game.standings() if s.winner) == top
    record = json.loads(game.to_json())
    assert record["state"]["over"]["winners"] == []
    again = Game.from_json(game.to_json())
    assert again.over == game.over and again.standings() == game.standings()


@pytest.mark.parametrize("seed", [3, 17])
def test_br_1_2_the_16_board_cycle_of_dealers_and_vulnerability(
    rules: cardrules.Ruleset, seed: int
) -> None:
    """BR-1.2 / BR-1.4 / D-2: through a whole session of rule bots, board n is dealt by
    ``dealer_of(n)`` and each contract carries its side's vulnerability on board n."""
    game = rules.new_game(seed)
    seen = []
    bots = [RuleBot()] * 4
    while game.to_act is not None:
        if game.phase == "auction" and not game.auction.public()["calls"]:
            public = game.auction.public()
            seen.append((public["board"], public["dealer"], public["vulnerable"], game.dealer))
        seat = game.controller(game.to_act)
        game.apply(bots[seat].choose(game.view(seat)), seat=seat)
    words = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}
    assert seen == [(n, dealer_of(n), words[vulnerability(n)], dealer_of(n)) for n in range(1, 17)]
    for n, board in enumerate(game.deals, 1):
        assert board.dealer == dealer_of(n)
        if isinstance(board.contract, BridgeContract):
            ns, ew = vulnerability(n)
            assert board.contract.board == n
            assert board.contract.vulnerable == (ns if board.contract.declarer % 2 == 0 else ew)


def test_br_4_3_d_8_a_session_of_any_agreed_number_of_boards() -> None:
    """BR-4.3 / D-8: 16 boards unless agreed otherwise (1 to 1000); the session ends after
    them and the higher total wins."""
    assert cardrules.load(BR).deals == 16
    rules = cardrules.load(BR, deals=3)
    game = play_game(rules.new_game(2), [RuleBot()] * 4)
    assert len(game.deals) == 3
    assert game.over is not None and game.over.reason == "3 boards played"
    best = max(game.totals.values())
    assert [s.side for s in game.standings() if s.winner] == [
        side for side, total in game.totals.items() if total == best
    ]
    assert "the session ends after 16 boards" in getattr(cardrules.load(BR).end, "summary", "")
    with pytest.raises(cardrules.ProfileError):
        cardrules.load(BR, deals=1001)


# ---------------------------------------------------------------------------
# Records and undo


def test_d_3_records_replay_and_undo_across_boards(rules: cardrules.Ruleset) -> None:
    """D-3: a game's record (calls as written, passed-out boards, doubles, cards played for
    dummy) replays to the same state; undo takes back a board passed out too."""
    game = rules.new_game(9)
    for call in ("pass", "pass", "pass", "pass"):  # board 1 passed out
        game.apply(call)
    for call in ("1H", "x", "xx", "2C", "p", "p", "x", "p", "p", "p"):  # board 2, dealer E
        game.apply(call)
    assert isinstance(game.contract, BridgeContract)
    assert game.contract.contract_text == "2CX"
    for _ in range(9):
        seat = game.controller(game.to_act)
        game.apply(game.legal_actions()[-1], seat=seat)
    again = Game.from_json(game.to_json())
    assert again.state_dict() == game.state_dict()
    assert again.actions[:8] == ["pass"] * 4 + ["1H", "double", "redouble", "2C"]
    assert again.view(3).to_dict() == game.view(3).to_dict()
    # Undo reads each text back out of any game (no legal actions to prefer): the texts
    # of cards, passes, doubles and redoubles read the same whatever families are loaded.
    for _ in range(9):
        assert isinstance(game.undo(), Play)
    for call in (PASS, PASS, PASS, DOUBLE, PASS, PASS):
        assert game.undo() == call
    assert game.phase == "auction" and game.to_act == 1
    assert game.auction.public()["bidding"] == "E 1H, S double, W redouble, N 2C"

    game = rules.new_game(9)
    for call in ("pass", "pass", "pass", "pass", "pass"):  # board 1 passed out, E passes
        game.apply(call)
    assert (game.deal_number, game.dealer, game.to_act) == (2, 1, 2)
    game.undo()
    assert (game.deal_number, game.phase, game.dealer) == (2, "auction", 1)
    assert isinstance(game.deals[0].contract, PassedOut)
    assert game.undo() == PASS
    assert (game.deal_number, game.phase, game.deals, game.to_act) == (1, "auction", [], 3)


def test_d_2_a_record_keeps_the_first_board() -> None:
    """D-2: the ``first_board`` option and the first dealer travel with the record."""
    game = new_session(cardrules.load(BR, first_board=7), 1)
    game.apply("1NT")
    again = Game.from_json(game.to_json())
    assert again.auction.public()["board"] == 7
    assert again.dealer == dealer_of(7) == 2
    assert again.rules.options_given == {"first_board": 7}


def test_d_2_a_record_dealt_against_the_board_before_the_refusal_still_replays() -> None:
    """D-2: a record that the engine wrote before a dealer against the board was refused
    (board 1 dealt by South, through Game(...) as new_game made it then) still replays as
    it was written, with its first dealer; a new game of those rules is refused."""
    rules = cardrules.load(BR, deals=2)
    old = Game(rules, seed=1, dealer=2)
    for call in ("1NT", "pass", "pass", "pass"):
        old.apply(call)
    text = old.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    assert (again.first_dealer, again.auction.public()["board"]) == (2, 1)
    with pytest.raises(CardrulesError, match=r"^invalid dealer: seat 2 \(S\), but board 1 "):
        rules.new_game(seed=1, dealer=2)


# ---------------------------------------------------------------------------
# The rule bot


def test_d_7_rule_bots_bid_and_play_legally_over_many_boards() -> None:
    """D-7: the rule bot's calls and cards are legal over many seeded boards (the game
    engine refuses anything else), and its auctions reach contracts and pass boards out."""
    sim = cardrules.simulate(BR, deals=50, players=["rule"] * 4, engine="game", seed=4)
    assert len(sim) == 50
    contracts = [d.contract for d in sim]
    assert all(isinstance(c, BridgeContract | PassedOut) for c in contracts)
    played = [c for c in contracts if isinstance(c, BridgeContract)]
    assert len(played) > 40
    assert len({c.strain for c in played}) >= 4
    for deal in sim:
        assert deal.scores["NS"] == -deal.scores["EW"]
        if isinstance(deal.contract, BridgeContract):
            assert len(deal.cards) == 52 and sum(deal.tricks) == 13


# ---------------------------------------------------------------------------
# cardrules play


def typed_game(seed: int, deals: int) -> list[str]:
    """What a person at S types, playing as ``cardrules play`` is set up below: ``xx``,
    ``x``, ``1H`` and then ``3NT`` the first time each is legal, ``p`` otherwise; cards as
    the rule bot would play them; stopping once every call has been typed."""
    rules = cardrules.load(BR, deals=deals)
    bots = dict(zip((0, 1, 3), bots_by_name(["rule", "random", "random"], seed=seed), strict=True))
    game = rules.new_game(seed)
    typed: set[str] = set()
    lines = []
    while game.to_act is not None:
        seat = game.controller(game.to_act)
        if seat != 2:
            game.apply(bots[seat].choose(game.view(seat)), seat=seat)
            continue
        if game.phase == "auction":
            wanted = [t for t in ("xx", "x", "1H", "3NT") if t not in typed]
            if "1H" in wanted:
                wanted.remove("3NT")
            text = next((t for t in wanted if game.is_legal(t)), "p")
            typed.add(text)
        else:
            if typed >= {"xx", "x", "1H", "3NT", "p"}:
                return lines
            text = str(RuleBot().choose(game.view(2))).split()[1]
        lines.append(text)
        game.apply(text if game.phase == "auction" else f"play {text}", seat=2)
    raise AssertionError("not every call was typed")


def test_br_2_2_cardrules_play_reads_calls_as_typed() -> None:
    """BR-2.2: at ``cardrules play bridge-duplicate`` a player types ``1H``, ``3NT``, ``p``,
    ``x`` and ``xx``, and each is the call it names."""
    lines = typed_game(31, 4)
    code, out, err = run(
        "play", BR, "--seed", "31", "--deals", "4", "--bots", "rule,random,random",
        stdin="\n".join([*lines, "quit"]) + "\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    for call in ("redouble", "double", "pass", "1H", "3NT"):
        assert f"  S (you): {call}\n" in out, call
    assert "Not understood" not in out and "Refused" not in out
    assert "Your call (? for help): " in out
    assert "You left the game." in out


def test_br_2_2_cardrules_play_refuses_an_illegal_call_with_its_law() -> None:
    """BR-2.3 / D-3: an insufficient bid typed at the table is refused with its rule and
    the player is asked again."""
    code, out, _ = run(
        "play", BR, "--seed", "31", "--deals", "1", "--seat", "N",
        stdin="1S\n1C\n?\nquit\n",
    )  # fmt: skip
    assert code == 0
    assert "  N (you): 1S\n  E: pass\n  S: 2NT\n  W: pass\n" in out
    assert (
        "  Refused: illegal action '1C' by you: BR-2.3: insufficient bid: 1C ranks below the "
        "last bid, 2NT (bid 3C or higher, or pass)\n"
    ) in out
    assert "  Legal now: pass, 3C, 3D, 3H, 3S, 3NT, 4C, " in out
    assert "  Type a call: 1H, 3NT, p, x, xx; '?' shows this help" in out


def test_d_1_cardrules_play_auto_tells_the_boards(rules: cardrules.Ruleset) -> None:
    """D-1 / BR-1.2: ``cardrules play --auto`` heads each board by its number, says its
    vulnerability as the rules name it (none, NS, EW, both) and its bidding call by call,
    the contract in bridge words, and the result."""
    code, out, err = run("play", BR, "--auto", "--seed", "31", "--deals", "2")
    assert (code, err) == (0, "")
    assert "== Board 1, dealer N ==\n  N: " in out
    assert "  vulnerable: none\n  N: " in out
    assert "== Board 2, dealer E ==\n" in out and "  vulnerable: NS\n  E: " in out
    assert "Deal 1" not in out and " of 2" not in out and "None" not in out
    assert "Board 1 over:\n" in out and "Board 2 over:\n" in out
    assert "Contract: 3NT by S, not vulnerable; W leads" in out
    assert "  3NT by S: 8 tricks of 9 needed, down 1\n  NS: took 8, scores -50, total -50\n" in out
    assert "Game over: 2 boards played [BR-4.3]" in out
    assert seat_name(dealer_of(2)) == "E"
