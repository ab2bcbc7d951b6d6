"""Tiny bridge's result and scores (TBO-3, TBO-4): the double-dummy tricks against a model
of the play the rule text describes, worked examples played through the API, the score
table, and the refusals of the scoring helpers.
"""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import combinations

import pytest

import cardrules
from cardrules import CardrulesError, Game
from cardrules.deck import Suit
from cardrules.rules.components import Contract, FinishedDeal
from cardrules_bridge.tiny import TinyContract, TinyPassedOut
from cardrules_bridge.tiny_scorer import TinyBridgeScorer, double_dummy_tricks, tiny_score

RULES = cardrules.load("tiny-bridge-openspiel")
DECK = RULES.deck
N, E, S, W = range(4)
#: TBO-1.2: within a suit, from the lowest.
RANKS = "JQKA"


def card_key(text: str) -> tuple[str, int]:
    """A card's suit letter and its rank's place, lowest 0 (TBO-1.2): ``"KH"`` -> ("H", 2)."""
    return text[-1], RANKS.index(text[:-1])


def model_tricks(hands: list[list[str]], trump: str | None, leader: int, declarer: int) -> int:
    """TBO-3.2 .. TBO-3.5, as the rule text says them: clockwise from ``leader``, follow
    suit if able (TBO-3.3), the highest trump else the highest of the suit led wins
    (TBO-3.4), the winner leads next; the declaring side's tricks when it maximises them
    and the defenders minimise them (TBO-3.5)."""
    ours = declarer % 2

    def winner(trick: list[tuple[int, str]]) -> int:
        led = card_key(trick[0][1])[0]
        trumps = [(card_key(c)[1], s) for s, c in trick if card_key(c)[0] == trump]
        if trumps:
            return max(trumps)[1]
        return max((card_key(c)[1], s) for s, c in trick if card_key(c)[0] == led)[1]

    def value(held: list[list[str]], seat: int, trick: list[tuple[int, str]]) -> int:
        if not held[seat]:
            return 0
        follow = [c for c in held[seat] if trick and card_key(c)[0] == card_key(trick[0][1])[0]]
        results = []
        for card in follow or held[seat]:
            after = [list(h) for h in held]
            after[seat].remove(card)
            played = [*trick, (seat, card)]
            if len(played) < 4:
                results.append(value(after, (seat + 1) % 4, played))
            else:
                won = winner(played)
                results.append((won % 2 == ours) + value(after, won, []))
        return max(results) if seat % 2 == ours else min(results)

    return value([list(h) for h in hands], leader, [])


def all_deals() -> list[list[list[str]]]:
    """The 2,520 deals, by seat N E S W."""
    cards = [str(c) for c in DECK.cards]
    out = []
    for west in combinations(cards, 2):
        rest = [c for c in cards if c not in west]
        for north in combinations(rest, 2):
            rest2 = [c for c in rest if c not in north]
            for east in combinations(rest2, 2):
                south = [c for c in rest2 if c not in east]
                out.append([list(north), list(east), south, list(west)])
    return out


def test_tbo_3_the_double_dummy_result_is_the_rule_texts() -> None:
    """TBO-3.2 .. TBO-3.5: on 300 of the 2,520 deals, for each trump (TBO-2.8), each
    declarer and its right-hand opponent leading, the scorer's double-dummy tricks are the
    model's."""
    deals = random.Random(1).sample(all_deals(), 300)
    compared = 0
    for hands in deals:
        masks = [DECK.mask_of(DECK.parse_cards(h)) for h in hands]
        for trump in ("H", "S", None):
            suit = None if trump is None else Suit[trump]
            for declarer in range(4):
                leader = (declarer + 3) % 4
                got = double_dummy_tricks(DECK, masks, suit, leader, declarer)
                assert got == model_tricks(hands, trump, leader, declarer), (hands, trump)
                compared += 1
    assert compared == 300 * 12


#: A deal in which the lead and the trump decide everything, by seat N E S W.
EXAMPLE = [["AH", "KH"], ["AS", "KS"], ["QS", "JS"], ["QH", "JH"]]


def play(calls: str, hands: list[list[str]] = EXAMPLE) -> Game:
    game = RULES.new_game(seed=1, hands=hands)
    for text in calls.split():
        game.apply(text)
    assert game.phase == "finished"
    return game


def test_tbo_3_2_declarers_right_hand_opponent_leads() -> None:
    """TBO-3.2: in 1NT by North, West (on North's right) leads a heart, so North's ace and
    king take both tricks: made with an overtrick, 20 (TBO-4.1).  Were East (on the left)
    to lead, its ace and king of spades would take both: the score shows West led."""
    game = play("pass 1NT pass pass pass")
    contract = game.deals[0].contract
    assert isinstance(contract, TinyContract) and contract.leader == W
    assert game.deals[0].scores == {"NS": Decimal(20), "EW": Decimal(-20)}
    masks = [DECK.mask_of(DECK.parse_cards(h)) for h in EXAMPLE]
    assert double_dummy_tricks(DECK, masks, None, E, N) == 0  # (the lead from the left)


def test_tbo_3_4_a_trump_beats_the_suit_led() -> None:
    """TBO-3.3, TBO-3.4: in 2H by South, East leads the ace of spades; South must follow
    with a spade, West and North, void, may trump, and North's ace of hearts beats West's
    queen; North's king of hearts then wins the second trick: 2H made, 30 (TBO-4.1).  In
    2NT East's spades take both tricks: two down, -40 (TBO-4.2)."""
    game = play("pass pass pass 2H pass pass pass")
    assert game.deals[0].contract.leader == E
    assert game.deals[0].scores == {"NS": Decimal(30), "EW": Decimal(-30)}
    game = play("pass pass pass 2NT pass pass pass")
    assert game.deals[0].scores == {"NS": Decimal(-40), "EW": Decimal(40)}


