"""skat through the public API: whole deals scored as the rule text counts them, what each
view holds at every step (SK-8.1), the play against a model of the rule text (SK-3), 100
random games, records and undo, the round of deals, and the bots."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Sequence
from decimal import Decimal

import cardrules
from cardrules import Game
from cardrules.deck import Card
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules_skat import DECK, IskoContract, SkatBiddingState, card_points
from cardrules_skat.scoring import declarer_matadors
from helpers import refused, undo_every_step

RULES = cardrules.load("skat")
#: A game of one deal: its tricks stay in view once it is over.
ONE_DEAL = cardrules.load("skat", deals=1)
DEALER = 2
FH, MH, RH = 0, 1, 2
JACK = 11
#: A suit's cards outside the trumps, lowest first (SK-3.1); in null (SK-3.4).
SUIT_ORDER = (7, 8, 9, 12, 13, 10, 14)
NULL_ORDER = (7, 8, 9, 10, 11, 12, 13, 14)
JACKS = "DHSC"  # the jacks from the lowest (SK-3.2)


def preset(*hands: str, skat: str, rules: cardrules.Ruleset = RULES) -> Game:
    return rules.new_game(
        seed=0,
        dealer=DEALER,
        hands=[DECK.parse_cards(h) for h in hands],
        stock=DECK.parse_cards(skat),
    )


def forehand_declares(game: Game, bid: int = 18) -> None:
    """Middlehand bids, forehand holds, both others pass: forehand declares (SK-2.3)."""
    for action in (f"bid {bid}", "yes", "pass", "pass"):
        game.apply(action)


def play_deal(game: Game, declarer: int, leads: Sequence[str], keep: str = "H") -> None:
    """The declarer plays ``leads`` in order; each defender plays a legal card outside the
    suit ``keep`` if it can, else its lowest card of it."""
    mine = iter(leads)
    deal = game.deal_number
    while game.deal_number == deal and game.phase == "play":
        if game.to_act == declarer:
            game.apply(f"play {next(mine)}")
            continue
        legal = [a.card for a in game.legal_actions()]  # type: ignore[attr-defined]
        others = [c for c in legal if c.suit is None or c.suit.name != keep]
        game.apply(f"play {min(others or legal, key=lambda c: c.rank)}")


# The deal of the worked example: forehand holds nine trumps from the top in clubs and the
# seven of hearts, which the defenders' ace of hearts takes in the last trick.
HANDS = (
    "JC JS JH JD AC 10C KC QC 9C 7H",
    "8C AH 10H KH QH 9H 7S 8S 9S 10S",
    "7C 8H QS KS AS 7D 8D 9D 10D QD",
)
LEADS = ("JC", "JS", "JH", "JD", "AC", "10C", "KC", "QC", "9C", "7H")


def test_sk_6_3_a_hand_game_won_schneider() -> None:
    """SK-6.2, SK-6.3, SK-7.1: clubs hand, with 9 (the eight of clubs missing), the declarer
    taking 109 points in nine tricks: with 9, game 10, hand 11, schneider 12: 144.  D-9: the
    scorer counts the matadors in the hands dealt and the skat; no view tells them."""
    game = preset(*HANDS, skat="KD AD")
    forehand_declares(game)
    game.apply("announce clubs hand")
    contract = game.contract
    assert isinstance(contract, IskoContract) and not hasattr(contract, "matadors")
    assert declarer_matadors(contract, game.initial_hands) == 9
    # SK-8.1: the matadors count the skat's cards: no view tells them.
    assert all("matadors" not in json.dumps(game.view(s).to_dict()) for s in (0, 1, 2))
    play_deal(game, FH, LEADS)
    deal = game.deals[0]
    assert deal.tricks == (9, 1, 0)
    defenders = card_points(DECK.mask_of(DECK.parse_cards("7H AH 8H")))
    assert 120 - defenders == 109  # the skat's 15 points are the declarer's (SK-4.2)
    assert deal.scores == {0: Decimal(144), 1: 0, 2: 0}


def test_sk_4_3_schneider_announced_and_made() -> None:
    """SK-4.3, SK-6.3: the same deal with schneider announced: 109 points make it; with 9,
    game, hand, schneider, announced: 13 times 12."""
    game = preset(*HANDS, skat="KD AD")
    forehand_declares(game)
    game.apply("announce clubs hand schneider")
    play_deal(game, FH, LEADS)
    assert game.deals[0].scores == {0: Decimal(156), 1: 0, 2: 0}


def test_sk_4_3_schwarz_announced_and_missed_is_lost_double() -> None:
    """SK-4.3, SK-6.3, SK-7.2: schwarz announced, one trick lost: lost at with 9 and six
    levels (15 times 12), twice over."""
    game = preset(*HANDS, skat="KD AD")
    forehand_declares(game)
    game.apply("announce clubs hand schwarz")
    play_deal(game, FH, LEADS)
    assert game.deals[0].scores == {0: Decimal(-360), 1: 0, 2: 0}


def test_sk_5_3_ouvert_schwarz_made_and_the_hand_in_every_view() -> None:
    """SK-5.3, SK-8.1: grand hand ouvert with every jack and every ace: the declarer's hand
    is in every view (the public one too) from the announcement to the last card; all ten
    tricks made: with 4, game, hand, schneider, ann., schwarz, ann., ouvert: 11 times 24."""
    game = preset(
        "JC JS JH JD AC AS AH AD 10C 10S",
        "7C 8C 9C QC KC 7S 8S 9S QS KS",
        "7H 8H 9H QH KH 10H 7D 8D 9D QD",
        skat="10D KD",
    )
    forehand_declares(game)
    game.apply("announce grand hand ouvert")
    leads = ("JC", "JS", "JH", "JD", "AC", "10C", "AS", "10S", "AH", "AD")
    mine = iter(leads)
    while game.phase == "play":
        shown = set(map(str, game.hand(FH)))
        for seat in (MH, RH, -1):
            view = game.view(seat) if seat >= 0 else game.public_view()
            assert {str(c) for c in view.hands[FH]} == shown
        if game.to_act == FH:
            game.apply(f"play {next(mine)}")
        else:
            game.apply(game.legal_actions()[0])
    assert game.deals[0].tricks == (10, 0, 0)
    assert game.deals[0].scores == {0: Decimal(11 * 24), 1: 0, 2: 0}


def test_sk_6_5_a_hand_game_overbid_by_a_matador_in_the_skat() -> None:
    """SK-6.5 and D-6: middlehand holds neither black jack and bids 48 for clubs hand
    "without 2"; the jack of clubs lies in the skat, so it is "with 1": game 2, hand 3,
    36 (more only with schneider or schwarz against it), below 48: lost at 48 or more."""
    game = preset(
        "AC 10C KC QC AS 10S KS QS 9S AH",
        "JH JD 7C 8C 9C 7S 8S 7D 8D 9D",
        "JS 8H 9H 10H QH KH 7H 10D QD KD",
        skat="JC AD",
        rules=ONE_DEAL,
    )
    game.apply("bid 48")
    game.apply("pass")
    game.apply("pass")
    game.apply("announce clubs hand")
    assert isinstance(game.contract, IskoContract)
    assert declarer_matadors(game.contract, game.initial_hands) == 1
    rng = random.Random(5)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    deal = game.deals[0]
    defenders = sum(
        card_points(DECK.mask_of([c.card for c in t.cards])) for t in game.tricks if t.winner != MH
    )
    levels = 1 + 1 + 1  # with 1, game, hand
    levels += 120 - defenders <= 30  # the declarer schneider (SK-4.3)
    levels += deal.tricks[MH] == 0  # the declarer schwarz
    value = max(12 * levels, 48)  # below the bid: the lowest multiple of 12 reaching 48
    assert deal.scores == {0: 0, 1: Decimal(-2 * value), 2: 0}


def tokens(view: dict[str, object]) -> set[str]:
    """Every word of the view's JSON that reads as a card of the pack."""
    found = set()
    for word in json.dumps(view).replace('"', " ").replace(",", " ").replace("]", " ").split():
        with contextlib.suppress(cardrules.CardError):
            found.add(str(DECK.parse(word)))
    return found


