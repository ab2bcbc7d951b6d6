"""The rules of ``tarok-openspiel`` and ``tarok-openspiel-4`` (TKO-*, TKF-*) through the
public API: the deal, the bidding, the king, the talon exchange, the duties of play, the
scores, what each seat sees, refusals, records and undo, and the bots."""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Ranking
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules.errors import ActionError
from cardrules.rules.duties import TrickState
from cardrules_tarok import (
    DECK,
    KINGS,
    CallKing,
    Discard,
    TakePart,
    TarokBid,
    TarokContract,
    TarokFollow,
    card_points,
)
from cardrules_tarok.actions import KINGS_MASK, TAROKS, TRULA, VALUES, advise
from cardrules_tarok.ranking import COLOUR, NEGATIVE, TAROK, colour_order, tarok_order
from cardrules_tarok.scoring import _klop, _normal
from helpers import refusal_message, refused, undo_every_step, view_card_texts

RULES = {3: cardrules.load("tarok-openspiel"), 4: cardrules.load("tarok-openspiel-4")}


def mask(texts: str) -> int:
    return DECK.mask_of(DECK.parse_cards(texts))


def play_random(game: Game, rng: random.Random) -> None:
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


def to_contract(game: Game, bids: list[str]) -> None:
    """Make the bids given (each seat in turn), then random actions to the first lead."""
    for text in bids:
        game.apply(text)
    rng = random.Random(0)
    while game.phase == "auction":
        game.apply(rng.choice(game.legal_actions()))


# -- 1. the table, the cards and the deal ------------------------------------------------


def test_tko_1_1_sixteen_each_a_talon_of_six_and_a_tarok_in_every_hand() -> None:
    """TKO-1.1: sixteen cards each, six in the talon; South deals, seat 1 speaks first; no
    hand without a tarok (a throw-in); TKF-1.1: twelve each at four, West deals."""
    for players, size in ((3, 16), (4, 12)):
        for seed in range(40):
            game = RULES[players].new_game(seed=seed)
            assert game.dealer == players - 1 and game.to_act == 1
            hands = [game.hands[s] for s in range(players)]
            assert [h.bit_count() for h in hands] == [size] * players
            assert all(h & TAROKS for h in hands)
            talon = DECK.all_mask & ~sum(hands)
            assert talon.bit_count() == 6


def test_tko_1_2_the_pack_and_tko_1_3_the_taroks_trumps() -> None:
    """TKO-1.2: 22 taroks and four suits of eight, red suits ranked K Q C J 1 2 3 4;
    TKO-1.3: a tarok beats every suit card, the Škis the highest."""
    assert DECK.size == 54 and TAROKS.bit_count() == 22
    order = DECK.order(Ranking(TAROK), tarok_order)
    ranked = {place: [str(DECK.cards[i]) for i in row] for place, row in enumerate(order.ranked)}
    assert ranked[0] == ["KC", "QC", "CC", "JC", "10C", "9C", "8C", "7C"]
    assert ranked[2] == ["KH", "QH", "CH", "JH", "1H", "2H", "3H", "4H"]
    assert ranked[4][0] == "T22" and ranked[4][-1] == "T1"
    rules = RULES[3]
    assert rules.trick_winner(["KH", "T2", "QH"]) == 1
    assert rules.trick_winner(["7S", "KS", "KC"]) == 1


def test_tko_1_4_one_deal_a_game() -> None:
    """TKO-1.4: the game ends once its one deal is scored."""
    game = RULES[3].new_game(seed=3)
    play_random(game, random.Random(3))
    assert game.phase == "finished" and len(game.deals) == 1 and game.over is not None


# -- 2. the bidding ----------------------------------------------------------------------


def test_tko_2_1_the_contracts_of_three_and_tkf_1_2_of_four_players() -> None:
    """TKO-2.1: no solo three, two, one at three players; TKF-1.2: all at four; klop and
    three never offered to a player after forehand (TKO-2.2)."""
    three = [str(a) for a in RULES[3].new_game(seed=1).legal_actions()]
    assert three == [
        "pass", "go two", "go one", "go beggar", "go solo without", "go open beggar",
        "go colour valat without", "go valat without",
    ]  # fmt: skip
    four = [str(a) for a in RULES[4].new_game(seed=1).legal_actions()]
    assert four[:6] == ["pass", "go two", "go one", "go solo three", "go solo two", "go solo one"]


