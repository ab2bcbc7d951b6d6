"""Spades, section 2: the calls (SP-2.1 .. SP-2.3, D-3), blind nil declared before looking
and its exchange (SP-2.4, SP-2.5, D-8) and OpenSpiel's partner cap (SPO-1.2), through the
public API."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cardrules
from cardrules import Game, Ruleset
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules_spades.auction import BlindNil, GiveCard, Look
from helpers import RANKS, card_tokens, lowest_legal, names, refused

SPADES = "spades"
OPENSPIEL = "spades-openspiel"

#: SP-1.2 / D-1: the clubs to N, the spades to E, the diamonds to S, the hearts to W.
BY_SUIT = [" ".join(f"{rank}{suit}" for rank in RANKS) for suit in "CSDH"]


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
    """SP-2.4, SP-2.5: 'blind nil', 'look' and 'give QS' are actions of their own that
    parse_action reads back; a card given is seen by its giver alone."""
    action = cardrules.parse_action("blind nil")
    assert action == BlindNil() and str(action) == "blind nil"
    assert cardrules.parse_action("BLIND NIL") == BlindNil()
    assert cardrules.parse_action("look") == Look() and str(Look()) == "look"
    give = cardrules.parse_action("give 10♠")
    assert give == GiveCard(cardrules.Card.parse("10S")) and str(give) == "give 10S"
    assert give.private and not Look.private and not BlindNil.private
    for text in ("blind 3", "look twice", "give", "give QS KS", "give 1S"):
        with pytest.raises(cardrules.CardrulesError):
            cardrules.parse_action(text)


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


def hidden_cards(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` may not see now: the other hands (less the cards it knows are
    there), and its own while it has not looked at it (SP-2.4, D-5, D-8)."""
    view = game.view(seat)
    known = {str(c) for cards in view.known.values() for c in cards}
    out = {str(c) for s in range(4) if s != seat for c in game.hand(s)} - known
    if seat not in view.hands:
        out |= {str(c) for c in game.hand(seat)}
    return out


def check_every_view(game: Game) -> None:
    """Every seat's view, as its client is sent it, holds no card it may not see; the
    spectator's no card of any hand."""
    for seat in range(4):
        sent = card_tokens(json.loads(game.view(seat).to_json()))
        assert not sent & hidden_cards(game, seat), (seat, sent & hidden_cards(game, seat))
    held = {str(c) for s in range(4) for c in game.hand(s)}
    assert not card_tokens(json.loads(game.public_view().to_json())) & held


def test_sp_2_4_d_8_blind_nil_is_declared_before_looking(tmp_path: Path) -> None:
    """SP-2.4, D-8: with the blind_nil switch on (a profile's [options] or load), nobody
    trails at the start, so blind nil is refused; when NS trail by 221, N and S have not
    looked at their cards: their views hold none of their own (every view checked), and
    they may only declare blind nil or look; E and W call as usual; once S has declared,
    S sees its cards; once N has looked, N calls and blind nil is refused."""
    assert with_options(tmp_path, "blind_nil = true").auction.blind_nil  # type: ignore[attr-defined]
    rules = cardrules.load(SPADES, blind_nil=True)
    first = rules.new_game(seed=6, dealer=3)
    assert "blind nil" not in names(first.legal_actions())
    assert refused(first, "blind nil").rule == "SP-2.4"
    assert all(len(first.view(s).hand) == 13 for s in range(4))
    game = _trailing_game(rules)
    assert game.auction.public()["unseen"] == [0, 2]
    check_every_view(game)
    assert game.view(0).hands == {} and game.view(2).hands == {}
    assert game.view(0).hand_sizes == (13, 13, 13, 13)
    assert len(game.view(1).hand) == 13 and len(game.view(3).hand) == 13
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(14)]  # E
    err = refused(game, "blind nil")
    assert err.rule == "SP-2.4" and "trails by 100" in err.reason
    assert refused(game, "look").rule == "SP-2.4"
    game.apply("bid 3")  # E
    assert names(game.legal_actions()) == ["look", "blind nil"]  # S has not looked
    assert game.view(2).legal_actions == tuple(game.legal_actions())
    err = refused(game, "bid 2")
    assert err.rule == "SP-2.4" and "before looking" in err.reason
    check_every_view(game)
    game.apply("blind nil")  # S, without looking
    assert len(game.view(2).hand) == 13 and game.view(0).hands == {}
    check_every_view(game)
    game.apply("bid 4")  # W
    assert names(game.legal_actions()) == ["look", "blind nil"]  # N
    game.apply("look")
    assert len(game.view(0).hand) == 13 and game.auction.public()["unseen"] == []
    err = refused(game, "blind nil")
    assert err.rule == "SP-2.4" and "you have looked" in err.reason
    check_every_view(game)
    game.apply("bid 4")  # N


def _exchange_game(rules: Ruleset) -> Game:
    """The trailing game's second deal: E 3, S blind nil, W 4, N looks and calls 4."""
    game = _trailing_game(rules)
    for action in ("bid 3", "blind nil", "bid 4", "look", "bid 4"):
        game.apply(action)
    return game