def may_see(game: Game, seat: int) -> set[str]:
    """SK-8.1: the cards ``seat`` (-1: the public) may see now: its hand, the cards played,
    an ouvert declarer's hand, and the skat and the cards laid away for a declarer that
    took the skat up."""
    cards = {c.card for t in game.tricks for c in t.cards} | {c.card for c in game.trick}
    seen = {str(c) for c in cards}
    if seat >= 0:
        seen |= {str(c) for c in game.hand(seat)}
    contract = game.contract
    if (
        isinstance(contract, IskoContract)
        and contract.announced is not None
        and contract.announced.ouvert
        and contract.declarer is not None
        and game.phase == "play"
    ):
        seen |= {str(c) for c in game.hand(contract.declarer)}
    auction = game.auction
    if isinstance(auction, SkatBiddingState) and seat == auction.declarer and auction.taken:
        seen |= {str(c) for c in DECK.cards_of(auction.skat | auction.hands[seat])}
    return seen


def test_sk_8_1_no_view_ever_holds_a_card_its_seat_may_not_see() -> None:
    """SK-8.1, over every seat, the public view and every step of 40 random games and 10
    played by rule bots (the skat taken up, hand games and ouvert games among them): a
    view's cards are those SK-8.1 lets its seat see, nothing more."""
    kinds: set[str] = set()
    for seed in range(50):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        bot = RuleBot()
        while game.phase != "finished":
            for seat in (0, 1, 2, -1):
                view = game.view(seat) if seat >= 0 else game.public_view()
                extra = tokens(view.to_dict()) - may_see(game, seat)
                assert not extra, (seed, seat, game.actions[-3:], extra)
            contract = game.contract
            if isinstance(contract, IskoContract) and contract.announced is not None:
                a = contract.announced
                kinds.add("ouvert" if a.ouvert else "hand" if a.hand else "skat")
            seat_to_act = game.to_act
            assert seat_to_act is not None
            if seed < 40:
                game.apply(rng.choice(game.legal_actions()))
            else:
                game.apply(bot.choose(game.view(seat_to_act)))
    assert kinds == {"ouvert", "hand", "skat"}


