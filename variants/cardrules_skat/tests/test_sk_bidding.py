"""skat: the bidding between listener and speaker (SK-2.x), the skat taken up or a hand
game, the announcements (SK-5.x), and their refusals, each citing its rule and leaving the
game unchanged, through the public API."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import ActionError, Game
from cardrules_skat import DECK, IskoContract, IskoNullContract
from helpers import refused

RULES = cardrules.load("skat")
#: The dealer used here: forehand is seat 0, middlehand seat 1, rearhand seat 2 (SK-1.3).
DEALER = 2
FH, MH, RH = 0, 1, 2
#: The game values the rule text lists first (SK-2.2).
FIRST_VALUES = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60]


def new(seed: int = 3) -> Game:
    return RULES.new_game(seed=seed, dealer=DEALER)


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def bids(game: Game) -> list[int]:
    return [int(t.split()[1]) for t in texts(game) if t.startswith("bid ")]


def declare(game: Game, seat: int, bid: int = 18) -> None:
    """Bid so that ``seat`` becomes declarer at ``bid`` (SK-2.3, SK-2.4)."""
    if seat == FH:
        game.apply(f"bid {bid}")  # middlehand to forehand
        game.apply("yes")
        game.apply("pass")
        game.apply("pass")  # rearhand
    elif seat == MH:
        game.apply(f"bid {bid}")
        game.apply("pass")  # forehand
        game.apply("pass")  # rearhand
    else:
        game.apply("pass")  # middlehand
        game.apply(f"bid {bid}")  # rearhand to forehand
        game.apply("pass")
    assert game.to_act == seat and "take skat" in texts(game)


def test_sk_2_3_middlehand_speaks_to_forehand_then_rearhand_to_the_survivor() -> None:
    """SK-2.3: middlehand bids first, forehand says yes or passes, then rearhand bids to the
    survivor, higher than every value before; the last one left declares at the last value."""
    game = new()
    assert game.dealer == DEALER and game.to_act == MH
    assert bids(game)[:20] == FIRST_VALUES and texts(game)[-1] == "pass"
    game.apply("bid 18")
    assert game.to_act == FH and texts(game) == ["yes", "pass"]
    game.apply("yes")
    assert game.to_act == MH and bids(game)[0] == 20  # higher than the value held
    game.apply("bid 20")
    game.apply("pass")  # forehand is out
    assert game.to_act == RH and bids(game)[0] == 22
    game.apply("bid 24")  # any higher value, not only the next (SK-2.2)
    assert game.to_act == MH and texts(game) == ["yes", "pass"]
    game.apply("yes")
    assert game.to_act == RH and bids(game)[0] == 27
    game.apply("pass")
    assert game.to_act == MH  # the declarer, at the value it held
    public = game.view(FH).to_dict()["auction"]
    assert public["declarer"] == MH and public["bid"] == 24 and public["passed"] == [FH, RH]


def test_sk_2_3_middlehand_passing_lets_rearhand_speak_to_forehand() -> None:
    """SK-2.3: middlehand passes at once; rearhand speaks to forehand, who may hold."""
    game = new()
    game.apply("pass")
    assert game.to_act == RH and bids(game)[0] == 18
    game.apply("bid 18")
    assert game.to_act == FH
    game.apply("yes")
    game.apply("pass")
    assert game.to_act == FH and game.view(FH).to_dict()["auction"]["bid"] == 18


def test_sk_2_4_forehand_may_play_at_18_when_the_others_pass() -> None:
    """SK-2.4: middlehand and rearhand pass without a bid; forehand plays at 18 or passes;
    any other value is refused."""
    game = new()
    game.apply("pass")
    game.apply("pass")
    assert game.to_act == FH and texts(game) == ["bid 18", "pass"]
    assert refused(game, "bid 20").rule == "SK-2.4"
    assert refused(game, "yes").rule == "SK-2.4"
    game.apply("bid 18")
    assert game.to_act == FH and "take skat" in texts(game)


def test_sk_2_5_all_pass_the_deal_is_thrown_in_and_the_next_dealer_deals() -> None:
    """SK-2.5, SK-7.4, SK-1.4: three passes end the deal unplayed; it scores 0, counts as one
    of the game's three deals, and the next seat deals."""
    game = new()
    for _ in range(3):
        game.apply("pass")
    assert len(game.deals) == 1 and game.deals[0].scores == {0: 0, 1: 0, 2: 0}
    contract = game.deals[0].contract
    assert isinstance(contract, IskoContract) and contract.declarer is None
    assert not game.deals[0].tricks or sum(game.deals[0].tricks) == 0
    assert game.deal_number == 2 and game.dealer == (DEALER + 1) % 3 and game.to_act == 2
    for _ in range(6):
        game.apply("pass")
    assert game.phase == "finished" and len(game.deals) == 3  # a round of three (SK-1.1)
    assert [d.dealer for d in game.deals] == [2, 0, 1]


