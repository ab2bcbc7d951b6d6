"""Spades, section 2: the calls (SP-2.1 .. SP-2.4, D-3) and OpenSpiel's partner cap
(SPO-1.2), through the public API."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import Game, IllegalAction, Ruleset
from cardrules_spades.auction import BlindNil
from helpers import RANKS, lowest_legal, names

SPADES = "spades"
OPENSPIEL = "spades-openspiel"

#: SP-1.2 / D-1: the clubs to N, the spades to E, the diamonds to S, the hearts to W.
BY_SUIT = [" ".join(f"{rank}{suit}" for rank in RANKS) for suit in "CSDH"]


def refused(game: Game, action: str, seat: int | None = None) -> IllegalAction:
    """The refusal of ``action``; the record is byte-identical before and after (D-3)."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, seat=seat)
    assert game.to_json() == before
    return err.value


def with_options(tmp_path: Path, body: str) -> Ruleset:
    """The spades rules with ``body`` under ``[options]``."""
    path = tmp_path / "my-spades.toml"
    path.write_text(
        '[profile]\nname = "my-spades"\ntitle = "My spades"\nextends = "spades"\n\n'
        f"[options]\n{body}\n",
        encoding="utf-8",
    )
    return cardrules.load(path)


@pytest.mark.parametrize("name", [SPADES, OPENSPIEL])
def test_sp_2_1_calls_go_clockwise_from_the_dealers_left_once_each(name: str) -> None:
    """SP-2.1: the dealer's left calls first, then clockwise, the dealer last; each player
    calls once and then play begins."""
    rules = cardrules.load(name)
    for dealer in range(4):
        game = rules.new_game(seed=dealer, dealer=dealer)
        order = []
        while game.phase == "auction":
            order.append(game.to_act)
            game.apply("bid 1")
        assert order == [(dealer + 1 + i) % 4 for i in range(4)]
        assert game.phase == "play"
        assert game.contract is not None and game.contract.calls == (1, 1, 1, 1)


def test_sp_2_1_a_call_out_of_turn_is_refused_citing_the_order() -> None:
    """SP-2.1, D-3: a seat that calls out of turn is refused citing SP-2.1; nothing changes."""
    game = cardrules.load(SPADES).new_game(seed=1, dealer=3)
    err = refused(game, "bid 2", seat=2)
    assert err.rule == "SP-2.1"
    assert "it is the turn of seat 0 (N)" in str(err)


def test_sp_2_2_calls_are_nil_to_thirteen() -> None:
    """SP-2.2: a call is 0 (nil) to 13 tricks, written 'bid 0' .. 'bid 13'; 14 and a card
    are refused citing SP-2.2."""
    game = cardrules.load(SPADES).new_game(seed=2, dealer=0)
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(14)]
    assert refused(game, "bid 14").rule == "SP-2.2"
    card = game.hand(game.to_act)[0]
    assert refused(game, f"play {card}").rule == "SP-2.2"
    game.apply("bid 0")
    assert game.auction.public()["calls"][1] == 0


def test_sp_2_3_no_partner_cap_in_spades() -> None:
    """SP-2.3: in spades the partners' calls are not capped: 13 and 13 are both allowed,
    and the side's contract is their sum (a nil counts 0)."""
    game = cardrules.load(SPADES).new_game(seed=3, dealer=3)
    for call in ("bid 13", "bid 0", "bid 13", "bid 4"):
        assert call in names(game.legal_actions())
        game.apply(call)
    contract = game.contract
    assert contract is not None
    assert contract.calls == (13, 0, 13, 4)
    assert contract.contract_of("NS") == 26 and contract.contract_of("EW") == 4  # type: ignore[attr-defined]
    assert "E nil" in contract.words()


def test_spo_1_2_partner_cap_in_the_openspiel_profile() -> None:
    """SPO-1.2: a player whose partner called b may call only 0..13 - b; more is refused
    citing SPO-1.2; the first partner to call is not capped."""
    game = cardrules.load(OPENSPIEL).new_game(seed=4, dealer=3)
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(14)]
    game.apply("bid 9")  # N
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(14)]
    game.apply("bid 5")  # E
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(5)]  # S: 13 - 9
    err = refused(game, "bid 5")
    assert err.rule == "SPO-1.2"
    game.apply("bid 4")
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(9)]  # W: 13 - 5
    assert refused(game, "bid 9").rule == "SPO-1.2"
    game.apply("bid 0")
    assert game.contract is not None and game.contract.calls == (9, 5, 4, 0)


def test_sp_2_4_blind_nil_reads_its_text() -> None:
    """SP-2.4: 'blind nil' is read as an action of its own, so that it can be refused."""
    action = cardrules.parse_action("blind nil")
    assert action == BlindNil() and str(action) == "blind nil"
    assert cardrules.parse_action("BLIND NIL") == BlindNil()
    with pytest.raises(cardrules.CardrulesError):
        cardrules.parse_action("blind 3")


@pytest.mark.parametrize("name", [SPADES, OPENSPIEL])
def test_sp_2_4_d_8_blind_nil_is_not_offered(name: str) -> None:
    """SP-2.4, SP-4.6, D-8, SPO-2.2: blind nil is refused citing SP-2.4, and it is never
    among the legal actions nor in every action the bidding knows (so none is scored)."""
    rules = cardrules.load(name)
    assert "blind nil" not in names(rules.auction.every_action())  # type: ignore[attr-defined]
    game = rules.new_game(seed=5, dealer=1)
    assert "blind nil" not in names(game.legal_actions())
    err = refused(game, "blind nil")
    assert err.rule == "SP-2.4"
    assert err.reason == (
        "blind nil is not offered in these rules (it is declared before looking at the cards)"
    )


def _trailing_game(rules: Ruleset) -> Game:
    """A game after a first deal in which E takes every trick (E holds all the spades):
    NS called 5 + 5 and lose 100, EW called 6 + 6 and score 121 (SP-4.1, SP-4.2)."""
    game = rules.new_game(seed=6, dealer=3, hands=BY_SUIT)
    for call in ("bid 5", "bid 6", "bid 5", "bid 6"):
        game.apply(call)
    while game.deal_number == 1:
        game.apply(lowest_legal(game))
    assert game.deals[0].tricks == (0, 13, 0, 0)
    assert game.totals == {"NS": -100, "EW": 121}
    assert game.phase == "auction" and game.dealer == 0 and game.to_act == 1
    return game


def test_sp_2_4_d_8_blind_nil_stays_refused_when_trailing() -> None:
    """SP-2.4, D-8: a side trailing by 221 still may not declare blind nil."""
    game = _trailing_game(cardrules.load(SPADES))
    game.apply("bid 3")  # E
    assert refused(game, "blind nil").rule == "SP-2.4"


def test_sp_2_4_d_8_blind_nil_is_no_option(tmp_path: Path) -> None:
    """SP-2.4, D-8: there is no ``blind_nil`` switch: a profile that sets one is refused."""
    with pytest.raises(cardrules.ProfileError) as err:
        with_options(tmp_path, "blind_nil = true")
    assert "blind_nil" in str(err.value)
