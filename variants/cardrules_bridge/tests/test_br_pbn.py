"""Contract bridge games to and from PBN (``cardrules_bridge.pbn``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import cardrules
from cardrules.cards import Card, cards_of
from cardrules.engine.bots import RuleBot
from cardrules.engine.game import Game
from cardrules.errors import CardrulesError
from cardrules_bridge.contract import parse_contract
from cardrules_bridge.pbn import boards_of, dumps, game_from_pbn
from cardrules_bridge.scoring import duplicate_score
from cardrules_pbn import PbnBoard, loads

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "pbn"
#: The boards of each real file, and how many of them our rules replay.
REPLAYED = {"capgemini1998.pbn": (2, 2), "eyc1998.pbn": (8, 8), "realbridge2021.pbn": (4, 4)}


def _played(seed: int, first_board: int, deals: int, stop: int | None = None) -> Game:
    """A game of rule bots (the seat to act decides through its controller: declarer for
    dummy), stopped after ``stop`` actions if given."""
    rules = cardrules.load("bridge-duplicate", first_board=first_board, deals=deals)
    game = rules.new_game(seed=seed)
    bot = RuleBot()
    while game.phase != "finished" and (stop is None or len(game.actions) < stop):
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game.view(game.controller(seat))))
    return game


def _board_actions(game: Game, boards: list[PbnBoard]) -> list[list[str]]:
    out, at = [], 0
    for board in boards:
        n = len(board.auction) + len(board.play)
        out.append(list(game.actions[at : at + n]))
        at += n
    assert at == len(game.actions)
    return out


@pytest.mark.parametrize(("seed", "first_board"), [(1, 1), (2, 5), (3, 11), (4, 16)])
def test_round_trip_of_rule_bot_boards(seed: int, first_board: int) -> None:
    """Game -> PBN -> game keeps each board's actions and its score (BR-2, BR-3, BR-5)."""
    game = _played(seed, first_board, deals=3)
    boards = boards_of(game)
    assert [b.board for b in boards] == [first_board, first_board + 1, first_board + 2]
    assert loads(dumps(game)) == boards
    for board, actions, score in zip(
        boards, _board_actions(game, boards), game.scores, strict=True
    ):
        copy = game_from_pbn(board)
        assert copy.actions == actions
        assert copy.phase == "finished"
        assert copy.scores == [score]
        assert boards_of(copy) == [board]


def test_board_number_dealer_and_vulnerability() -> None:
    """BR-1.2: the board number fixes the dealer and the vulnerability written."""
    game = _played(5, 6, deals=2, stop=0)
    (board,) = boards_of(game)
    assert (board.board, board.dealer, board.vulnerable) == (6, 1, (False, True))
    assert '[Vulnerable "EW"]' in dumps(game) and '[Dealer "E"]' in dumps(game)
    assert board.hands == tuple(game.initial_hands)
    copy = game_from_pbn(board)
    assert copy.dealer == 1 and copy.auction.public()["board"] == 6  # type: ignore[union-attr]


def test_vulnerability_not_the_boards_is_refused() -> None:
    """BR-1.2: a file's vulnerability that is not its board number's is refused."""
    (board,) = boards_of(_played(5, 6, deals=1, stop=0))
    with pytest.raises(CardrulesError, match=r"board 6: \[Vulnerable\].*BR-1\.2"):
        game_from_pbn(replace(board, vulnerable=(True, True)))


def test_br_1_2_d_2_a_dealer_not_the_boards_is_refused() -> None:
    """BR-1.2 / D-2: a file whose [Dealer] is not its board number's dealer is refused,
    naming the board, the dealer written and the board's dealer."""
    (board,) = boards_of(_played(5, 6, deals=1, stop=0))
    with pytest.raises(CardrulesError) as err:
        game_from_pbn(replace(board, dealer=3))
    assert str(err.value) == (
        "invalid PBN: board 6: [Dealer] W is not the dealer of board 6, E (BR-1.2)"
    )


