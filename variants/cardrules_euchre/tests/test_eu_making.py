"""Euchre, sections 3 and 4: making trumps and going alone (EU-3.x, EU-4.x, D-4 .. D-7,
D-9), and how OpenSpiel's euchre differs (EUO-2.x, EUO-3.x), on the auction state itself.
Every refusal cites its rule and changes nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardrules.deck import Suit
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Action, Bid
from cardrules.rules.components import DealInfo, Direction
from cardrules.rules.reading import parse_action
from cardrules_euchre import (
    DECK,
    Discard,
    EuchreCall,
    EuchreContract,
    EuchreMaking,
    EuchreMakingState,
    GoAlone,
    NameTrump,
    OrderUp,
    PassCall,
    TakeUp,
)

HANDS = ("9C 10C JC QC KC", "AC 9D 10D JD QD", "KD AD 9H 10H JH", "QH KH AH 9S 10S")
#: The kitty, top first: the upcard is the jack of spades.
KITTY = ("JS", "QS", "KS", "AS")
PASS = PassCall()

OPENSPIEL: dict[str, Any] = {
    "stick_the_dealer": True,
    "alone_after_discard": True,
    "discard_upcard": False,
}


def start(dealer: int = 3, *, kitty: tuple[str, ...] = KITTY, **options: Any) -> EuchreMakingState:
    hands = tuple(DECK.mask_of(DECK.parse_cards(h)) for h in HANDS)
    stock = tuple(DECK.parse(c).index for c in kitty)
    deal = DealInfo(dealer, hands, Direction.named("clockwise"), stock, deck=DECK)
    return EuchreMaking(**options).start(deal)


def act(state: EuchreMakingState, *texts: str) -> None:
    for text in texts:
        seat = state.to_act()
        assert seat is not None
        state.apply(seat, parse_action(text, prefer=(EuchreCall,)))


def legal(state: EuchreMakingState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refused(state: EuchreMakingState, action: Action | str, seat: int | None = None) -> str:
    """The rule a refused action cites; the state is as it was."""
    snapshot = {k: copy.copy(getattr(state, k)) for k in EuchreMakingState.__slots__}
    snapshot["owner"] = state.owner
    if isinstance(action, str):
        action = parse_action(action, prefer=(EuchreCall,))
    actor = state.to_act() if seat is None else seat
    with pytest.raises(IllegalAction) as err:
        state.apply(actor if actor is not None else 0, action)
    assert {k: getattr(state, k) for k in EuchreMakingState.__slots__} == snapshot
    return err.value.rule


def test_eu_3_1_first_round_from_the_dealers_left_order_up_or_take_up() -> None:
    """EU-3.1: the dealer's left speaks first; the others order up, the dealer takes up;
    the first to accept ends the round."""
    state = start(dealer=3)
    assert state.to_act() == 0 and legal(state) == ["pass", "order up", "order up alone"]
    act(state, "pass", "pass", "pass")
    assert state.to_act() == 3 and legal(state) == ["pass", "take up", "take up alone"]
    assert refused(state, "order up") == "EU-3.1"  # the dealer takes up
    assert refused(state, "name H") == "EU-3.1"  # only the upcard's suit in round 1
    act(state, "take up")
    assert state.maker == 3 and state.trump is Suit.S and state.phase == "discard"


def test_eu_3_1_a_non_dealer_may_not_take_up_and_acts_only_in_turn() -> None:
    state = start(dealer=3)
    assert refused(state, "take up") == "EU-3.1"
    assert refused(state, "order up", seat=2) == "EU-3.1"


def test_eu_3_2_the_dealer_takes_the_upcard_in_and_discards_any_of_six() -> None:
    """EU-3.2, D-4: the dealer discards one of six cards, the upcard included; the discard
    is told to the dealer only and never made public."""
    state = start(dealer=3)
    act(state, "order up")
    assert state.to_act() == 3
    assert legal(state) == [f"discard {c}" for c in ("QH", "KH", "AH", "9S", "10S", "JS")]
    assert refused(state, "discard 9C") == "EU-3.2"  # not in the dealer's hand
    assert refused(state, "pass") == "EU-3.2"
    act(state, "discard QH")
    assert state.result() is not None
    hands = state.hands_after()
    assert [str(c) for c in DECK.cards_of(hands[3])] == ["KH", "AH", "9S", "10S", "JS"]
    assert hands[:3] == state.hands[:3]
    assert state.private(3) == {"picked_up": "JS", "discarded": "QH"}
    assert all(state.private(s) == {} for s in (0, 1, 2))
    assert "QH" not in str(state.public())
    assert Discard.private  # the kernel hides the action's text from the other seats


def test_d_4_the_dealer_may_discard_the_upcard_and_trumps_stay() -> None:
    """euchre D-4: discarding the upcard leaves its suit trumps."""
    state = start(dealer=3)
    act(state, "order up", "discard JS")
    contract = state.result()
    assert isinstance(contract, EuchreContract) and contract.trump is Suit.S
    assert state.hands_after() == state.hands


def test_eu_3_3_second_round_names_any_suit_but_the_turned_down_one() -> None:
    """EU-3.3, EU-8.6: all four pass, the upcard is turned down; the second round names
    another suit; nobody picks up or discards."""
    state = start(dealer=0, kitty=("KS", "QS", "JS", "AS"))
    act(state, "pass", "pass", "pass", "pass")
    assert state.phase == "second round" and state.to_act() == 1
    names = ["name C", "name D", "name H"]
    assert legal(state) == ["pass", *names, *(f"{n} alone" for n in names)]
    assert refused(state, "name S") == "EU-3.3"
    assert refused(state, "order up") == "EU-3.3"
    act(state, "pass", "pass")
    assert state.to_act() == 3 and "name S" not in legal(state)
    act(state, "name H")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert (contract.maker, contract.trump, contract.alone) == (3, Suit.H, False)
    assert state.hands_after() == state.hands and state.private(0) == {}


def test_eu_3_4_eu_3_5_the_maker_and_the_calls_are_public_and_final() -> None:
    """EU-3.4, EU-3.5: the maker and partner are the makers; once made, no more calls."""
    state = start(dealer=3)
    act(state, "pass", "order up alone", "discard 10S")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.maker == 1 and contract.undertaken(3) == 3 and contract.undertaken(0) is None
    assert state.public()["maker"] == 1 and state.public()["alone"] is True
    assert state.to_act() is None and legal(state) == []
    assert refused(state, "pass", seat=2) == "EU-3.5"


def test_eu_3_6_stick_the_dealer() -> None:
    """EU-3.6: with the option, the dealer may not pass after seven passes."""
    state = start(dealer=2, stick_the_dealer=True)
    act(state, *["pass"] * 7)
    assert state.to_act() == 2 and "pass" not in legal(state)
    assert refused(state, "pass") == "EU-3.6"
    act(state, "name D")
    assert state.result() is not None


def test_eu_3_7_eight_passes_throw_the_deal_in() -> None:
    """EU-3.7: without stick the dealer, the deal is thrown in: a contract without a
    maker that is not played (the next dealer deals, EU-2.1)."""
    state = start(dealer=2)
    act(state, *["pass"] * 8)
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.maker is None and not contract.needs_play() and contract.made((0,) * 4) == {}
    assert contract.words() == "All passed: the deal is thrown in"


def test_eu_4_1_eu_4_2_eu_5_1_alone_with_the_call_and_the_partner_sits_out() -> None:
    """EU-4.1: going alone is announced with the call; EU-4.2: the partner sits out;
    EU-5.1: the dealer's left leads, or the next seat when it sits out."""
    state = start(dealer=3)
    assert refused(state, "alone") == "EU-4.1"
    act(state, "pass", "pass", "order up alone", "discard QH")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.sitting_out == frozenset({0}) and contract.leader == 1
    assert contract.words() == "Contract: trumps spades, made by S alone"


