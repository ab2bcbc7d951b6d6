"""skat-openspiel through the public API: the deal and the skat, the bidding and its
refusals, the cards laid away and who sees them, following and winning in the three kinds
of game, a null game stopped at the declarer's first trick, the scores, records and undo.

The play is checked against a model written from the rule text (SKO-3.2 .. SKO-3.6), not
from the plugin's tables."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from decimal import Decimal

import pytest

import cardrules
from cardrules import Game, IllegalAction
from cardrules.deck import Card
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules_skat import (
    DECK,
    Declare,
    NullContract,
    SkatContract,
    SkatOpenSpielBiddingState,
    contract_for,
)
from cardrules_skat.scoring import SkatOpenSpielScorer, card_points
from helpers import undo_every_step

RULES = cardrules.load("skat-openspiel")
JACK = 11
#: A suit's cards in a suit game or a grand, lowest first (SKO-3.3, SKO-3.4); in null (SKO-3.5).
SUIT_ORDER = (7, 8, 9, 12, 13, 10, 14)
NULL_ORDER = (7, 8, 9, 10, 11, 12, 13, 14)
JACKS = "DHSC"  # the jacks from the lowest (SKO-3.3)


def is_trump(card: Card, game: str) -> bool:
    if game == "null":
        return False
    if card.rank == JACK:
        return True
    return card.suit is not None and card.suit.name == game


def strength(card: Card, led: Card, game: str) -> int:
    """SKO-3.6: a trump beats every other card; else only the suit led counts."""
    assert card.suit is not None and led.suit is not None
    if is_trump(card, game):
        if card.rank == JACK:
            return 120 + JACKS.index(card.suit.name)
        return 100 + SUIT_ORDER.index(card.rank)
    if is_trump(led, game) or card.suit is not led.suit:
        return -1
    return (NULL_ORDER if game == "null" else SUIT_ORDER).index(card.rank)


def may_play(hand: Sequence[Card], trick: Sequence[Card], game: str) -> set[str]:
    """SKO-3.2: follow the suit led if able (the jacks trumps outside null)."""
    if not trick:
        return {str(c) for c in hand}
    led = trick[0]
    if is_trump(led, game):
        follow = [c for c in hand if is_trump(c, game)]
    else:
        follow = [c for c in hand if c.suit is led.suit and not is_trump(c, game)]
    return {str(c) for c in (follow or hand)}


def play_random(game: Game, rng: random.Random) -> None:
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


def test_sko_1_3_ten_cards_each_and_a_skat_no_one_sees() -> None:
    """SKO-1.3: ten cards each, two in the skat; South deals, North (forehand) acts first;
    the skat is in no view (SKO-5.1)."""
    for seed in range(20):
        game = RULES.new_game(seed=seed)
        assert game.dealer == 2 and game.to_act == 0
        hands = [game.hands[s] for s in range(3)]
        assert [h.bit_count() for h in hands] == [10, 10, 10]
        skat = DECK.all_mask & ~(hands[0] | hands[1] | hands[2])
        assert skat.bit_count() == 2
        for seat in range(3):
            shown = json.dumps(game.view(seat).to_dict())
            for card in DECK.cards_of(skat):
                assert f'"{card}"' not in shown


def test_sko_2_1_the_first_to_declare_plays_and_no_one_after_is_asked() -> None:
    """SKO-2.1: pass or six games from forehand; the first declaration ends the bidding
    and the declarer lays cards away next (SKO-2.2)."""
    game = RULES.new_game(seed=4)
    assert [str(a) for a in game.legal_actions()] == [
        "pass", "declare diamonds", "declare hearts", "declare spades", "declare clubs",
        "declare grand", "declare null",
    ]  # fmt: skip
    game.apply("pass")
    assert game.to_act == 1
    game.apply("declare grand")
    assert game.to_act == 1  # the declarer again, laying away
    assert all(str(a).startswith("discard ") for a in game.legal_actions())
    assert len(game.legal_actions()) == 12


def test_sko_2_2_the_cards_laid_away_are_the_declarers_alone() -> None:
    """SKO-2.2 and SKO-5.1: the declarer lays away two of its twelve cards; its view shows
    the skat and the cards laid away, no other view ever does; they are in no hand."""
    for seed in range(30):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        dealt = [game.hands[s] for s in range(3)]
        skat = DECK.all_mask & ~(dealt[0] | dealt[1] | dealt[2])
        declarer = seed % 3
        for _ in range(declarer):
            game.apply("pass")
        game.apply(Declare(("D", "H", "S", "C", "grand", "null")[seed % 6]))
        for _ in range(2):
            game.apply(rng.choice(game.legal_actions()))
        assert game.phase == "play"
        laid = (dealt[declarer] | skat) & ~game.hands[declarer]
        assert laid.bit_count() == 2 and not laid & (game.hands[0] | game.hands[1] | game.hands[2])
        assert game.discarded[declarer] == laid & dealt[declarer]  # (the dealt cards laid away)
        mine = game.view(declarer).to_dict()["auction"]
        assert set(mine["skat"]) == {str(c) for c in DECK.cards_of(skat)}
        assert set(mine["discarded"]) == {str(c) for c in DECK.cards_of(laid)}
        while game.phase != "finished":
            played = {str(c.card) for t in game.tricks for c in t.cards} | {
                str(c.card) for c in game.trick
            }
            for seat in {0, 1, 2} - {declarer}:
                shown = json.dumps(game.view(seat).to_dict())
                for card in DECK.cards_of(skat | laid):
                    if str(card) not in played:
                        assert f'"{card}"' not in shown, (seed, seat, card)
            game.apply(rng.choice(game.legal_actions()))


def test_sko_2_3_all_passed_the_deal_is_not_played() -> None:
    """SKO-2.3: three passes end the game, every seat scoring 0."""
    game = RULES.new_game(seed=9)
    for _ in range(3):
        game.apply("pass")
    assert game.phase == "finished" and not game.tricks
    assert game.deals[0].scores == {0: 0, 1: 0, 2: 0}


def test_sko_5_2_refusals_cite_the_rule_and_change_nothing() -> None:
    """SKO-5.2: out of turn (SKO-2.1), a card played in the bidding, a card laid away that
    the declarer does not hold (SKO-2.2), a card against SKO-3.2: refused, state unchanged."""
    game = RULES.new_game(seed=2)
    before = game.to_json()
    with pytest.raises(IllegalAction) as out_of_turn:
        game.apply("declare hearts", seat=1)
    assert out_of_turn.value.rule == "SKO-2.1"
    with pytest.raises(IllegalAction) as card:
        game.apply(f"play {game.hand(0)[0]}")
    assert card.value.rule == "SKO-2.1"
    assert game.to_json() == before
    game.apply("declare clubs")
    auction = game.auction
    assert isinstance(auction, SkatOpenSpielBiddingState)
    held = game.hands[0] | auction.skat
    other = next(c for c in DECK.cards if not held >> c.index & 1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as laid:
        game.apply(f"discard {other}")
    assert laid.value.rule == "SKO-2.2"
    with pytest.raises(IllegalAction) as again:
        game.apply("declare grand")
    assert again.value.rule == "SKO-2.2"
    assert game.to_json() == before
    refused = 0
    rng = random.Random(2)
    while game.phase != "finished":
        if game.phase == "play" and game.trick:
            seat = game.to_act
            assert seat is not None
            legal = {str(a) for a in game.legal_actions()}
            for card in game.hand(seat):
                if f"play {card}" not in legal:
                    before = game.to_json()
                    with pytest.raises(IllegalAction) as wrong:
                        game.apply(f"play {card}")
                    assert wrong.value.rule == "SKO-3.2"
                    assert game.to_json() == before
                    refused += 1
        game.apply(rng.choice(game.legal_actions()))
    assert refused


def test_sko_3_the_play_follows_the_rule_text_in_every_kind_of_game() -> None:
    """SKO-3.1 .. SKO-3.6 against a model of the text, over 300 random games of every kind:
    forehand leads, the legal cards are those SKO-3.2 allows, each trick goes to its
    highest trump or the highest card of the suit led, and a null game stops at the
    declarer's first trick (SKO-3.5) while a deal of any other kind is played out."""
    kinds: set[str] = set()
    for seed in range(300):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        seat_declaring = rng.randrange(3)
        for _ in range(seat_declaring):
            game.apply("pass")
        kind = ("D", "H", "S", "C", "grand", "null")[seed % 6]
        kinds.add(kind)
        game.apply(Declare(kind))
        game.apply(rng.choice(game.legal_actions()))
        game.apply(rng.choice(game.legal_actions()))
        assert game.to_act == 0  # forehand leads (SKO-3.1)
        while game.phase == "play":
            seat = game.to_act
            assert seat is not None
            trick = [c.card for c in game.trick]
            legal = {str(a.card) for a in game.legal_actions()}  # type: ignore[attr-defined]
            assert legal == may_play(game.hand(seat), trick, kind), (kind, trick)
            tricks_before = len(game.tricks)
            game.apply(rng.choice(game.legal_actions()))
            if len(game.tricks) > tricks_before:
                done = game.tricks[-1]
                cards = [c.card for c in done.cards]
                best = max(range(3), key=lambda i: strength(cards[i], cards[0], kind))
                assert done.winner == (done.leader + best) % 3
                if kind == "null" and done.winner == seat_declaring:
                    assert game.phase == "finished"  # stopped (SKO-3.5)
        deal = game.deals[-1]
        if kind != "null" or deal.tricks[seat_declaring] == 0:
            assert sum(deal.tricks) == 10
        else:
            assert deal.tricks[seat_declaring] == 1
    assert kinds == {"D", "H", "S", "C", "grand", "null"}