def test_tko_2_2_a_player_with_priority_holds_the_bid() -> None:
    """TKO-2.2: seat 1 bids two; seat 2 (lower priority) must bid higher; forehand may hold
    two; a player who passed is passed over."""
    game = RULES[3].new_game(seed=5)
    game.apply("go two")
    assert "go two" not in [str(a) for a in game.legal_actions()]
    assert refused(game, "go two").rule == "TKO-2.1"
    game.apply("pass")
    assert game.to_act == 0 and "go two" in [str(a) for a in game.legal_actions()]
    game.apply("go two")
    assert game.to_act == 1  # seat 2 passed: it speaks no more
    game.apply("pass")
    assert game.to_act == 0  # forehand, alone, speaks once more (TKO-2.4)


def test_tko_2_3_forehand_alone_may_not_pass_and_may_bid_klop_or_three() -> None:
    """TKO-2.3: the others passed before forehand's first turn: klop, three or higher, no
    pass (refused, citing the bidding's rule)."""
    game = RULES[3].new_game(seed=6)
    game.apply("pass")
    game.apply("pass")
    legal = [str(a) for a in game.legal_actions()]
    assert legal[:3] == ["go klop", "go three", "go two"] and "pass" not in legal
    assert refused(game, "pass").rule == "TKO-2.1"
    game.apply("go klop")
    assert game.phase == "play" and game.to_act == 0
    contract = game.contract
    assert isinstance(contract, TarokContract) and contract.name == "klop"


def test_tko_2_4_the_last_player_in_bids_again_and_declares() -> None:
    """TKO-2.4: when the others have passed, the last player still in bids once more
    (repeating or raising) and declares what it bids then."""
    game = RULES[3].new_game(seed=7)
    game.apply("go one")  # seat 1
    game.apply("pass")  # seat 2
    game.apply("pass")  # seat 0
    assert game.to_act == 1 and "pass" not in [str(a) for a in game.legal_actions()]
    game.apply("go solo without")
    contract = game.contract
    assert isinstance(contract, TarokContract)
    assert (contract.declarer, contract.name, contract.leader) == (1, "solo without", 1)


# -- 3. the king, 4. the talon -----------------------------------------------------------


def test_tko_3_1_tkf_1_3_the_king_called_and_the_partner_unknown() -> None:
    """TKO-3.1, TKF-1.3: at four players the declarer of three calls a king, any of four;
    its holder scores with the declarer; no view names the partner (tarok-openspiel D-4:
    every seat a side of its own, the partner no side of the table)."""
    for seed in range(30):
        game = RULES[4].new_game(seed=seed)
        for _ in range(3):
            game.apply("pass")
        game.apply("go three")
        assert game.to_act == 0
        assert sorted(str(a) for a in game.legal_actions()) == [
            "call KC",
            "call KD",
            "call KH",
            "call KS",
        ]
        king = DECK.parse(("KH", "KD", "KS", "KC")[seed % 4])
        game.apply(f"call {king}")
        holder = next((s for s in range(4) if game.hands[s] >> king.index & 1), -1)
        play_random(game, random.Random(seed))
        for seat in range(4):
            assert "partner" not in json.dumps(game.view(seat).to_dict())
        scores = game.deals[-1].scores
        if holder > 0:  # (the Mond captured costs one of them 20: TKO-5.6)
            assert scores[holder] - scores[0] in (0, 20, -20)
        others = [s for s in range(4) if s not in (0, holder)]
        assert all(scores[s] in (0, -20) for s in others)