def test_tbo_4_3_doubled_and_redoubled_in_play() -> None:
    """TBO-4.3: the 2NT above, doubled by West and redoubled by North: -40 four times."""
    game = play("pass pass pass 2NT x xx pass pass pass")
    contract = game.deals[0].contract
    assert isinstance(contract, TinyContract) and contract.doubled == 2
    assert game.deals[0].scores == {"NS": Decimal(-160), "EW": Decimal(160)}


def text_score(level: int, strain: str, doubled: int, taken: int) -> int:
    """TBO-4.1 .. TBO-4.3 as the text words them."""
    if taken >= level:
        score = 10 * taken + (10 if level == 2 else 0) + (5 if (level, strain) == (2, "NT") else 0)
    else:
        score = -20 * (level - taken)
    return score * {0: 1, 1: 2, 2: 4}[doubled]


def test_tbo_4_the_score_table() -> None:
    """TBO-4.1 .. TBO-4.4: every contract, doubling and result scores as the text says,
    the declaring side the score and the defenders its opposite, whichever seat declares;
    the text's own figures: 30 for 2H or 2S made, 35 for 2NT, 20 for a one-level contract
    with an overtrick, -20 a trick short."""
    for level in (1, 2):
        for strain in ("H", "S", "NT"):
            for doubled, mark in enumerate(("", "X", "XX")):
                for taken in range(3):
                    want = text_score(level, strain, doubled, taken)
                    assert tiny_score(level, strain, doubled, taken) == want
                    for seat, letter in enumerate("NESW"):
                        got = RULES.score_deal(
                            contract=f"{level}{strain}{mark}", declarer=letter, tricks=taken
                        )
                        ours, theirs = ("NS", "EW") if seat % 2 == 0 else ("EW", "NS")
                        assert got == {ours: Decimal(want), theirs: Decimal(-want)}
    assert [tiny_score(2, s, 0, 2) for s in ("H", "S", "NT")] == [30, 30, 35]
    assert tiny_score(1, "S", 0, 2) == 20 and tiny_score(1, "NT", 0, 0) == -20
    assert RULES.score_deal(contract="pass", declarer="W", tricks=0) == {"NS": 0, "EW": 0}


def test_tbo_4_4_score_counts_the_declaring_sides_tricks() -> None:
    """TBO-4.4: ``rules.score`` of a contract and the tricks of each seat counts declarer's
    and its partner's; a deal passed out scores 0 (TBO-2.7)."""
    contract = TinyContract(Suit.S, N, level=2, strain="S", doubled=1, declarer=E)
    assert RULES.score(contract, (0, 1, 0, 1)) == {"NS": -60, "EW": 60}  # 30 doubled: made
    assert RULES.score(contract, (1, 0, 1, 0)) == {"NS": 80, "EW": -80}  # 2 short, doubled
    assert RULES.score(TinyPassedOut(None, W), (0, 0, 0, 0)) == {"NS": 0, "EW": 0}


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"contract": "3NT", "declarer": "N", "tricks": 1}, "invalid contract: '3NT'"),
        ({"contract": "1C", "declarer": "N", "tricks": 1}, "invalid contract: '1C'"),
        ({"contract": "1H", "declarer": "Q", "tricks": 1}, "invalid declarer: 'Q'"),
        ({"contract": "1H", "declarer": 4, "tricks": 1}, "invalid declarer: 4"),
        ({"contract": "1H", "declarer": "N", "tricks": 3}, "invalid tricks: 3"),
        ({"contract": "1H", "declarer": "N", "tricks": "2"}, "invalid tricks: '2'"),
        ({"contract": "1H", "declarer": "N"}, "invalid deal"),
        ({"contract": "1H", "declarer": "N", "tricks": 1, "vulnerable": True}, "invalid deal"),
    ],
)
def test_tbo_4_bad_deals_described_by_hand_are_refused(
    given: dict[str, object], words: str
) -> None:
    """TBO-4: a deal that cannot be is refused with a CardrulesError naming what is wrong."""
    with pytest.raises(CardrulesError, match=words.replace("(", r"\(")):
        RULES.score_deal(**given)


def test_tbo_3_1_the_scorer_needs_the_hands_dealt() -> None:
    """TBO-3.1: the result comes from the hands dealt; a deal handed over without them (as
    the NumPy batch engine does) is refused, naming the rule; another family's contract,
    or tricks no deal of two cards has, are refused too."""
    scorer = TinyBridgeScorer()
    contract = TinyContract(Suit.H, W, level=1, strain="H", declarer=N)
    with pytest.raises(CardrulesError, match=r"hands dealt .*TBO-3\.1"):
        scorer.score_finished(FinishedDeal(contract, (0, 0, 0, 0), deck=DECK))
    with pytest.raises(CardrulesError, match="expected a tiny bridge contract"):
        scorer.score(Contract(None, W), (0, 0, 0, 0))
    with pytest.raises(CardrulesError, match="invalid tricks"):
        scorer.score(contract, (1, 1, 1, 0))
    assert repr(scorer) == "TinyBridgeScorer()" and repr(RULES.scorer) == repr(scorer)