def test_sko_3_2_a_jack_led_calls_for_trumps() -> None:
    """SKO-3.2, SKO-3.3: in a hearts game the jack of clubs led calls for a trump (a heart or
    a jack), not a club; in a grand for a jack; in null for a club."""
    hands = [
        DECK.parse_cards(h)
        for h in (
            "JC 7C 8C 9C 10C QC KC AC 7D 8D",
            "7H 8H 9D 10D QD KD AD 9H 10H KH",
            "JH JS JD QH AH 7S 8S 9S 10S QS",
        )
    ]
    stock = DECK.parse_cards("KS AS")
    plays = {}
    for kind in ("H", "grand", "null"):
        game = RULES.new_game(hands=hands, stock=stock, seed=0)
        game.apply(Declare(kind))
        game.apply("discard KS")
        game.apply("discard AS")
        game.apply("play JC")
        plays[kind] = sorted(str(a.card) for a in game.legal_actions())  # type: ignore[attr-defined]
    assert plays["H"] == ["10H", "7H", "8H", "9H", "KH"]
    assert plays["grand"] == sorted(str(c) for c in hands[1])  # no jack: any
    assert plays["null"] == sorted(str(c) for c in hands[1])  # no club: any


def test_sko_4_card_points_and_scores() -> None:
    """SKO-4.1: 120 card points in the pack, the declarer's 120 less the defenders'; SKO-4.2:
    a null game counts 90 won, 30 lost; SKO-4.3: P - 60 and (60 - P) / 2 each."""
    assert card_points(DECK.all_mask) == 120
    scorer = SkatOpenSpielScorer()
    spades = contract_for("S", 2, 0)
    taken = [DECK.mask_of(DECK.parse_cards("AC 10C")), DECK.mask_of(DECK.parse_cards("KD")), 0]
    scores = scorer.score_taken(spades, (1, 1, 8), taken)
    assert scores == {0: Decimal("-17.5"), 1: Decimal("-17.5"), 2: Decimal(35)}  # P = 95
    null = contract_for("null", 0, 0)
    assert isinstance(null, NullContract) and not isinstance(spades, NullContract)
    assert scorer.score_taken(null, (0, 6, 4), [0, 0, 0])[0] == 30  # 90 - 60
    lost = scorer.score_taken(null, (1, 0, 0), [0, 0, 0])
    assert lost == {0: Decimal(-30), 1: Decimal(15), 2: Decimal(15)}
    passed = SkatContract(None, 0)
    assert scorer.score_taken(passed, (0, 0, 0), [0, 0, 0]) == {0: 0, 1: 0, 2: 0}
    for seed in range(60):
        game = RULES.new_game(seed=seed)
        play_random(game, random.Random(seed))
        scores = game.deals[-1].scores
        assert sum(scores.values()) == 0
        for value in scores.values():
            assert (value * 2) == (value * 2).to_integral_value()