def test_tko_4_1_the_talon_turned_up_in_parts_and_tko_4_2_what_may_be_laid_away() -> None:
    """TKO-4.1: after two the talon is in every view, three parts of two; TKO-4.2: the
    declarer lays two cards away, no king, no tarok while holding a suit card, never the
    trula; a tarok laid away is public, a suit card the declarer's alone."""
    for seed in range(40):
        game = RULES[3].new_game(seed=seed)
        game.apply("go two")
        game.apply("pass")
        game.apply("pass")
        game.apply("go two")  # the last in bids again (TKO-2.4)
        assert game.to_act == 1
        talon = [str(c) for c in DECK.cards_of(DECK.all_mask & ~sum(game.hands))]
        for seat in (-1, 0, 1, 2):
            view = game.public_view() if seat < 0 else game.view(seat)
            assert sorted(view.auction["talon"]) == sorted(talon)
            assert view.auction["parts"] == 3  # "two": three parts of two (TKO-4.1)
        assert [str(a) for a in game.legal_actions()] == [
            "take part 1",
            "take part 2",
            "take part 3",
        ]
        game.apply(TakePart(1 + seed % 3))
        holding = game.hands[1] | mask(
            " ".join(game.view(1).auction["talon"][2 * (seed % 3) : 2 * (seed % 3) + 2])
        )
        allowed = {a.card.index for a in game.legal_actions() if isinstance(a, Discard)}
        plain = holding & ~TAROKS & ~KINGS_MASK
        expected = plain or holding & ~TRULA & ~KINGS_MASK
        assert allowed == {c.index for c in DECK.cards_of(expected)}
        king = next(iter(DECK.cards_of(holding & KINGS_MASK)), None)
        if king is not None:
            assert refused(game, f"discard {king}").rule == "TKO-4.2"
        first = game.legal_actions()[0]
        game.apply(first)
        assert isinstance(first, Discard)
        public = game.public_view().auction["taroks_laid_away"]
        assert (str(first.card) in public) == (first.card.suit is None)
        assert "discarded" not in game.view(0).auction
        assert str(first.card) in game.view(1).auction["discarded"]


# -- hidden information, over every seat and step ----------------------------------------


def visible(game: Game, seat: int) -> int:
    """The cards ``seat`` may see now (TKO-7.1): its hand as dealt (and, the declarer, the
    part taken), the cards played, the talon once turned up, the taroks laid away."""
    seen = game.initial_hands[seat] if seat >= 0 else 0
    for trick in game.tricks:
        seen |= sum(1 << p.card.index for p in trick.cards)
    seen |= sum(1 << p.card.index for p in game.trick)
    auction = game.public_view().auction
    if auction.get("talon"):
        seen |= mask(" ".join(auction["talon"]))
    if auction.get("king"):  # the king called (TKO-3.1): a card named, not shown
        seen |= mask(auction["king"])
    seen |= sum(1 << c.index for c in game.public_view().stock_shown)  # klop's (TKO-5.3)
    return seen


@pytest.mark.parametrize("players", [3, 4])
def test_tko_7_1_no_view_holds_a_card_its_seat_may_not_see(players: int) -> None:
    """TKO-7.1 (and TKO-4.2): over every seat, the public view and every step of whole
    games of every contract, a view names only the cards its seat may see: never the
    talon of klop or of beggar and above, never a suit card laid away but in the
    declarer's view, never another's hand."""
    rules = RULES[players]
    names: set[str] = set()
    for seed in range(60):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while True:
            contract = game.contract
            declarer = contract.declarer if isinstance(contract, TarokContract) else -1
            for seat in (-1, *range(players)):
                allowed = visible(game, seat)
                if seat >= 0 and (
                    seat == declarer or (game.phase == "auction" and seat == game.to_act)
                ):
                    allowed |= KINGS_MASK  # (the kings the declarer may call, named)
                    allowed |= mask(" ".join(game.view(seat).auction.get("discarded", ())))
                for text in view_card_texts(game, seat):
                    card = DECK.parse(text)
                    if not allowed >> card.index & 1:
                        assert card.suit is None and text in json.dumps(
                            game.public_view().auction.get("taroks_laid_away", [])
                        ), (seed, seat, text, game.phase)
            if game.phase == "finished":
                break
            legal = game.legal_actions()
            bids = sorted((a for a in legal if isinstance(a, TarokBid)), key=lambda a: a.number)
            if bids and (len(bids) == len(legal) or rng.random() < 0.33):
                game.apply(bids[min(int(rng.expovariate(0.6)), len(bids) - 1)])
            else:
                game.apply(rng.choice([a for a in legal if a not in bids] or legal))
        assert isinstance(game.deals[-1].contract, TarokContract)
        names.add(game.deals[-1].contract.name)
    assert len(names) >= 5


# -- 5. the scores -----------------------------------------------------------------------