def is_trump(card: Card, game: str) -> bool:
    if game == "null":
        return False
    if card.rank == JACK:
        return True
    return card.suit is not None and card.suit.name == game


def strength(card: Card, led: Card, game: str) -> int:
    """SK-3.6: a trump beats every other card; else only the suit led counts."""
    assert card.suit is not None and led.suit is not None
    if is_trump(card, game):
        if card.rank == JACK:
            return 120 + JACKS.index(card.suit.name)
        return 100 + SUIT_ORDER.index(card.rank)
    if is_trump(led, game) or card.suit is not led.suit:
        return -1
    return (NULL_ORDER if game == "null" else SUIT_ORDER).index(card.rank)


def may_play(hand: Sequence[Card], trick: Sequence[Card], game: str) -> set[str]:
    """SK-3.5: follow the suit led if able (the jacks trumps outside null)."""
    if not trick:
        return {str(c) for c in hand}
    led = trick[0]
    if is_trump(led, game):
        follow = [c for c in hand if is_trump(c, game)]
    else:
        follow = [c for c in hand if c.suit is led.suit and not is_trump(c, game)]
    return {str(c) for c in (follow or hand)}


def test_sk_3_the_play_follows_the_rule_text_and_100_random_games_end() -> None:
    """SK-3.1 .. SK-3.7 against a model of the text over 100 random games through the API:
    forehand leads, the legal cards are those SK-3.5 allows, each trick goes to its highest
    trump or the highest card of the suit led, a null game stops at the declarer's first
    trick, any other game is played out to its tenth trick (D-5); each game ends after its
    three deals, the dealer moving one seat to the left (SK-1.1, SK-1.4), every score an
    exact whole Decimal, the defenders' 0 (SK-7.1, SK-7.2)."""
    games: set[str] = set()
    for seed in range(100):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        first = game.dealer
        while game.phase != "finished":
            if game.phase == "play" and game.contract is not None:
                contract = game.contract
                assert isinstance(contract, IskoContract)
                kind = contract.game
                games.add(kind)
                if not game.tricks and not game.trick:
                    assert game.to_act == (game.dealer + 1) % 3  # forehand leads (SK-3.5)
                seat = game.to_act
                assert seat is not None
                trick = [c.card for c in game.trick]
                legal = {str(a.card) for a in game.legal_actions()}  # type: ignore[attr-defined]
                assert legal == may_play(game.hand(seat), trick, kind)
                number, count = game.deal_number, len(game.tricks)
                game.apply(rng.choice(game.legal_actions()))
                if game.deal_number == number and len(game.tricks) > count:
                    done = game.tricks[-1]
                    cards = [c.card for c in done.cards]
                    best = max(range(3), key=lambda i: strength(cards[i], cards[0], kind))
                    assert done.winner == (done.leader + best) % 3
                continue
            game.apply(rng.choice(game.legal_actions()))
        assert len(game.deals) == 3
        assert [d.dealer for d in game.deals] == [(first + i) % 3 for i in range(3)]
        for deal in game.deals:
            contract = deal.contract
            assert isinstance(contract, IskoContract)
            if contract.game == "null" and deal.tricks[contract.declarer or 0]:
                assert deal.tricks[contract.declarer or 0] == 1  # stopped (SK-3.7)
            elif contract.declarer is not None:
                assert sum(deal.tricks) == 10  # played out (SK-3.7, D-5)
            for side, score in deal.scores.items():
                assert isinstance(score, Decimal) and score == score.to_integral_value()
                if side != contract.declarer:
                    assert score == 0
        assert game.totals == {s: sum(d.scores[s] for d in game.deals) for s in range(3)}
    assert games == {"D", "H", "S", "C", "grand", "null"}