def test_sp_2_5_the_blind_nil_bidder_and_partner_exchange_two_cards_face_down() -> None:
    """SP-2.5, D-8: after the calls, S (blind nil) gives N two cards, then N gives S two, one
    at a time; the cards change hands once all four are given; the opponents never see
    which (every view checked), and each giver knows where its cards are."""
    game = _exchange_game(cardrules.load(SPADES, blind_nil=True))
    assert game.phase == "auction" and game.to_act == 2
    south, north = set(game.hand(2)), set(game.hand(0))
    assert names(game.legal_actions()) == [f"give {c}" for c in game.hand(2)]
    assert refused(game, "bid 3").rule == "SP-2.5"
    assert refused(game, f"give {game.hand(1)[0]}").rule == "SP-2.5"  # not S's card
    assert refused(game, f"give {game.hand(0)[0]}", seat=0).rule == "SP-2.5"  # S gives first
    gives = [game.hand(2)[-1], game.hand(2)[-2]]
    game.apply(f"give {gives[0]}")
    assert refused(game, f"give {gives[0]}").rule == "SP-2.5"  # already given
    game.apply(f"give {gives[1]}")
    check_every_view(game)
    assert game.to_act == 0 and set(game.hand(2)) == south  # nothing has moved yet
    for seat in (0, 1, 3):
        assert [t for s, t in game.view(seat).auction_actions if s == 2][-2:] == [None, None]
    assert game.view(2).auction["given_cards"] == sorted(str(c) for c in gives)
    assert "received" not in game.view(0).auction
    back = [game.hand(0)[0], game.hand(0)[1]]
    game.apply(f"give {back[0]}")
    check_every_view(game)
    game.apply(f"give {back[1]}")
    assert game.phase == "play"
    assert set(game.hand(2)) == (south - set(gives)) | set(back)
    assert set(game.hand(0)) == (north - set(back)) | set(gives)
    assert game.view(2).known == {0: tuple(sorted(gives))}
    assert game.view(0).known == {2: tuple(sorted(back))}
    assert game.view(1).known == {} and game.view(3).known == {}
    assert game.view(2).auction["received"] == [str(c) for c in sorted(back)]
    check_every_view(game)


def test_sp_4_6_a_blind_nil_after_the_exchange_scores_200() -> None:
    """SP-4.6, SP-4.4: the blind nil scores +200 if S takes no trick, else -200; S's tricks
    are bags beside N's 4."""
    game = _exchange_game(cardrules.load(SPADES, blind_nil=True))
    contract = None
    while game.deal_number == 2 and game.phase != "finished":
        contract = game.contract or contract
        game.apply(lowest_legal(game))
    assert contract is not None and contract.calls == (4, 3, 0, 4)
    assert "S blind nil" in contract.words() and contract.to_dict()["blind_nil"] == [2]
    tricks = game.deals[1].tricks
    north = tricks[0]
    base = 40 + (north - 4) if north >= 4 else -40
    bags = (max(north - 4, 0) if north >= 4 else 0) + tricks[2]
    expected = base + tricks[2] - 100 * (bags // 10) + (200 if tricks[2] == 0 else -200)
    assert game.deals[1].scores["NS"] == expected


def test_sp_2_5_both_partners_blind_nil_exchange_once() -> None:
    """SP-2.5, D-8: when N and S both declare blind nil, they exchange once, S (the first to
    declare) giving first."""
    game = _trailing_game(cardrules.load(SPADES, blind_nil=True))
    for action in ("bid 3", "blind nil", "bid 4", "blind nil"):
        game.apply(action)
    assert game.auction.public()["exchange"] == [[2, 0], [0, 2]]
    order = []
    while game.phase == "auction":
        order.append(game.to_act)
        game.apply(lowest_legal(game))
    assert order == [2, 2, 0, 0]
    assert game.contract is not None and game.contract.to_dict()["blind_nil"] == [0, 2]


def test_sp_2_4_blind_nil_and_its_exchange_replay_from_a_record() -> None:
    """SP-2.4, SP-2.5: a record with a blind nil, a look and cards given replays to the same
    game (the options it was loaded with are in it), and undo takes back a card given."""
    rules = cardrules.load(SPADES, blind_nil=True)
    game = _exchange_game(rules)
    for _ in range(3):
        game.apply(lowest_legal(game))
    text = game.to_json()
    assert json.loads(text)["options"] == {"blind_nil": True}
    assert Game.from_json(text, allow_preset_hands=True).to_json() == text
    game.apply(lowest_legal(game))
    game.undo()
    assert game.to_json() == text


def test_sp_2_4_bots_play_blind_nil_games_from_their_views() -> None:
    """SP-2.4, SP-2.5: rule and Monte Carlo bots play games with blind nil from their views
    alone (a hand not looked at is drawn in their worlds like any other), every action
    legal."""
    rules = cardrules.load(SPADES, blind_nil=True)
    seen = set()
    for seed in range(3):
        game = _trailing_game(rules) if seed == 0 else rules.new_game(seed=seed)
        bots = [MonteCarloBot(seed=s, samples=2) if s % 2 else RuleBot() for s in range(4)]
        rng = random.Random(seed)
        start = game.deal_number
        while game.phase != "finished" and game.deal_number < start + 3:
            seat = game.controller(game.to_act)
            legal = game.legal_actions()
            if names(legal) == ["look", "blind nil"] and rng.random() < 0.5:
                action = legal[1]  # go blind now and then, so that cards are exchanged
            else:
                action = bots[seat].choose(game.view(seat))
            assert game.is_legal(action)
            seen.add(str(action).split()[0])
            game.apply(action)
    assert {"look", "blind", "give"} <= seen


def test_spo_2_2_openspiel_has_no_blind_nil_look_or_exchange() -> None:
    """SPO-2.2: spades-openspiel's actions are the fourteen calls and the cards, as
    OpenSpiel's: no blind nil, no look, no card given."""
    rules = cardrules.load(OPENSPIEL)
    assert names(rules.auction.every_action()) == [f"bid {n}" for n in range(14)]  # type: ignore[attr-defined]
    assert rules.auction.blind_nil is False  # type: ignore[attr-defined]