def test_tko_5_1_card_points_counted_in_threes() -> None:
    """TKO-5.1: the trula and kings 5, queens 4, knights 3, jacks 2, others 1; a pile less
    two thirds a card, rounded; 70 in the pack."""
    assert card_points(mask("KH QH CH")) == 12 - 2
    assert card_points(mask("KH")) == 4  # one card: less 1
    assert card_points(mask("KH QH")) == 8  # two cards: less 1
    assert card_points(mask("T1 T21 T22 KC")) == 20 - 3
    assert card_points(DECK.all_mask) == 70
    assert card_points(0) == 0


def test_tko_5_3_klop_scores() -> None:
    """TKO-5.3: minus the points; over 35 -70, no card +70, and then only those score."""
    low = [c.index for c in DECK.parse_cards("7C 8C 9C")]
    assert _klop([low, low, low]) == [-1, -1, -1]
    big = [c.index for c in DECK.cards if c.suit is not None]  # 72 points, 32 cards
    assert _klop([big, [], low]) == [-70, 70, 0]


def test_tko_5_2_tko_5_4_a_normal_contract_and_d_3_the_bonus_of_four_cards() -> None:
    """TKO-5.2, TKO-5.4: points less 35 plus or less the value; D-3: a side whose pile holds
    exactly four cards gets the kings' bonus (OpenSpiel 2.0.2's count: tarok-openspiel D-3)."""
    contract = TarokContract(None, 0, declarer=0, name="three")
    ours = [c.index for c in DECK.cards if c.suit is not None][:30]  # 3 suits and a half
    theirs = [c.index for c in DECK.cards if c.index not in ours][:24]
    points = card_points(ours)
    expected = points - 35 + (10 if points > 35 else -10)
    last = theirs[-3:]
    ultimo = -25 if DECK.parse("T1").index in last else 0
    assert _normal(contract, [ours, theirs, []], -1, 1, 3)[0] == expected + ultimo
    four = [c.index for c in DECK.parse_cards("7C 8C 9C 10C")]
    rest = [c.index for c in DECK.cards if c.index not in four and c.suit is not None][:3]
    scores = _normal(contract, [four, rest, []], -1, 0, 3)
    assert scores[0] == card_points(four) - 35 - 10 + 10


@pytest.mark.parametrize("players", [3, 4])
def test_tko_5_5_tko_5_6_tko_6_6_beggars_valats_and_solos(players: int) -> None:
    """TKO-5.5: beggar and above score the value, won or lost, to the declarer alone;
    TKO-6.6: a beggar stops at the declarer's first trick, a valat at another's;
    TKO-5.6: a captured Mond costs 20 (the only other score a player may get)."""
    rules = RULES[players]
    for name, value in (("beggar", 70), ("open beggar", 90), ("valat without", 500),
                        ("colour valat without", 125), ("solo without", 80)):  # fmt: skip
        for seed in range(8):
            game = rules.new_game(seed=seed)
            game.apply(f"go {name}")
            while game.phase == "auction":
                game.apply("pass" if game.to_act != 1 else f"go {name}")
            contract = game.contract
            assert isinstance(contract, TarokContract) and contract.leader == 1  # TKO-6.1
            play_random(game, random.Random(seed))
            deal = game.deals[-1]
            assert deal.scores[1] in (value, -value, value - 20, -value - 20)
            others = [deal.scores[s] for s in range(players) if s != 1]
            assert all(s in (0, -20) for s in others)
            if "beggar" in name and deal.tricks[1]:
                assert deal.tricks[1] == 1 and deal.scores[1] in (-value, -value - 20)
            if "valat" in name and sum(deal.tricks) > deal.tricks[1]:
                assert sum(deal.tricks) - deal.tricks[1] == 1


# -- 6. the play -------------------------------------------------------------------------


def follow(ranking: str, hand: str, trick: str) -> list[str]:
    build = colour_order if ranking == COLOUR else tarok_order
    order = DECK.order(Ranking(ranking), build)
    t = TrickState.of(DECK.parse_cards(trick), trump=None, order=order)
    cards = mask(hand)
    return [str(c) for c in DECK.cards_of(TarokFollow("TKO-6.2").narrow(cards, cards, t))]


