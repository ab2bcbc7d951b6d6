"""Agreement with OpenSpiel's ``bridge`` (skipped unless ``pyspiel`` is importable).

Each board of ``bridge-duplicate`` (one board a game: ``load(..., deals=1,
first_board=b)``, dealt by the board's dealer) is fed to a fresh OpenSpiel state
(``use_double_dummy_result=false``: played out) with the same dealer and
vulnerability, through its chance nodes (card k of the chance sequence to player
k mod 4, so the hands are ours).  Both programs are then driven with the same random
legal actions; at every decision the seat that decides (declarer on dummy's turn)
and the sets of legal actions (calls and cards, mapped one for one) must be equal,
and at the end OpenSpiel's returns must be the board's scores here (NS for N and S,
EW for E and W).  Boards 1 to 16 cover every dealer and vulnerability.  CI runs it
in a venv with ``open-spiel`` (the ``peers`` extra); the counts are printed.
"""

from __future__ import annotations

import random
from decimal import Decimal
from functools import partial
from typing import Any

import pytest

import cardrules
from cardrules import Card, Game
from helpers import openspiel_action, openspiel_card

pyspiel = pytest.importorskip("pyspiel")
scoring = pytest.importorskip("cardrules_bridge.scoring")

PROFILE = "bridge-duplicate"
#: Boards played in both programs (each of the 16 boards of the cycle as often).
BOARDS = 1_024
#: OpenSpiel's card id by our card index (helpers.py numbers every game's cards once).
OS_CARD = tuple(openspiel_card("bridge", Card.from_index(i)) for i in range(52))
SIDE = ("NS", "EW", "NS", "EW")
#: A call by its text (``pass``, ``double``, ``redouble``, ``1C`` .. ``7NT``), a card by its id.
os_action = partial(openspiel_action, "bridge")


def os_board(game: Game, board: int, *, double_dummy: bool = False) -> Any:
    """A fresh OpenSpiel state for ``game``'s board: its dealer and vulnerability, its hands
    (with ``double_dummy``, a game whose play is replaced by its double-dummy result)."""
    dealer = scoring.dealer_of(board)
    ns, ew = scoring.vulnerability(board)
    dealer_side_vul = ns if dealer % 2 == 0 else ew
    other_side_vul = ew if dealer % 2 == 0 else ns
    os_game = pyspiel.load_game(
        "bridge",
        {
            "use_double_dummy_result": double_dummy,
            "dealer": dealer,
            "dealer_vul": dealer_side_vul,
            "non_dealer_vul": other_side_vul,
        },
    )
    state = os_game.new_initial_state()
    hands = [game.hand(seat) for seat in range(4)]
    for k in range(52):
        assert state.is_chance_node()
        state.apply_action(OS_CARD[hands[k % 4][k // 4].index])
    assert not state.is_chance_node()
    return state


def test_br_every_decision_and_score_agrees_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BR-1.2, BR-2.x, BR-3.x, BR-5.x against OpenSpiel: the same calls (sufficiency,
    double, redouble), the same end of the auction and declarer, the same opening leader,
    the same cards (declarer deciding for dummy), the same duplicate score, on every
    board of the 16-board cycle."""
    rules_of = {b: cardrules.load(PROFILE, deals=1, first_board=b) for b in range(1, 17)}
    boards = decisions = passed_out = doubled = 0
    for i in range(BOARDS):
        board = i % 16 + 1
        rules = rules_of[board]
        game = rules.new_game(seed=i, dealer=scoring.dealer_of(board))
        state = os_board(game, board)
        rng = random.Random(i)
        while game.to_act is not None:
            decider = game.controller(game.to_act)
            assert state.current_player() == decider, (board, game.phase, game.to_act)
            legal = game.legal_actions()
            assert sorted(os_action(a) for a in legal) == sorted(state.legal_actions()), (
                board,
                game.phase,
                [str(a) for a in legal],
            )
            decisions += 1
            # Calls: pass more often than not, so that auctions end and get played.
            passes = [a for a in legal if str(a) == "pass"]
            action = passes[0] if passes and rng.random() < 0.6 else rng.choice(legal)
            game.apply(action, seat=decider)
            state.apply_action(os_action(action))
        assert state.is_terminal()
        deal = game.deals[-1]
        returns = state.returns()
        assert [Decimal(int(r)) for r in returns] == [deal.scores[SIDE[p]] for p in range(4)]
        boards += 1
        contract = deal.contract.to_dict()
        passed_out += not game.tricks
        doubled += bool(contract.get("doubled"))
    with capsys.disabled():
        print(
            f"\n{PROFILE} vs OpenSpiel bridge: {boards} boards, {decisions} decisions "
            f"compared, {passed_out} passed out, {doubled} doubled or redoubled; "
            "0 disagreements"
        )
    assert boards == BOARDS and passed_out and doubled


#: Boards bid in both programs with the play replaced by the double-dummy result.
DD_BOARDS = 64


def test_br_double_dummy_results_agree_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BR-2.x, BR-3.7, BR-5.x against OpenSpiel's ``use_double_dummy_result=true``: the same
    calls at every decision, and once the auction is over the play replaced by its
    double-dummy result (``rules.scoring.play_double_dummy``, a claim of the defenders'
    double-dummy tricks, agreed) scores the board as OpenSpiel does, on every board of the
    cycle; a board passed out scores 0 in both."""
    pytest.importorskip("endplay", reason="the double-dummy result needs the analysis extra")
    rules_of = {b: cardrules.load(PROFILE, deals=1, first_board=b) for b in range(1, 17)}
    decisions = passed_out = made = failed = 0
    for i in range(DD_BOARDS):
        board = i % 16 + 1
        rules = rules_of[board]
        game = rules.new_game(seed=50_000 + i, dealer=scoring.dealer_of(board))
        state = os_board(game, board, double_dummy=True)
        rng = random.Random(i)
        while game.phase == "auction":
            assert state.current_player() == game.to_act, (board, game.to_act)
            legal = game.legal_actions()
            assert sorted(os_action(a) for a in legal) == sorted(state.legal_actions())
            decisions += 1
            passes = [a for a in legal if str(a) == "pass"]
            action = passes[0] if passes and rng.random() < 0.7 else rng.choice(legal)
            game.apply(action)
            state.apply_action(os_action(action))
        assert state.is_terminal()
        if game.phase == "play":
            contract = game.contract
            took = rules.scoring.play_double_dummy(game)
            made += took >= contract.needed  # type: ignore[union-attr]
            failed += took < contract.needed  # type: ignore[union-attr]
        else:
            passed_out += 1
        assert game.phase == "finished"
        deal = game.deals[-1]
        returns = state.returns()
        assert [Decimal(int(r)) for r in returns] == [deal.scores[SIDE[p]] for p in range(4)]
    with capsys.disabled():
        print(
            f"\n{PROFILE} vs OpenSpiel bridge(use_double_dummy_result=true): {DD_BOARDS} "
            f"boards, {decisions} calls compared, {made} contracts made and {failed} failed "
            f"double dummy, {passed_out} passed out; 0 disagreements"
        )
    assert made and failed and passed_out
