"""A trick that its cards together decide (``OrderSpec.combos``, a :class:`Combo`),
exercised by a plugin of no family: a ranking in which the lowest card of the trumps
takes any trick that also holds the two highest, whatever else ranks higher.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules
from cardrules import hookimpl
from cardrules.deck import Combo, Deck, OrderSpec, Ranking, Suit
from cardrules.rules.plugins import Components
from helpers import write_profile

#: Three players, the French pack's 52 cards: seventeen each, one in the stock.
BODY = (
    "[table]\nplayers = 3\n[deal]\nhand_sizes = [17]\n"
    '[play]\norder = "low_takes_top"\ntrump = "S"\n'
    'duties = [{ name = "follow_suit", rule = "X-2" }]\n'
)


def _low_takes_top(deck: Deck, ranking: Ranking) -> OrderSpec:
    """The natural order, spades trumps; 2S takes a trick holding AS and KS (where spades
    were led, in the ranking "low_takes_top_led")."""
    rows = tuple(tuple(c.index for c in deck.cards_of(deck.suit_masks[s])) for s in deck.suits)
    two, king, ace = (deck.parse(t).index for t in ("2S", "KS", "AS"))
    led = (Suit.S.value,) if ranking.name.endswith("_led") else ()
    return OrderSpec(rows, Suit.S.value, combos=(Combo(two, (king, ace), led),))


class _ComboPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_ranking("low_takes_top", _low_takes_top)
        components.add_ranking("low_takes_top_led", _low_takes_top)


def _rules(tmp_path: Path, name: str = "low_takes_top") -> cardrules.Ruleset:
    body = BODY.replace('"low_takes_top"', f'"{name}"')
    return cardrules.load(write_profile(tmp_path, "combo", body), plugins=[_ComboPlugin()])


def test_the_combo_decides_the_trick_whatever_the_order_of_play(tmp_path: Path) -> None:
    """Combo: 2S wins a trick that holds KS and AS, in any order of play and whatever was
    led; without either of them the ranking decides (AS, or KS, wins)."""
    rules = _rules(tmp_path)
    for trick in (["2S", "KS", "AS"], ["AS", "2S", "KS"], ["KS", "AS", "2S"], ["AH", "AS", "2S"]):
        if "KS" in trick:
            assert rules.trick_winner(trick) == trick.index("2S"), trick
    assert rules.trick_winner(["AH", "AS", "2S"]) == 1
    assert rules.trick_winner(["2S", "KS", "QS"]) == 1
    led = _rules(tmp_path, "low_takes_top_led")
    assert led.trick_winner(["KS", "2S", "AS"]) == 1
    order = led.order(Suit.S)
    hearts_led = [led.deck.parse(t).index for t in ("AH", "KS", "AS", "2S")]
    assert order.winner(hearts_led) == 2  # hearts led: the ranking decides
    assert order.combo_winner(hearts_led) == -1
    assert rules.order(Suit.S).winner(hearts_led) == 3


def test_a_game_gives_the_trick_to_the_combo_card_and_undoes_it(tmp_path: Path) -> None:
    """In play the trick goes to the seat of 2S once the trick holds KS and AS too; that
    seat leads next; undoing the last card gives the trick back; a record replays."""
    rules = _rules(tmp_path)
    hands = [
        "2S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D",
        "AS 8H 9H 10H JH QH KH AH 3S 4S 5S 6S 7S 8S 9S 10S JS",
        "KS 5D 6D 7D 8D 9D 10D JD QD KD AD 2H 3H 4H 5H 6H 7H",
    ]  # (the profile extended plays anticlockwise: seat 0 leads, then seat 2, seat 1)
    game = rules.new_game(seed=1, dealer=1, hands=hands, stock=["QS"])
    while game.phase == "auction":  # (the calls of the profile extended)
        game.apply(game.legal_actions()[0])
    assert game.to_act == 0
    game.apply("play 2S")
    game.apply("play KS")
    before = game.to_json()
    game.apply("play AS")
    assert game.tricks[-1].winner == 0 and game.to_act == 0 and game.tricks_won == [1, 0, 0]
    game.undo()
    assert game.to_json() == before and game.to_act == 1
    game.apply("play AS")
    again = cardrules.Game.from_json(game.to_json(), rules=rules, allow_preset_hands=True)
    assert again.tricks[-1].winner == 0 and again.to_json() == game.to_json()


def test_random_games_agree_with_the_order_winner(tmp_path: Path) -> None:
    """Every trick of random games is won as Order.winner says (the combo included)."""
    rules = _rules(tmp_path)
    for seed in range(20):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            game.apply(rng.choice(game.legal_actions()))
        order = game.order
        for trick in game.tricks:
            cards = [played.card.index for played in trick.cards]
            assert trick.cards[order.winner(cards)].seat == trick.winner


def test_the_numpy_engine_refuses_an_order_with_combos(tmp_path: Path) -> None:
    """The batch path plays tricks by the ranking alone: an order with a combo is refused."""
    from cardrules.batch.play import order_not_batched

    rules = _rules(tmp_path)
    assert "their cards together decide" in order_not_batched(rules.order(Suit.S))
    plain = cardrules.load("callbreak-strict")
    assert order_not_batched(plain.order(Suit.S)) == ""
    with pytest.raises(TypeError):
        Combo(0)  # type: ignore[call-arg]
