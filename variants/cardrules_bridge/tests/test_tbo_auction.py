"""Tiny bridge's auction (TBO-1.3, TBO-2, TBO-5.2) held against a model of the rule text,
through the public API: the seat to call, the legal calls, the refusals and the contract.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

import cardrules
from cardrules import CardrulesError, Game
from cardrules.deck import Suit
from cardrules_bridge import BridgeBid, BridgePass
from cardrules_bridge.tiny import (
    TINY_CALLS,
    TinyBid,
    TinyContract,
    TinyDouble,
    TinyPass,
    TinyPassedOut,
    TinyRedouble,
    parse_tiny_call,
)
from helpers import refused

RULES = cardrules.load("tiny-bridge-openspiel")
#: TBO-2.2: the six bids, lowest first.
BIDS = ("1H", "1S", "1NT", "2H", "2S", "2NT")
N, E, S, W = range(4)


def side(seat: int) -> int:
    """TBO-1.1: North and South (0, 2) against East and West (1, 3)."""
    return seat % 2


@dataclass
class Model:
    """The auction as TBO-2.1 .. TBO-2.8 tell it, from the calls made so far."""

    calls: list[tuple[int, str]] = field(default_factory=list)

    def to_call(self) -> int | None:
        """TBO-2.1, TBO-2.7: West first, clockwise (N E S W are 0 1 2 3 here), until three
        passes in a row follow the fourth call or a later one."""
        texts = [t for _, t in self.calls]
        if len(texts) >= 4 and texts[-3:] == ["pass"] * 3:
            return None
        return (W + len(texts)) % 4

    def last_bid(self) -> tuple[int, str, int] | None:
        """The last bid, its bidder, and whether it was doubled (1) or redoubled (2) since
        (TBO-2.6: a bid is undoubled)."""
        found: tuple[int, str, int] | None = None
        for seat, text in self.calls:
            if text in BIDS:
                found = (seat, text, 0)
            elif found is not None and text == "double":
                found = (found[0], found[1], 1)
            elif found is not None and text == "redouble":
                found = (found[0], found[1], 2)
        return found

    def legal(self) -> set[str]:
        seat = self.to_call()
        if seat is None:
            return set()
        out = {"pass"}
        last = self.last_bid()
        low = 0 if last is None else BIDS.index(last[1]) + 1
        out.update(BIDS[low:])  # TBO-2.3
        if last is not None:
            bidder, _, doubled = last
            if side(bidder) != side(seat) and doubled == 0:  # TBO-2.4
                out.add("double")
            if side(bidder) == side(seat) and doubled == 1:  # TBO-2.5
                out.add("redouble")
        return out


def rule_breaking(text: str) -> str:
    """The rule a call the model refuses breaks."""
    return {"double": "TBO-2.4", "redouble": "TBO-2.5"}.get(text, "TBO-2.3")


def test_tbo_2_the_auction_follows_the_rule_text_call_by_call() -> None:
    """TBO-2.1 .. TBO-2.8 over 400 random auctions: the seat to call and the legal calls
    are the model's at every turn; every call the model forbids is refused citing TBO-2.3,
    TBO-2.4 or TBO-2.5 with the game unchanged (on a sample); the auction ends where
    TBO-2.7 says; the contract is the last bid, doubled or redoubled as it stands, declared
    by its bidder, with its trump and the declarer's right-hand opponent to lead (TBO-2.8,
    TBO-3.2)."""
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(400):
        game = RULES.new_game(seed=seed)
        model = Model()
        while game.phase == "auction":
            assert game.to_act == model.to_call()
            legal = {str(a) for a in game.legal_actions()}
            assert legal == model.legal()
            if seed % 10 == 0:
                for text in sorted({"pass", "double", "redouble", *BIDS} - legal):
                    assert refused(game, text).rule == rule_breaking(text)
            text = "pass" if rng.random() < 0.45 else rng.choice(sorted(legal))
            seen.add(text)
            assert game.to_act is not None
            model.calls.append((game.to_act, text))
            game.apply(text)
        assert model.to_call() is None
        contract = game.deals[0].contract
        last = model.last_bid()
        if last is None:
            assert isinstance(contract, TinyPassedOut)
            continue
        bidder, bid, doubled = last
        assert isinstance(contract, TinyContract)
        assert (contract.declarer, str(TinyBid(contract.level, contract.strain))) == (bidder, bid)
        assert contract.doubled == doubled
        assert contract.trump == {"H": Suit.H, "S": Suit.S, "T": None}[bid[-1]]
        assert contract.leader == (bidder + 3) % 4
    assert seen == {"pass", "double", "redouble", *BIDS}


def call_all(game: Game, texts: str) -> None:
    for text in texts.split():
        game.apply(text)


def test_tbo_1_3_west_deals_and_calls_first() -> None:
    """TBO-1.3: West (seat 3) deals and calls first in every game; another dealer is
    refused citing the rule."""
    for seed in range(20):
        game = RULES.new_game(seed=seed)
        assert game.dealer == W and game.to_act == W
    with pytest.raises(CardrulesError, match=r"West deals every deal \(TBO-1\.3\)"):
        RULES.new_game(seed=1, dealer=N)


def test_tbo_2_8_the_last_bidder_declares_even_when_partner_named_the_strain() -> None:
    """TBO-2.8 (D-5): West bids 1H, East raises to 2H: East, the last bidder, declares,
    though West named hearts first; East's right-hand opponent, North, leads (TBO-3.2)."""
    game = RULES.new_game(seed=4)
    call_all(game, "1H pass 2H pass pass pass")
    contract = game.deals[0].contract
    assert isinstance(contract, TinyContract)
    assert (contract.declarer, contract.level, contract.strain, contract.doubled) == (E, 2, "H", 0)
    assert contract.leader == N and contract.trump is Suit.H
    assert game.auction.public()["declarer"] == E


