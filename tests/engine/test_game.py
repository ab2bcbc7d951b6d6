"""The Game, for every profile of the API tests: dealer and deal number, who decides for a
seat, the actions ``apply`` takes, refusals that leave the game as it was, and the record.

Refusals of input that is not an action, a seat or a setting at all are in
``test_errors.py``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import cardrules
from cardrules import Bid, Card, ChooseContract, Game, IllegalAction, Play, Ruleset
from helpers import refusal_message, to_play

# -- dealer, deal number, controller ----------------------------------------------------


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


# -- refusals -------------------------------------------------------------------------


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
            message = refusal_message(game, IllegalAction, game.apply, Play(card))
            with pytest.raises(IllegalAction) as err:
                game.apply(f"play {card}")
            assert err.value.rule in duty_rules
            assert message == (
                f"illegal action 'play {card}' by seat {seat} ({'NESW'[seat]}): "
                f"{err.value.rule}: {err.value.reason}"
            )
            return
        game.apply(game.legal_actions()[0])
    pytest.fail("no illegal card came up in a whole game")


def test_nothing_is_legal_after_the_end(rules: Ruleset) -> None:
    """A finished game offers no action and refuses any, unchanged."""
    game = rules.new_game(seed=2)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert game.to_act is None and game.legal_actions() == []
    message = refusal_message(game, IllegalAction, game.apply, "play AH")
    assert message == "illegal action 'play AH': the game is over"


# -- the record -------------------------------------------------------------------------


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


@pytest.mark.parametrize("name", ["callbreak-strict", "minibridge-ebu", "oh-hell", "oh-hell-5"])
def test_trick_state_knows_the_cards_of_the_completed_tricks(name: str) -> None:
    """The duties' view (TrickState) of every moment of a game: the trick in progress,
    and the cards of the deal's completed tricks only (never the stock, never a hand)."""
    import random

    rules = cardrules.load(name)
    game = rules.new_game(seed=11)
    rng = random.Random(3)
    while game.phase != "finished":
        if game.phase == "play":
            state = game.trick_state()
            done = 0
            for trick in game.tricks:
                for played in trick.cards:
                    done |= 1 << played.card.index
            assert state.played_before == done
            assert state.cards == tuple(p.card.index for p in game.trick)
            assert state.first_trick == (not game.tricks)
        game.apply(rng.choice(game.legal_actions()))