def test_tko_6_2_follow_suit_else_a_tarok_else_anything() -> None:
    """TKO-6.2: the suit led; void, a tarok; void of both, any card."""
    assert follow(TAROK, "7C KC T3 KH", "8C") == ["7C", "KC"]
    assert follow(TAROK, "KH T3 T9", "8C") == ["T3", "T9"]
    assert follow(TAROK, "KH 4D", "8C") == ["4D", "KH"]
    assert follow(TAROK, "T1 KH", "T5") == ["T1"]
    assert follow(COLOUR, "KH T3", "8C") == ["T3"]  # TKO-6.5: still a tarok when void


def test_tko_6_3_klop_and_the_beggars_beat_and_keep_the_pagat_back() -> None:
    """TKO-6.3: beat the highest of the suit if able (not after a tarok in a suit trick, nor
    with a tarok when none is in it); the Pagat neither led nor played unless alone; the
    Pagat forced when the Mond and the Škis are in the trick."""
    assert follow(NEGATIVE, "7C KC 10C", "9C") == ["10C", "KC"]
    assert follow(NEGATIVE, "7C 8C", "9C") == ["7C", "8C"]
    assert follow(NEGATIVE, "7C KC", "9C T4") == ["7C", "KC"]  # a tarok in a suit trick
    assert follow(NEGATIVE, "T2 T9", "9C") == ["T2", "T9"]  # no tarok in it yet
    assert follow(NEGATIVE, "T2 T9", "9C T5") == ["T9"]
    assert follow(NEGATIVE, "T1 T2 KH", "") == ["KH", "T2"]
    assert follow(NEGATIVE, "T1", "") == ["T1"]
    assert follow(NEGATIVE, "T1 T9", "T5") == ["T9"]
    assert follow(NEGATIVE, "T1 KH 7C", "8C T21 T22") == ["T1"]  # against the suit led
    assert follow(TAROK, "T1 T2", "") == ["T1", "T2"]  # positive contracts: no such duty


def test_tko_6_4_the_emperors_trick_and_tko_6_5_a_colour_valat() -> None:
    """TKO-6.4: the Pagat takes the Mond and the Škis; TKO-6.5: in a colour valat the
    taroks win only when led, the emperor's trick only then."""
    tarok = DECK.order(Ranking(TAROK), tarok_order)
    colour = DECK.order(Ranking(COLOUR), colour_order)

    def win(order: object, trick: str) -> int:
        from cardrules.deck import Order

        assert isinstance(order, Order)
        return order.winner([c.index for c in DECK.parse_cards(trick)])

    assert win(tarok, "T22 T21 T1") == 2 and win(tarok, "7C T1 T22 T21") == 1
    assert win(tarok, "T22 T21 T2") == 0
    assert win(colour, "7C T22 8C") == 2 and win(colour, "T3 KC T5") == 2
    assert win(colour, "T21 T22 T1") == 2 and win(colour, "7C T22 T21 T1") == 0


def test_tko_6_1_the_leader_and_tko_7_2_refusals_change_nothing() -> None:
    """TKO-6.1: forehand leads after three; TKO-7.2: out of turn (TKO-2.1), a part or king
    out of place, a card against TKO-6.2: refused with the rule, the game unchanged."""
    game = RULES[3].new_game(seed=11)
    assert refused(game, "go two", seat=2).rule == "TKO-2.1"
    assert refused(game, f"play {game.hand(1)[0]}").rule == "TKO-2.1"
    assert refused(game, "take part 1").rule == "TKO-2.1"
    to_contract(game, ["pass", "pass", "go three"])
    contract = game.contract
    assert isinstance(contract, TarokContract) and contract.leader == 0 and game.to_act == 0
    game.apply(f"play {game.hand(0)[0]}")
    led = game.trick[0].card
    seat = game.to_act
    assert seat is not None
    hand = game.hand(seat)
    same = [c for c in hand if (c.suit is None) == (led.suit is None) and c.suit == led.suit]
    if same:
        other = next((c for c in hand if c not in same), None)
        if other is not None:
            assert refused(game, f"play {other}").rule == "TKO-6.2"
    other = next(s for s in range(3) if s != game.to_act)
    assert refused(game, f"play {game.hand(other)[0]}", seat=other).rule == "TKO-6.1"