def test_sk_2_refusals_cite_the_bidding_rules() -> None:
    """SK-2.2, SK-2.3, SK-8.2: out of turn, a bid not above the last, a listener bidding, a
    speaker saying yes, a card played during the bidding: refused, the game unchanged; a
    number that is no game value."""
    game = new()
    assert refused(game, "bid 18", seat=RH).rule == "SK-2.3"
    assert refused(game, "yes").rule == "SK-2.3"
    assert refused(game, f"play {game.hand(MH)[0]}").rule == "SK-2.3"
    not_a_value = refused(game, "bid 19")
    assert not_a_value.rule == "SK-2.2" and "19 is no game value" in str(not_a_value)
    game.apply("bid 22")
    assert refused(game, "bid 30").rule == "SK-2.3"  # forehand listens
    game.apply("yes")
    assert refused(game, "bid 22").rule == "SK-2.2"
    assert refused(game, "bid 20").rule == "SK-2.2"
    assert refused(game, "take skat").rule == "SK-2.3"


def test_sk_5_1_the_declarer_takes_the_skat_and_lays_two_away() -> None:
    """SK-5.1: after 'take skat' the declarer lays away two of its twelve cards, one at a
    time; a card it does not hold is refused; then it announces (SK-5.4)."""
    game = new()
    declare(game, MH, 18)
    dealt = game.hands[MH]
    skat = DECK.all_mask & ~(game.hands[0] | game.hands[1] | game.hands[2])
    assert refused(game, f"discard {game.hand(MH)[0]}").rule == "SK-5.2"  # not taken yet
    game.apply("take skat")
    held = dealt | skat
    assert sorted(texts(game)) == sorted(f"discard {c}" for c in DECK.cards_of(held))
    other = next(c for c in DECK.cards if not held >> c.index & 1)
    assert refused(game, f"discard {other}").rule == "SK-5.1"
    assert refused(game, "announce hearts").rule == "SK-5.1"
    cards = list(DECK.cards_of(held))
    game.apply(f"discard {cards[0]}")
    assert refused(game, f"discard {cards[0]}").rule == "SK-5.1"  # already laid away
    game.apply(f"discard {cards[1]}")
    assert texts(game) == [
        "announce diamonds", "announce hearts", "announce spades", "announce clubs",
        "announce grand", "announce null", "announce null ouvert",
    ]  # fmt: skip
    assert refused(game, "announce hearts hand").rule == "SK-5.4"
    with pytest.raises(ActionError):
        game.apply("announce hearts schneider")  # no such game: announced from hand only
    game.apply("announce hearts")
    assert game.phase == "play" and game.to_act == FH  # forehand leads (SK-3.5)
    assert game.hands[MH] == held & ~(1 << cards[0].index) & ~(1 << cards[1].index)
    contract = game.contract
    assert isinstance(contract, IskoContract) and contract.bid == 18
    assert contract.announced is not None and not contract.announced.hand