def test_tbo_2_6_a_bid_cancels_the_double() -> None:
    """TBO-2.6: W 1H, N doubles, E 1S: 1S is undoubled, so West may not redouble (TBO-2.5)
    and North or South may double it (TBO-2.4)."""
    game = RULES.new_game(seed=5)
    call_all(game, "1H x 1S")
    assert refused(game, "xx").rule == "TBO-2.5"
    game.apply("x")  # South doubles 1S
    assert "redouble" in {str(a) for a in game.legal_actions()}  # West: its side's 1S
    call_all(game, "xx pass pass pass")
    contract = game.deals[0].contract
    assert isinstance(contract, TinyContract)
    assert (contract.contract_text, contract.declarer) == ("1SXX", E)


def test_tbo_2_4_2_5_double_and_redouble_once() -> None:
    """TBO-2.4: only an opponent's last bid is doubled, once, and not after a redouble;
    TBO-2.5: a double is redoubled once, by the side whose bid was doubled."""
    game = RULES.new_game(seed=6)
    game.apply("1NT")  # West
    assert refused(game, "xx").rule == "TBO-2.5"  # North: nothing doubled, and not its side's
    game.apply("x")  # North doubles
    assert refused(game, "x").rule == "TBO-2.4"  # East: its own side's bid
    game.apply("pass")  # East
    assert refused(game, "x").rule == "TBO-2.4"  # South: doubled already
    assert refused(game, "xx").rule == "TBO-2.5"  # South: the opponents' bid
    game.apply("pass")
    game.apply("xx")  # West redoubles
    assert refused(game, "x").rule == "TBO-2.4"  # North: redoubled
    assert refused(game, "xx").rule == "TBO-2.5"  # North: redoubled already
    call_all(game, "pass pass pass")
    contract = game.deals[0].contract
    assert isinstance(contract, TinyContract) and contract.contract_text == "1NTXX"


