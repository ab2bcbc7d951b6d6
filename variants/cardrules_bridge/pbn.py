"""PBN (Portable Bridge Notation) for contract bridge games: boards out and in.

Export every board of a ``bridge-duplicate`` game begun so far (number, dealer,
vulnerability, the hands as dealt, the calls, the cards played, and the
contract, declarer and result once the board is over) as
:class:`~cardrules_pbn.PbnBoard` values or PBN text; import a PBN board as a
new game that replays its auction and play through the rules, so a call or a
card the Laws refuse is a :class:`~cardrules.errors.CardrulesError` naming the
board and the call or card.

>>> import cardrules
>>> rules = cardrules.load("bridge-duplicate", first_board=5)
>>> game = rules.new_game(seed=3, dealer=0)
>>> for call in ("1NT", "pass", "3NT", "pass", "pass", "pass"):
...     game.apply(call)
>>> (board,) = boards_of(game)
>>> board.board, board.vulnerable, board.contract, board.declarer, board.result
(5, (True, False), '3NT', 0, None)
>>> copy = game_from_pbn(dumps(game))
>>> copy.actions == game.actions
True

The PBN syntax is the shared library :mod:`cardrules_pbn`; this module keeps
what is bridge's own: which game a board is, and the replay through the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from cardrules.cards import Card, cards_of
from cardrules.errors import CardError, CardrulesError
from cardrules.rules.actions import Play
from cardrules.rules.components import SEAT_NAMES
from cardrules_bridge.auction import BridgeAuction, BridgeAuctionState
from cardrules_bridge.contract import BridgeContract
from cardrules_bridge.scoring import dealer_of, vulnerability
from cardrules_pbn import PbnBoard, PbnError, auction_outcome, loads
from cardrules_pbn import dumps as dump_boards

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.ruleset import Ruleset

__all__ = ["boards_of", "dumps", "game_from_pbn"]

#: The profile :func:`game_from_pbn` loads when given no rules.
PROFILE = "bridge-duplicate"


def _auction_of(game: Game) -> BridgeAuctionState:
    auction = game.auction
    if not isinstance(auction, BridgeAuctionState):
        raise CardrulesError(
            f"cannot write PBN for profile {game.rules.name!r}: it has no bridge auction"
        )
    return auction


def _open(game: Game) -> PbnBoard:
    """The board the game is at, before its first call: number, dealer, vulnerability, hands."""
    auction = _auction_of(game)
    return PbnBoard(
        dealer=game.dealer,
        hands=tuple(game.initial_hands),
        board=auction.board,
        vulnerable=auction.vulnerable,
    )


def _with_calls(board: PbnBoard, calls: Sequence[str], plays: Sequence[str]) -> PbnBoard:
    """``board`` with its calls and cards; the contract and declarer once the auction is over."""
    outcome = auction_outcome(calls, board.dealer)
    return PbnBoard(
        dealer=board.dealer,
        hands=board.hands,
        board=board.board,
        vulnerable=board.vulnerable,
        auction=tuple(calls),
        declarer=outcome.declarer,
        contract=outcome.contract,
        play=tuple(plays),
    )


def boards_of(game: Game) -> list[PbnBoard]:
    """Every board of a bridge game begun so far, finished ones first, then the one in play.

    A finished board has its contract (``"Pass"`` when passed out, BR-2.8), declarer and
    result (the declaring side's tricks, BR-4.1); a board in progress has the calls and the
    cards so far, and its contract and declarer once the auction is over.
    """
    from cardrules.engine.game import Game

    _auction_of(game)
    preset = None if game.preset is None else [list(cards_of(h)) for h in game.preset]
    replay = Game(game.rules, seed=game.seed, dealer=game.first_dealer, hands=preset)
    out: list[PbnBoard] = []
    current = _open(replay)
    calls: list[str] = []
    plays: list[str] = []
    for text in game.actions:
        action = replay.parse(text)  # as the game read it (Minibridge reads 3NT too)
        number = replay.deal_number
        replay.apply(action)
        if isinstance(action, Play):
            plays.append(str(action.card))
        else:
            calls.append(str(action))
        if replay.deal_number == number and replay.phase != "finished":
            continue
        board = _with_calls(current, calls, plays)
        last = replay.deals[-1]
        if isinstance(last.contract, BridgeContract):
            board = replace(board, result=last.contract.taken(last.tricks))
        out.append(board)
        if replay.phase == "finished":
            return out
        current, calls, plays = _open(replay), [], []
    out.append(_with_calls(current, calls, plays))
    return out


def dumps(game: Game) -> str:
    """The PBN text of every board of a bridge game begun so far (:func:`boards_of`)."""
    return dump_boards(boards_of(game))


def _label(board: PbnBoard) -> str:
    return f"board {board.board}" if board.board is not None else "the board"


def game_from_pbn(board: PbnBoard | str, rules: Ruleset | None = None, *, index: int = 0) -> Game:
    """A new ``bridge-duplicate`` game of one PBN board, its auction and play replayed.

    The game's first board is the board's number (1 when the file gives none), its
    dealer the board's dealer and its hands the board's; ``rules`` (default: the
    profile loaded with ``first_board`` the board's number, one deal) must be a bridge
    ruleset whose first board is that number.  Given text, the board is the
    ``index``-th of it.  Each call and card is applied through the rules: one they
    refuse is a :class:`~cardrules_pbn.PbnError` (a ``CardrulesError``) naming the
    board and the call or card, as is a vulnerability, contract or declarer of the
    file that our rules do not reach.

    A play of fewer than 52 cards leaves the game mid-play, even when the file gives a
    ``Result``: claims in files are not replayed, so the game holds the tricks played.
    """
    if isinstance(board, str):
        boards = loads(board)
        if not 0 <= index < len(boards):
            raise PbnError(None, f"no board number {index} (the text holds {len(boards)})")
        board = boards[index]
    number = 1 if board.board is None else board.board
    where = _label(board)
    if rules is None:
        import cardrules

        rules = cardrules.load(PROFILE, first_board=number, deals=1)
    owner = rules.auction
    if not isinstance(owner, BridgeAuction):
        raise CardrulesError(f"cannot read PBN into profile {rules.name!r}: it is not bridge")
    if owner.first_board != number:
        raise CardrulesError(
            f"cannot read {where} into rules whose first board is {owner.first_board} "
            f"(load them with first_board={number})"
        )
    if board.vulnerable != vulnerability(number):
        ns, ew = board.vulnerable
        raise PbnError(
            None,
            f"{where}: [Vulnerable] NS {'vul' if ns else 'not vul'}, EW "
            f"{'vul' if ew else 'not vul'} is not the vulnerability of board {number} (BR-1.2)",
        )
    if board.dealer != dealer_of(number):
        raise PbnError(
            None,
            f"{where}: [Dealer] {SEAT_NAMES[board.dealer]} is not the dealer of board {number}, "
            f"{SEAT_NAMES[dealer_of(number)]} (BR-1.2)",
        )
    game = rules.new_game(dealer=board.dealer, hands=board.preset()["hands"])  # type: ignore[arg-type]
    if board.play and len(board.auction) == 0:
        raise PbnError(None, f"{where}: a play without an auction cannot be replayed")
    for i, call in enumerate(board.auction):
        seat = game.to_act
        try:
            game.apply(call)
        except CardrulesError as exc:
            who = "" if seat is None else f" by {SEAT_NAMES[seat]}"
            raise PbnError(None, f"{where}: call {i + 1} {call!r}{who} refused: {exc}") from None
    _check_contract(game, board, where)
    for i, text in enumerate(board.play):
        seat = game.to_act
        try:
            game.apply(Play(Card.parse(text)))
        except (CardError, CardrulesError) as exc:
            who = "" if seat is None else f" by {SEAT_NAMES[seat]}"
            raise PbnError(
                None, f"{where}: card {i + 1} ({text}, trick {i // 4 + 1}){who} refused: {exc}"
            ) from None
    return game


def _check_contract(game: Game, board: PbnBoard, where: str) -> None:
    """The file's contract and declarer, when it gives them after a whole auction, must be
    those the auction reached."""
    outcome = auction_outcome(board.auction, board.dealer)
    if not outcome.over or board.contract is None:
        return
    if board.contract != outcome.contract or (
        board.declarer is not None and board.declarer != outcome.declarer
    ):
        raise PbnError(
            None,
            f"{where}: [Contract] {board.contract} by {SEAT_NAMES[board.declarer or 0]} is not "
            f"what the auction reached ({outcome.contract})",
        )