def test_sk_1_1_the_number_of_deals_is_chosen_at_load() -> None:
    """SK-1.1: a round of three by default; six when the rules are loaded so; each seat deals
    in turn (SK-1.4)."""
    assert RULES.profile.deals == 3
    game = cardrules.load("skat", deals=6).new_game(seed=4, dealer=1)
    while game.phase != "finished":
        game.apply("pass")
    assert [d.dealer for d in game.deals] == [1, 2, 0, 1, 2, 0]


def test_records_replay_and_undo_at_every_step() -> None:
    """A game's record replays to the same game, and each action undoes to the state before
    (the skat taken up, the cards laid away, the announcement, a null game's last card)."""
    for seed in range(12):
        game = undo_every_step(RULES.new_game(seed=seed), random.Random(seed), replay=True)
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_the_rule_bot_and_mc_play_whole_games() -> None:
    """IskoCall.advise and the mc bot: whole games of three deals, every action legal."""
    for seed in range(4):
        game = RULES.new_game(seed=seed)
        players: list[RuleBot | MonteCarloBot] = [
            RuleBot(),
            MonteCarloBot(samples=4, seed=seed),
            RuleBot(),
        ]
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            action = players[seat].choose(game.view(seat))
            assert str(action) in {str(a) for a in game.legal_actions()}
            game.apply(action)
        assert len(game.deals) == 3


def test_sk_3_5_cards_out_of_turn_or_not_following_are_refused() -> None:
    """SK-3.5, SK-8.2: a card out of turn and a card that does not follow are refused with
    SK-3.5, the game unchanged (D-8: a revoke cannot happen); a jack led in a suit game
    calls for a trump.  D-4: the game announced cannot be changed once play begins."""
    game = preset(*HANDS, skat="KD AD")
    forehand_declares(game)
    game.apply("announce clubs hand")
    assert refused(game, "play AH", seat=MH).rule == "SK-3.5"
    game.apply("play JC")
    assert refused(game, "play AH").rule == "SK-3.5"  # middlehand holds the eight of clubs
    assert {str(a) for a in game.legal_actions()} == {"play 8C"}
    assert "the auction is over" in str(refused(game, "announce grand hand"))  # D-4