def test_sk_5_2_a_hand_game_and_its_announcements() -> None:
    """SK-5.2, SK-5.3: from hand the declarer may announce a suit game or grand with hand,
    schneider, schwarz or ouvert (ouvert including schwarz), null hand or null hand ouvert;
    the skat stays where it lies, the hands unchanged."""
    game = new()
    declare(game, RH, 18)
    hands = list(game.hands)
    games = ("diamonds", "hearts", "spades", "clubs", "grand")
    extras = ("", " schneider", " schwarz", " ouvert")
    assert texts(game) == [
        "take skat",
        *(f"announce {g} hand{extra}" for g in games for extra in extras),
        "announce null hand",
        "announce null hand ouvert",
    ]
    assert refused(game, "announce hearts").rule == "SK-5.2"
    game.apply("announce grand hand schwarz")
    assert game.phase == "play" and game.hands == hands
    contract = game.contract
    assert isinstance(contract, IskoContract) and contract.announced is not None
    announced = contract.announced
    assert (announced.hand, announced.schneider, announced.schwarz, announced.ouvert) == (
        True, True, True, False,
    )  # fmt: skip
    assert game.view(RH).to_dict()["auction"]["game"] == "grand hand schwarz"


def test_sk_5_5_a_null_game_below_the_bid_is_refused() -> None:
    """SK-5.5: at a bid of 36 null (23) and null hand (35) are refused, null hand ouvert (59)
    allowed; after the skat, at 48, null ouvert (46) too."""
    game = new()
    declare(game, MH, 36)
    assert "announce null hand" not in texts(game)
    assert "announce null hand ouvert" in texts(game)
    error = refused(game, "announce null hand")
    assert error.rule == "SK-5.5" and "35" in str(error) and "36" in str(error)
    other = new()
    declare(other, MH, 48)
    other.apply("take skat")
    other.apply(other.legal_actions()[0])
    other.apply(other.legal_actions()[0])
    assert "announce null ouvert" not in texts(other) and "announce null" not in texts(other)
    assert refused(other, "announce null ouvert").rule == "SK-5.5"
    assert "announce grand" in texts(other)  # may still reach 48 (SK-6.5 if not)


def test_sk_3_7_a_null_game_stops_at_the_declarers_first_trick() -> None:
    """SK-3.7, SK-4.4: null played with a hand sure to take the first trick: the play stops
    there, the game lost at twice 23 (SK-7.2)."""
    hands = [
        DECK.parse_cards(h)
        for h in (
            "AC AS AH AD KC KS KH KD QC QS",  # forehand, the declarer: leads the ace of clubs
            "7C 8C 9C 10C JC 7S 8S 9S 10S JS",
            "7H 8H 9H 10H JH QH 7D 8D 9D 10D",
        )
    ]
    game = RULES.new_game(seed=1, dealer=DEALER, hands=hands, stock=DECK.parse_cards("JD QD"))
    declare(game, FH, 18)
    game.apply("take skat")
    game.apply("discard JD")
    game.apply("discard QD")
    game.apply("announce null")
    assert isinstance(game.contract, IskoNullContract)
    game.apply("play AC")
    game.apply("play 7C")
    game.apply(f"play {game.legal_actions()[0].card}")  # type: ignore[attr-defined]
    assert len(game.deals) == 1 and game.deals[0].tricks == (1, 0, 0)
    assert game.deals[0].scores == {0: -46, 1: 0, 2: 0}


def test_sk_2_every_random_bidding_ends_in_a_declarer_or_a_throw_in() -> None:
    """SK-2.2 .. SK-2.5 over 300 random biddings: each value bid is higher than the last,
    the declarer is the last one left, and a deal all passed scores nothing."""
    for seed in range(300):
        game = new(seed)
        rng = random.Random(seed)
        values: list[int] = []
        while game.phase == "auction" and "take skat" not in texts(game):
            action = rng.choice(game.legal_actions())
            if str(action).startswith("bid "):
                values.append(int(str(action).split()[1]))
            game.apply(action)
        assert values == sorted(set(values))
        if game.phase == "auction":
            declarer = game.to_act
            passed = game.view(0).to_dict()["auction"]["passed"]
            assert declarer not in passed and len(passed) == 2
        else:
            assert game.deals[0].scores == {0: 0, 1: 0, 2: 0} and game.deal_number == 2