# -- records, undo, many games, bots -------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_records_replay_and_undo_at_every_step(players: int) -> None:
    """A game's record replays to the same game, and each action undoes to the state
    before (the talon taken, the cards laid away, the trick that stops a beggar)."""
    rules = RULES[players]
    for seed in range(8):
        game = undo_every_step(rules.new_game(seed=seed), random.Random(seed))
        assert Game.from_json(game.to_json(), rules=rules).to_json() == game.to_json()


@pytest.mark.parametrize("players", [3, 4])
def test_a_hundred_random_games_through_the_api(players: int) -> None:
    """100 games of random legal actions: each ends scored, each score a whole number."""
    rules = RULES[players]
    for seed in range(100):
        game = rules.new_game(seed=seed)
        play_random(game, random.Random(seed))
        scores = game.deals[-1].scores
        assert set(scores) == set(range(players))
        assert all(v == v.to_integral_value() for v in scores.values())


@pytest.mark.parametrize("players", [3, 4])
def test_the_rule_bot_and_the_mc_bot_play_whole_games(players: int) -> None:
    """TarokCall.advise: a legal choice in the bidding, the king, the part and the cards
    laid away; the rule bot and the Monte Carlo bot play whole games."""
    rules = RULES[players]
    for seed in range(3):
        game = rules.new_game(seed=seed)
        bots = [RuleBot(), MonteCarloBot(samples=3, seed=seed)]
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if game.phase == "auction":
                choice = advise(view, list(view.legal_actions))
                assert choice in view.legal_actions
            game.apply(bots[seat % 2].choose(view))
        assert game.deals


def test_advise_takes_the_richest_part_and_lays_away_cheap_suit_cards() -> None:
    """TarokCall.advise: the part of most points (TKO-4.1), then the cheapest suit cards
    (TKO-4.2)."""
    game = RULES[3].new_game(seed=2)
    for text in ("go one", "pass", "pass", "go one"):  # seat 1 declares one (TKO-2.4)
        game.apply(text)
    view = game.view(1)
    talon = [DECK.parse(t) for t in view.auction["talon"]]
    choice = advise(view, list(view.legal_actions))
    assert isinstance(choice, TakePart)  # parts of one card: the card of most points
    assert VALUES[talon[choice.part - 1].index] == max(VALUES[c.index] for c in talon)
    game.apply(choice)
    laid = advise(game.view(1), list(game.view(1).legal_actions))
    assert isinstance(laid, Discard)
    assert laid.card.suit is not None or not any(
        isinstance(a, Discard) and a.card.suit is not None for a in game.legal_actions()
    )


def test_tko_d5_the_talon_shown_once_turned_up_and_tko_5_3_klops_talon_as_given() -> None:
    """tarok-openspiel D-5: the talon is in every view from the moment it is turned up for
    the exchange (before a part is taken); TKO-5.3, TKO-7.1: klop's talon, given out with
    the first six tricks, is in every view card by card as each trick is complete
    (``View.stock_shown``, in the order the talon lies), never before, and counts in the
    scores."""
    game = RULES[3].new_game(seed=21)
    for text in ("pass", "pass", "go three"):
        game.apply(text)
    assert len(game.view(2).auction["talon"]) == 6 and game.view(2).auction["part"] is None
    game = RULES[3].new_game(seed=21)
    for text in ("pass", "pass", "go klop"):
        game.apply(text)
    talon = DECK.all_mask & ~sum(game.hands)
    rng = random.Random(21)
    while game.phase != "finished":
        done = len(game.tricks)
        for seat in (0, 1, 2):
            shown = game.view(seat).stock_shown
            assert len(shown) == min(done, 6)
            assert all(talon >> c.index & 1 for c in shown)
        assert game.public_view().stock_shown == game.view(0).stock_shown
        game.apply(rng.choice(game.legal_actions()))
    deal = game.deals[-1]
    assert "talon" not in game.view(0).auction
    contract = deal.contract
    assert isinstance(contract, TarokContract) and "talon" not in contract.to_dict()
    ranked = sorted(c.index for c in DECK.cards_of(talon))
    given = [ranked[r] for r in contract.talon_order]
    piles: list[list[int]] = [[], [], []]
    for number, trick in enumerate(game.tricks):
        piles[trick.winner] += [p.card.index for p in trick.cards]
        if number < 6:
            piles[trick.winner].append(given[number])
    assert sum(len(p) for p in piles) == 54
    assert [deal.scores[s] for s in range(3)] == _klop(piles)