def test_eu_4_3_the_dealers_partner_alone_the_dealer_still_discards() -> None:
    """EU-4.3, EU-8.5, D-6: West deals, East orders up alone: West takes the upcard in and
    discards, then sits out; North leads."""
    state = start(dealer=3, kitty=("9H", "QS", "KS", "AS"))
    act(state, "pass", "order up alone")
    assert state.to_act() == 3 and state.phase == "discard"
    act(state, "discard 9S")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.sitting_out == frozenset({3}) and contract.leader == 0
    assert contract.trump is Suit.H
    # D-6: ordering up with the partner is as free as alone
    other = start(dealer=3)
    act(other, "pass", "order up")
    assert other.phase == "discard"


def test_eu_4_4_d_7_no_lone_defender_in_euchre() -> None:
    """EU-4.4, D-7: the defenders are never asked, and 'alone' is refused."""
    state = start(dealer=3)
    act(state, "order up", "discard QH")
    assert state.to_act() is None
    contract = state.result()
    assert isinstance(contract, EuchreContract) and contract.lone_defender is None
    assert refused(state, GoAlone(True), seat=1) == "EU-3.5"


def test_d_5_d_9_alone_is_chosen_by_the_maker_only_with_the_call() -> None:
    """D-5: the choice comes with the call; D-9: no later player takes the making away."""
    state = start(dealer=3)
    act(state, "order up")
    assert state.maker == 0 and state.alone is False
    assert refused(state, "order up alone", seat=3) == "EU-3.2"


def test_euo_2_1_one_action_per_suit_no_alone_with_the_call() -> None:
    """EUO-2.1, EUO-3.1: OpenSpiel's calls: pass or the upcard's suit; then after the
    discard the maker says alone or partner."""
    state = start(dealer=3, **OPENSPIEL)
    assert legal(state) == ["pass", "order up"]
    assert refused(state, "order up alone") == "EUO-3.1"
    act(state, "order up")
    assert legal(state) == [f"discard {c}" for c in ("QH", "KH", "AH", "9S", "10S")]
    assert refused(state, "discard JS") == "EUO-2.4"  # EUO-2.4: never the upcard
    act(state, "discard 9S")
    assert state.to_act() == 0 and legal(state) == ["alone", "partner"]
    assert state.public()["alone"] is None
    act(state, "alone")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.alone and contract.sitting_out == frozenset({2}) and contract.leader == 0