def test_tbo_2_7_three_passes_after_the_fourth_call() -> None:
    """TBO-2.7: three passes at the start do not end the auction (three passes must follow
    once four calls are made); four passes pass the deal out, 0 to both sides; a bid after
    three passes needs three more."""
    game = RULES.new_game(seed=7)
    call_all(game, "pass pass pass")
    assert game.phase == "auction" and game.to_act == S
    call_all(game, "1S pass pass")
    assert game.phase == "auction"
    game.apply("pass")
    contract = game.deals[0].contract
    assert isinstance(contract, TinyContract) and contract.declarer == S
    game = RULES.new_game(seed=7)
    call_all(game, "pass pass pass pass")
    deal = game.deals[0]
    assert game.phase == "finished" and isinstance(deal.contract, TinyPassedOut)
    assert deal.scores == {"NS": 0, "EW": 0}
    assert game.auction.public()["passed_out"] is True


def test_tbo_2_3_a_bid_must_be_higher_and_2nt_is_the_top() -> None:
    """TBO-2.3: a bid no higher than the last is refused, naming the lowest bid allowed;
    after 2NT only a pass (or a double) remains."""
    game = RULES.new_game(seed=8)
    game.apply("1S")
    err = refused(game, "1H")
    assert err.rule == "TBO-2.3" and "bid 1NT or higher" in str(err)
    assert refused(game, "1S").rule == "TBO-2.3"
    game.apply("2NT")
    assert [str(a) for a in game.legal_actions()] == ["pass", "double"]
    assert "2NT is the highest bid" in str(refused(game, "2S"))


def test_tbo_5_2_calls_out_of_turn_cards_and_bridge_bids_are_refused() -> None:
    """TBO-5.2: a call out of turn (TBO-2.1), a card played (TBO-3.1: no card is played), a
    bid of contract bridge tiny bridge lacks and a call of tricks (TBO-2.2) are refused,
    the game unchanged; a text that is no call at all is an ActionError naming it."""
    game = RULES.new_game(seed=9)
    assert refused(game, "1H", seat=N).rule == "TBO-2.1"
    card = game.hand(W)[0]
    err = refused(game, f"play {card}")
    assert err.rule == "TBO-3.1" and "no card is played" in str(err)
    for text in ("3NT", "1C", "bid 3NT", "bid 2"):
        assert refused(game, text).rule == "TBO-2.2", text
    before = game.to_json()
    with pytest.raises(cardrules.ActionError, match="'zz'"):
        game.apply("zz")
    assert game.to_json() == before
    call_all(game, "pass pass pass pass")
    with pytest.raises(cardrules.IllegalAction, match="the game is over"):
        game.apply("pass")


def test_tbo_2_2_the_calls_read_as_tiny_calls_and_bridge_keeps_its_own() -> None:
    """TBO-2.2: in a tiny bridge game ``1H``, ``1n``, ``1♥``, ``bid 2S``, ``p``, ``x``, ``xx``
    read as tiny bridge's calls, in OpenSpiel's order (D-2); bridge-duplicate reads the same
    texts as its own calls, as before."""
    game = RULES.new_game(seed=10)
    assert game.parse("1H") == TinyBid(1, "H") == game.parse("1♥") == game.parse("bid 1h")
    assert game.parse("1n") == TinyBid(1, "NT") and game.parse("p") == TinyPass()
    assert [str(c) for c in TINY_CALLS] == ["pass", *BIDS, "double", "redouble"]
    assert RULES.auction.every_action() == TINY_CALLS
    assert parse_tiny_call("xx") == TinyRedouble() and parse_tiny_call("X") == TinyDouble()
    with pytest.raises(cardrules.ActionError, match="'3NT'"):
        parse_tiny_call("3NT")
    bridge = cardrules.load("bridge-duplicate").new_game(seed=1)
    assert bridge.parse("1H") == BridgeBid(1, "H") and bridge.parse("p") == BridgePass()
    assert cardrules.parse_action("pass") == BridgePass()


def test_tbo_the_calls_and_the_auction_have_readable_reprs() -> None:
    """Every rule object's repr is the call that rebuilds it."""
    for call in TINY_CALLS:
        assert eval(repr(call)) == call
    assert repr(RULES.auction) == "TinyBridgeAuction(play_turn_rule='TBO-3.1')"
    with pytest.raises(cardrules.ActionError, match=r"TinyBid\(3, 'NT'\)"):
        TinyBid(3, "NT")