def test_records_replay_and_undo_at_every_step() -> None:
    """A game's record replays to the same game, and each action undoes to the state before
    (the card that stops a null game among them)."""
    for seed in range(12):
        undo_every_step(RULES.new_game(seed=seed), random.Random(seed), replay=True)


def test_sko_1_2_the_pack_of_32_cards() -> None:
    """SKO-1.2: four suits of A K Q J 10 9 8 7, each card once."""
    deck = RULES.deck
    assert deck.size == 32 and {s.name for s in deck.suits} == {"C", "S", "H", "D"}
    for suit in deck.suits:
        assert sorted(c.rank for c in deck.cards if c.suit is suit) == list(range(7, 15))


def test_sko_d3_every_seat_a_side_the_defenders_sharing_their_result() -> None:
    """skat-openspiel D-3 (and SKO-1.1): the scores are by seat; the two defenders always
    score the same."""
    for seed in range(40):
        game = RULES.new_game(seed=seed)
        play_random(game, random.Random(seed))
        deal = game.deals[-1]
        assert set(deal.scores) == {0, 1, 2}
        declarer = getattr(deal.contract, "declarer", None)
        if declarer is not None:
            defenders = [deal.scores[s] for s in range(3) if s != declarer]
            assert defenders[0] == defenders[1] == -deal.scores[declarer] / 2


def test_the_rule_bot_declares_on_its_trumps_and_lays_away_its_weakest() -> None:
    """SkatCall.advise: three jacks make a grand, five trumps a suit game, else a pass;
    the cards laid away are the weakest outside the trumps; and bots play whole games."""
    hands = [
        DECK.parse_cards(h)
        for h in (
            "JC JS JH 7C 8C 9D 10D QH 7S 8S",
            "JD AC 10C KC QC 9C AH 10H KH 9H",
            "7D 8D QD KD AD 7H 8H 9S 10S QS",
        )
    ]
    stock = DECK.parse_cards("KS AS")
    game = RULES.new_game(hands=hands, stock=stock, seed=0)
    rule = RuleBot()
    assert str(rule.choose(game.view(0))) == "declare grand"
    game.apply("pass")
    assert str(rule.choose(game.view(1))) == "declare clubs"  # JD and five clubs
    game.apply("declare clubs")
    laid = rule.choose(game.view(1))
    assert str(laid) in ("discard 9H", "discard KS")  # the weakest cards outside clubs
    for seed in range(6):
        game = RULES.new_game(seed=seed)
        players = [RuleBot(), MonteCarloBot(samples=4, seed=seed)]
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat % 2].choose(game.view(seat)))
        assert sum(game.deals[-1].scores.values()) == 0