def test_sk_1_2_and_1_3_the_pack_and_the_deal() -> None:
    """SK-1.2: four suits of A K Q J 10 9 8 7; SK-1.3: ten cards each and two in the skat,
    in no view; middlehand, on forehand's left, speaks first (SK-2.3)."""
    deck = RULES.deck
    assert deck.size == 32 and {s.name for s in deck.suits} == {"C", "S", "H", "D"}
    for suit in deck.suits:
        assert sorted(c.rank for c in deck.cards if c.suit is suit) == list(range(7, 15))
    for seed in range(10):
        game = RULES.new_game(seed=seed)
        assert [h.bit_count() for h in game.hands] == [10, 10, 10]
        skat = DECK.all_mask & ~(game.hands[0] | game.hands[1] | game.hands[2])
        assert skat.bit_count() == 2
        assert game.to_act == (game.dealer + 2) % 3
        for seat in (0, 1, 2):
            assert not tokens(game.view(seat).to_dict()) & {str(c) for c in DECK.cards_of(skat)}


def test_sk_2_1_each_kind_of_game_with_the_skat_or_from_hand() -> None:
    """SK-2.1: a suit game in each suit, a grand and a null game, each from hand or after
    taking the skat up."""
    for hand in (False, True):
        for game_words in ("diamonds", "hearts", "spades", "clubs", "grand", "null"):
            game = RULES.new_game(seed=7, dealer=DEALER)
            forehand_declares(game)
            if not hand:
                game.apply("take skat")
                game.apply(game.legal_actions()[0])
                game.apply(game.legal_actions()[0])
            game.apply(f"announce {game_words}{' hand' if hand else ''}")
            contract = game.contract
            assert isinstance(contract, IskoContract) and contract.announced is not None
            assert contract.announced.hand is hand and game.phase == "play"


def test_sk_5_1_the_declarer_announces_with_the_hand_it_plays() -> None:
    """SK-5.1: once the skat is taken up and two cards laid away, the declarer holds its
    ten cards to play while it announces its game (its view shows them: the skat's cards
    in, the two laid away out); undo gives the hand as dealt back."""
    for seed in range(5):
        game = RULES.new_game(seed=seed, dealer=DEALER)
        forehand_declares(game)
        declarer = game.to_act
        assert declarer is not None
        dealt = {c.index for c in game.view(declarer).hand}
        game.apply("take skat")
        skat = {DECK.parse(t).index for t in game.view(declarer).auction["skat"]}
        laid = [game.legal_actions()[-1], game.legal_actions()[-2]]
        for action in laid:
            game.apply(action)
        assert game.phase == "auction"  # the game is still to be announced
        away = {DECK.parse(str(a).split()[-1]).index for a in laid}
        hand = {c.index for c in game.view(declarer).hand}
        assert hand == (dealt | skat) - away and len(hand) == 10
        game.undo()
        assert {c.index for c in game.view(declarer).hand} == dealt


def test_sk_3_3_in_a_grand_the_jacks_alone_are_trumps() -> None:
    """SK-3.3: a jack led in a grand calls for a jack, not for its suit; a suit led is
    followed by its cards without the jack; the jack of clubs beats the ace led."""
    game = preset(
        "JC AC 10C KC QC 9C 8C 7C AH 10H",
        "JS 7H 8H 9H KH QH 7S 8S 9S 10S",
        "JH JD AS KS QS AD 10D KD QD 9D",
        skat="7D 8D",
    )
    forehand_declares(game)
    game.apply("announce grand hand")
    game.apply("play JC")
    assert {str(a) for a in game.legal_actions()} == {"play JS"}
    game.apply("play JS")
    assert {str(a) for a in game.legal_actions()} == {"play JH", "play JD"}
    game.apply("play JH")
    assert game.tricks[-1].winner == FH
    game.apply("play AH")
    hearts = {"play 7H", "play 8H", "play 9H", "play KH", "play QH"}
    assert {str(a) for a in game.legal_actions()} == hearts
