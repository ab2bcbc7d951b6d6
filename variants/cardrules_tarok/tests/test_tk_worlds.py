"""The worlds a bot imagines after the talon is turned up and a part taken in the profile
``tarok`` (TK-4.1, TK-4.2, TK-5.2): a declarer that laid a tarok away held no other card
it might lay away, the talon's cards are where every seat saw them go, and a player who
doubled the declarer's side does not hold the king called."""

from __future__ import annotations

import dataclasses
import random

import cardrules
from cardrules import Game, View
from cardrules.engine.bots import RuleBot
from cardrules.engine.worlds import inconsistency, sample_hands
from cardrules_tarok import DECK
from cardrules_tarok.actions import KINGS_MASK, TAROKS

RULES = cardrules.load("tarok")
#: The declarer, seat 1 (forehand: the dealer is seat 0), holds twelve taroks and no trula;
#: the talon is the trula and T2 T3 T4.
DECLARER = 1
DECLARED = [f"T{i}" for i in range(5, 17)]
TALON = ["T2", "T3", "T4", "T1", "T21", "T22"]
#: Seat 1 bids one, calls the king of hearts, takes T2 and, holding no card of the suits,
#: lays T5 away, in every seat's sight.
ACTIONS = ["pass", "go one", "pass", "pass", "go one", "call KH", "take part 1", "discard T5"]
#: The cards of the suits a declarer may lay away: neither a king nor a tarok.
PLAIN = DECK.all_mask & ~TAROKS & ~KINGS_MASK


def _game() -> Game:
    rest = [c.text for c in DECK.cards if c.text not in DECLARED + TALON]
    hands = [rest[0:12], DECLARED, rest[12:24], rest[24:36]]
    game = RULES.new_game(
        seed=1, dealer=0, hands=[" ".join(h) for h in hands], stock=" ".join(TALON)
    )
    for action in ACTIONS:
        game.apply(action)
    return game


def _hidden(game: Game, view: View) -> dict[int, list[cardrules.Card]]:
    return {s: game.hand(s) for s in range(RULES.players) if s not in view.hands}


def _same_view(made: Game, view: View) -> bool:
    again = made.view(view.seat)
    return all(
        getattr(again, f.name) == getattr(view, f.name)
        for f in dataclasses.fields(View)
        if f.compare
    )


def test_tk_4_2_a_declarer_that_laid_a_tarok_away_held_no_card_of_the_suits() -> None:
    """During the announcements (the auction) and the play, every other seat's worlds give
    the declarer the tarok laid away (while the auction lasts: its hand as dealt) and no
    card of the suits but the kings, and no hand the talon's cards but the part taken; a
    world that gives the declarer such a card is refused, and a game made from the view
    shows it again."""
    game = _game()
    assert game.phase == "auction" and game.view(0).auction["taroks_laid_away"] == ["T5"]
    rng = random.Random(2)
    steps = 0
    while not game.deals and steps < 12:
        for seat in (0, 2, 3):
            view = game.view(seat)
            exchanged = view.auction.get("laid_away") == 1  # (a part of one card: TK-4.2)
            play = (
                view.phase != "auction" or exchanged
            )  # (the hands moved: AuctionState.hands_moved)
            for _ in range(3):
                hands = sample_hands(view, rng)
                declarer = DECK.mask_of(hands[DECLARER])
                assert not declarer & PLAIN
                if not play:
                    assert declarer >> DECK.parse("T5").index & 1
                away = {*TALON[1:], "T5"} if play else set(TALON)  # (T2: taken)
                for cards in hands.values():
                    assert not {c.text for c in cards} & away
                made = RULES.game_from_view(view, hands, seed=rng.randrange(99))
                assert _same_view(made, view)
            real = _hidden(game, view)
            made = RULES.game_from_view(view, real, seed=1)
            assert _same_view(made, view)
            if play:  # the hands as dealt come back from the hands now
                assert made.initial_hands == game.initial_hands
                assert made.discarded == game.discarded
            other = next(s for s in real if s != DECLARER)
            plain = next(c for c in real[other] if c.mask & PLAIN)
            swapped = {s: list(cs) for s, cs in real.items()}
            given = swapped[DECLARER][-1]
            swapped[DECLARER][-1] = plain
            swapped[other][swapped[other].index(plain)] = given
            why = inconsistency(view, swapped)
            assert why is not None and "known not to hold" in why
        seat = game.controller(game.to_act)
        game.apply(RuleBot().choose(game.view(seat)), seat=seat)
        steps += 1
    assert game.phase == "play"


def test_tk_5_2_a_player_who_doubled_does_not_hold_the_king_called() -> None:
    """A player who said kontra is not the declarer's partner: no world gives it the king
    called."""
    game = _game()
    assert game.to_act == DECLARER
    game.apply("pass")  # no bonus announced
    kontra = None
    while game.phase == "auction":
        seat = game.to_act
        legal = [str(a) for a in game.legal_actions()]
        if kontra is None and "kontra" in legal:
            kontra = seat
            game.apply("kontra")
        else:
            game.apply("pass")
        if kontra is not None:
            break
    assert kontra is not None
    rng = random.Random(3)
    king = DECK.parse("KH")
    for seat in range(RULES.players):
        view = game.view(seat)
        if kontra in view.hands:
            continue
        for _ in range(20):
            assert king not in sample_hands(view, rng)[kontra]