def test_board_in_progress() -> None:
    """A board mid-play has its calls, its cards so far, its contract and no result (BR-2.9)."""
    game = _played(1, 1, deals=2)
    first = boards_of(game)[0]
    stop = len(first.auction) + len(first.play) + 20
    game = _played(1, 1, deals=2, stop=stop)
    done, now = boards_of(game)
    assert done == first
    assert now.result is None and now.contract is not None and now.declarer is not None
    copy = game_from_pbn(dumps(game), index=1)
    assert copy.actions == game.actions[len(first.auction) + len(first.play) :]
    assert copy.phase in ("play", "auction")


def test_illegal_call_is_refused_naming_board_and_call() -> None:
    """BR-2.3: an insufficient bid in the file is refused, naming the board and the call."""
    (board,) = boards_of(_played(5, 6, deals=1, stop=0))
    bad = replace(board, auction=("1H", "1C"))
    with pytest.raises(CardrulesError, match=r"board 6: call 2 '1C' by S"):
        game_from_pbn(bad)


def test_revoke_is_refused_naming_board_and_card() -> None:
    """BR-3: a card that does not follow suit, its holder able to, is refused."""
    game = _played(2, 1, deals=1)
    (board,) = boards_of(game)
    assert board.declarer is not None and len(board.play) == 52
    lead = Card.parse(board.play[0])
    second = (board.declarer + 2) % 4  # the seat after the opening leader
    held = list(cards_of(board.hands[second]))
    if not any(c.suit == lead.suit for c in held) or all(c.suit == lead.suit for c in held):
        pytest.skip("the second hand cannot revoke on this deal")
    other = next(c for c in held if c.suit != lead.suit)
    bad = replace(board, play=(board.play[0], str(other)), result=None)
    with pytest.raises(CardrulesError, match=rf"board 1: card 2 \({other}, trick 1\)"):
        game_from_pbn(bad)


def _replays(name: str) -> list[tuple[PbnBoard, Game]]:
    out = []
    for board in loads((DATA / name).read_text(encoding="utf-8")):
        try:
            out.append((board, game_from_pbn(board)))
        except CardrulesError:
            continue
    return out


@pytest.mark.parametrize("name", sorted(REPLAYED))
def test_real_files_replay(name: str) -> None:
    """Every board of the real files whose auction (BR-2) and play (BR-3) our rules accept
    replays; a complete play gives the file's Result and the duplicate score (BR-5)."""
    total, replayed = REPLAYED[name]
    boards = loads((DATA / name).read_text(encoding="utf-8"))
    games = _replays(name)
    assert (len(boards), len(games)) == (total, replayed)
    for board, game in games:
        assert game.actions == [*board.auction, *(f"play {c}" for c in board.play)]
        if board.contract == "Pass":
            assert game.phase == "finished" and game.scores == [{"NS": 0, "EW": 0}]
            continue
        if len(board.play) < 52:
            # claims are not replayed: the game is left mid-play (or mid-auction).
            assert game.phase != "finished"
            continue
        assert board.declarer is not None and board.contract is not None
        level, strain, doubled = parse_contract(board.contract)
        side = "NS" if board.declarer % 2 == 0 else "EW"
        tricks = game.deals[0].tricks
        taken = tricks[board.declarer] + tricks[(board.declarer + 2) % 4]
        assert taken == board.result
        vulnerable = board.vulnerable[board.declarer % 2]
        assert game.scores[0][side] == duplicate_score(level, strain, doubled, vulnerable, taken)


def test_real_file_counts_complete_plays() -> None:
    """The real files hold complete plays and passed-out boards the tests above score."""
    complete = [
        (name, b.board) for name in REPLAYED for b, g in _replays(name) if g.phase == "finished"
    ]
    assert complete == [("realbridge2021.pbn", 11), ("realbridge2021.pbn", 11)]