def test_tko_7_2_bad_input_is_refused_in_words_and_changes_nothing() -> None:
    """TKO-7.2: a text that is no action of the family, a king that is no king, a part out
    of range, a card not in the deck: an ActionError naming the input, the game unchanged."""
    game = RULES[4].new_game(seed=1)
    for text, words in (
        ("go nowhere", "expected 'go CONTRACT'"),
        ("call 7C", "a king is called"),
        ("take part 9", "parts 1..6"),
        ("take 1", "expected 'take part N'"),
        ("discard ZZ", "invalid card"),
    ):
        message = refusal_message(game, ActionError, game.apply, text)
        assert words in message and repr(text) in message, message


def test_advise_bids_on_taroks_and_calls_a_king_it_lacks() -> None:
    """TarokCall.advise (TKO-2.x, TKO-3.1): nine taroks or more at three players bid the
    lowest contract offered, fewer pass; forehand alone with few taroks plays klop; at four
    the declarer calls the king of its longest suit that it does not hold."""
    taroks = [c for c in DECK.cards if c.suit is None]
    suits = [c for c in DECK.cards if c.suit is not None]
    rule = RuleBot()
    hands = [taroks[:1] + suits[:15], taroks[1:11] + suits[15:21], taroks[11:] + suits[21:26]]
    game = RULES[3].new_game(seed=0, dealer=2, hands=hands, stock=suits[26:])
    assert str(rule.choose(game.view(1))) == "go two"  # ten taroks
    game.apply("pass")
    assert str(rule.choose(game.view(2))) == "go two"  # eleven
    game.apply("pass")
    assert str(rule.choose(game.view(0))) == "go klop"  # forehand alone, one tarok
    hands = [taroks[:10] + suits[:6], taroks[10:16] + suits[6:16], taroks[16:] + suits[16:26]]
    game = RULES[3].new_game(seed=0, dealer=2, hands=hands, stock=suits[26:])
    assert str(rule.choose(game.view(1))) == "pass"  # six taroks
    game.apply("pass")
    game.apply("pass")
    assert str(rule.choose(game.view(0))) == "go three"  # forehand alone, ten taroks
    four = RULES[4].new_game(seed=3)
    for text in ("pass", "pass", "pass", "go three"):
        four.apply(text)
    called = rule.choose(four.view(0))
    assert isinstance(called, CallKing)
    if not all(four.hands[0] >> k.index & 1 for k in KINGS):
        assert not four.hands[0] >> called.card.index & 1


def test_tko_6_3_a_card_that_fails_to_beat_cites_tko_6_3_and_records_of_1_0_replay() -> None:
    """TKO-6.3, TKO-7.2: since 1.1 a card refused in klop for not beating cites TKO-6.3, one
    refused for not following TKO-6.2 (the duty split in two, the same cards allowed);
    the records of games played under 1.0 (one duty citing TKO-6.2) still replay."""
    from cardrules.profile.registry import earlier_versions

    seen: set[str] = set()
    for seed in range(10):
        game = RULES[3].new_game(seed=seed)
        for text in ("pass", "pass", "go klop"):
            game.apply(text)
        rng = random.Random(seed)
        while game.phase == "play" and not game.deals and len(seen) < 2:
            seat = game.to_act
            assert seat is not None
            allowed = {a.card.index for a in game.legal_actions() if hasattr(a, "card")}
            for card in DECK.cards_of(game.hands[seat]):
                if card.index not in allowed:
                    seen.add(refused(game, f"play {card}").rule)
            game.apply(rng.choice(game.legal_actions()))
    assert seen == {"TKO-6.2", "TKO-6.3"}
    for players, name in ((3, "tarok-openspiel"), (4, "tarok-openspiel-4")):
        (old,) = earlier_versions(name)
        rules = cardrules.load(str(old))
        assert rules.profile.version == "1.0" and [d.name for d in rules.duties] == ["tarok_follow"]
        game = rules.new_game(seed=players)
        play_random(game, random.Random(players))
        again = Game.from_json(game.to_json())
        assert again.rules.profile.version == "1.0" and again.to_json() == game.to_json()
        assert RULES[players].profile.version == "1.1"