def test_euo_2_2_euo_2_3_stick_the_dealer_on_or_off() -> None:
    """EUO-2.2: on by default, the dealer names after seven passes; EUO-2.3: off, eight
    passes end the game (a deal that is not played)."""
    stuck = start(dealer=1, **OPENSPIEL)
    act(stuck, *["pass"] * 7)
    assert refused(stuck, "pass") == "EUO-2.2"
    assert legal(stuck) == ["name C", "name D", "name H"]
    free = start(dealer=1, **{**OPENSPIEL, "stick_the_dealer": False})
    act(free, *["pass"] * 8)
    contract = free.result()
    assert isinstance(contract, EuchreContract) and not contract.needs_play()


def test_euo_3_1_a_second_round_maker_is_asked_at_once() -> None:
    state = start(dealer=1, **OPENSPIEL)
    act(state, *["pass"] * 5, "name D")
    assert state.to_act() == 3 and legal(state) == ["alone", "partner"]
    act(state, "partner")
    contract = state.result()
    assert (
        isinstance(contract, EuchreContract) and contract.leader == 2 and not contract.sitting_out
    )


@pytest.mark.parametrize(
    ("dealer", "calls", "asked"),
    [
        (3, ["order up"], [1, 3]),  # N makes: E is the dealer's nearest defender
        (3, ["pass", "order up"], [0, 2]),  # E makes: N, on the dealer's left, first
        (0, ["order up"], [2, 0]),  # E makes from the dealer's left: S first, then N
    ],
)
def test_euo_3_2_lone_defenders_asked_from_the_dealers_left(
    dealer: int, calls: list[str], asked: list[int]
) -> None:
    """EUO-3.2: each defender in turn, the first the one nearer the dealer's left; a
    defender who goes alone ends the asking and its partner sits out."""
    state = start(dealer=dealer, **{**OPENSPIEL, "allow_lone_defender": True})
    act(state, *calls)
    act(state, f"discard {next(DECK.cards_of(state.hands[dealer]))}", "partner")
    assert state.to_act() == asked[0]
    act(state, "partner")
    assert state.to_act() == asked[1]
    act(state, "alone")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.lone_defender == asked[1]
    assert contract.sitting_out == frozenset({(asked[1] + 2) % 4})
    assert "defending alone" in contract.words()


def test_euo_3_2_a_lone_maker_against_a_lone_defender() -> None:
    """EUO-3.2: two players against one another; the first defender's alone ends it."""
    state = start(dealer=3, **{**OPENSPIEL, "allow_lone_defender": True})
    act(state, "pass", "order up", "discard 9S", "alone")  # E alone
    assert state.to_act() == 0
    act(state, "alone")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.sitting_out == frozenset({3, 2}) and contract.leader == 0
    assert state.to_act() is None


def test_eu_7_2_anything_else_is_refused_with_a_rule() -> None:
    """EU-7.2: an action of another game is refused, and reading a text stays an error of
    its own kind."""
    state = start()
    assert refused(state, Bid(3)) == "EU-3.1"
    with pytest.raises(CardrulesError):
        parse_action("name X", prefer=(EuchreCall,))
    with pytest.raises(CardrulesError):
        NameTrump("H")  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        Discard(object())  # type: ignore[arg-type]


def test_every_action_is_listed_once_and_reads_back() -> None:
    actions = EuchreMaking().every_action()
    assert len(actions) == len(set(actions)) == 1 + 4 + 8 + 2 + 24
    for action in actions:
        assert parse_action(str(action), prefer=(EuchreCall,)) == action
    assert {type(a) for a in actions} == {PassCall, OrderUp, TakeUp, NameTrump, GoAlone, Discard}


def test_reprs_are_readable() -> None:
    state = start()
    assert repr(state) == "<euchre making, dealer 3, upcard JS: first round, 0 passes>"
    assert repr(NameTrump(Suit.H)) == "NameTrump(Suit.H, alone=False)"
    assert repr(TakeUp(alone=True)) == "TakeUp(alone=True)"
    assert "stick_the_dealer=False" in repr(EuchreMaking())
    assert "the dealer's left leads" in EuchreMaking().summary


def test_d_7_a_lone_defender_where_euchre_allows_it() -> None:
    """euchre D-7: with the option allow_lone_defender, the defenders of euchre are asked
    after the discard too (as EUO-3.2 asks them), the maker having called alone."""
    state = start(dealer=3, allow_lone_defender=True)
    act(state, "pass", "order up alone", "discard QH")
    assert state.to_act() == 0 and legal(state) == ["alone", "partner"]
    act(state, "alone")
    contract = state.result()
    assert isinstance(contract, EuchreContract)
    assert contract.sitting_out == frozenset({2, 3}) and contract.leader == 0
