"""BR-3.1 .. BR-3.6, BR-4.1, D-4, D-5 and D-6: the play of a bridge board: the opening
lead, dummy shown after it and played by declarer, following suit, winning tricks."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Card, Game, IllegalAction, Play, Suit
from cardrules_bridge import BridgeContract
from helpers import refused

BR = "bridge-duplicate"

#: North holds every top card; South declares spades after North's pass, North is dummy.
HANDS = [
    "AS KS QS JS AH KH QH AD KD QD AC KC QC",
    "10S 9S 8S JH 10H 9H 8H JD 10D 9D JC 10C 9C",
    "7S 6S 5S 7H 6H 5H 8D 7D 6D 5D 8C 7C 6C",
    "4S 3S 2S 4H 3H 2H 4D 3D 2D 5C 4C 3C 2C",
]
#: N passes, E passes, S names spades first, N raises to game: S declares 4♠, N is dummy.
CALLS = ("pass", "pass", "1S", "pass", "4S", "pass", "pass", "pass")
N, E, S, W = 0, 1, 2, 3


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(BR)


def board(rules: cardrules.Ruleset) -> Game:
    """Board 1 (dealer N) dealt ``HANDS``, after ``CALLS``: 4♠ by S, N dummy, W to lead."""
    game = rules.new_game(1, dealer=0, hands=HANDS)
    for call in CALLS:
        game.apply(call)
    return game


def test_br_3_1_declarers_left_hand_opponent_leads(rules: cardrules.Ruleset) -> None:
    """BR-3.1: the player on declarer's left makes the opening lead; a card out of turn is
    refused citing BR-3.1; play then goes clockwise."""
    game = board(rules)
    contract = game.contract
    assert isinstance(contract, BridgeContract)
    assert (contract.declarer, contract.dummy, contract.leader) == (S, N, W)
    assert (game.phase, game.to_act, game.leader) == ("play", W, W)
    err = refused(game, "play 7S", S)
    assert (
        str(err) == "illegal action 'play 7S' by seat 2 (S): BR-3.1: it is the turn of seat 3 (W)"
    )
    game.apply("play 2H")
    assert game.to_act == N


def test_br_3_2_d_4_dummy_is_seen_by_all_from_the_opening_lead_not_before(
    rules: cardrules.Ruleset,
) -> None:
    """BR-3.2 / D-4: before the opening lead no seat sees dummy (only its own hand); from
    it on, every seat sees dummy's hand, to the end of the board."""
    game = board(rules)
    for seat in range(4):
        assert sorted(game.view(seat).hands) == [seat]
    game.apply("play 2H")
    for seat in range(4):
        view = game.view(seat)
        assert sorted(view.hands) == sorted({seat, N})
        assert list(view.hands[N]) == game.hand(N)
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
        if game.deal_number == 1:
            assert all(N in game.view(s).hands for s in range(4))


def test_br_3_3_d_5_declarer_plays_dummys_cards(rules: cardrules.Ruleset) -> None:
    """BR-3.3 / D-5: in dummy's turn the seat to act is dummy's and declarer decides: the
    card is played with ``seat=declarer``; dummy's own seat is refused, citing BR-3.3."""
    game = board(rules)
    game.apply("play 2H")  # W leads
    assert (game.to_act, game.controller(N)) == (N, S)
    declarer, dummy = game.view(S), game.view(N)
    assert declarer.controller == S and declarer.acting_hand == tuple(game.hand(N))
    assert [str(a) for a in declarer.legal_actions] == ["play QH", "play KH", "play AH"]
    assert dummy.legal_actions == ()
    err = refused(game, "play AH", N)
    assert err.rule == "BR-3.3"
    assert str(err) == (
        "illegal action 'play AH' by seat 0 (N): BR-3.3: it is the turn of seat 0 (N), "
        "decided by seat 2 (S)"
    )
    assert refused(game, "play AH", E).rule == "BR-3.3"
    game.apply("play AH", seat=S)
    assert game.trick[-1] == (N, Card.parse("AH"))
    game.apply("play 8H", seat=E)
    err = refused(game, "play 5H", N)  # declarer's own turn: dummy may not play for them
    assert err.rule == "BR-3.3"
    game.apply("play 5H", seat=S)


def test_br_3_4_follow_suit_if_able(rules: cardrules.Ruleset) -> None:
    """BR-3.4: a player holding the suit led must follow; one without it may play any card."""
    game = board(rules)
    game.apply("play 2H")
    game.apply("play AH")
    err = refused(game, "play 10S", E)
    assert err.rule == "BR-3.4"
    assert [str(a) for a in game.legal_actions()] == ["play 8H", "play 9H", "play 10H", "play JH"]
    assert [str(c) for c in rules.legal_cards("3S AH 7C", ["QD"], trump="S")] == [
        "7C",
        "AH",
        "3S",
    ]
    assert [str(c) for c in rules.legal_cards("2S 9H JD", ["KS", "5H"], trump="H")] == ["2S"]


def test_br_3_5_br_3_6_tricks_over_many_boards(rules: cardrules.Ruleset) -> None:
    """BR-3.5 / BR-3.6 / D-6: over random boards, each trick goes to the highest trump in
    it, else the highest card of the suit led (no trump in no-trump), its winner leads the
    next, and all thirteen tricks are played."""
    rng = random.Random(5)
    played = 0
    for seed in range(40):
        game = rules.new_game(seed)
        while game.phase == "auction":
            game.apply(rng.choice(game.legal_actions()))
        if game.deal_number != 1:
            continue  # passed out
        contract = game.contract
        assert isinstance(contract, BridgeContract)
        while game.deal_number == 1:
            game.apply(rng.choice(game.legal_actions()))
        tricks = game.deals[0].tricks
        assert sum(tricks) == 13
        played += 1
    assert played > 30

    for seed in range(10):
        game = rules.new_game(seed)
        while game.phase == "auction":
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != "play":
            continue
        contract = game.contract
        assert isinstance(contract, BridgeContract)
        trump = contract.trump
        while len(game.tricks) < 12:
            game.apply(rng.choice(game.legal_actions()))
        for before, trick in zip(game.tricks, game.tricks[1:], strict=False):
            assert trick.leader == before.winner
        for trick in game.tricks:
            cards = [c for _, c in trick.cards]
            trumps = [c for c in cards if trump is not None and c.suit == trump]
            led = [c for c in cards if c.suit == cards[0].suit]
            best = max(trumps or led, key=lambda c: c.rank)
            assert trick.cards[cards.index(best)].seat == trick.winner


def test_br_3_5_the_highest_trump_wins(rules: cardrules.Ruleset) -> None:
    """BR-3.5: with spades trumps, a two of spades beats the ace of diamonds led; in
    no-trump the highest card of the suit led wins, whatever else is played."""
    assert rules.trick_winner(["AD", "2S", "KD", "3D"], trump="S") == 1
    assert rules.trick_winner(["10C", "AH", "JC", "QC"], trump="NT") == 3


def test_br_3_6_the_winner_leads_from_dummy_when_dummy_won(rules: cardrules.Ruleset) -> None:
    """BR-3.6: dummy wins the first trick, so the next lead is dummy's, chosen by declarer."""
    game = board(rules)
    for card in ("2H", "AH", "8H", "5H"):
        game.apply(f"play {card}", seat=game.controller(game.to_act))
    assert game.tricks[0].winner == N
    assert (game.leader, game.to_act, game.controller(N)) == (N, N, S)
    assert game.view(S).legal_actions and not game.view(N).legal_actions


def test_br_4_1_the_declaring_sides_tricks_make_the_contract(rules: cardrules.Ruleset) -> None:
    """BR-4.1: declarer's and dummy's tricks count together, against six and the level;
    each side wants tricks until the contract is made or defeated."""
    game = board(rules)
    contract = game.contract
    assert isinstance(contract, BridgeContract)
    assert contract.needed == 10
    assert contract.made((6, 0, 4, 0)) == {"": True}
    assert contract.made((5, 1, 4, 3)) == {"": False}
    assert (
        contract.result_words((6, 0, 5, 2))
        == "4♠ by S: 11 tricks of 10 needed, made with 1 overtrick"
    )
    assert contract.result_words((3, 3, 3, 4)) == "4♠ by S: 6 tricks of 10 needed, down 4"
    assert contract.needs_tricks(S, (5, 0, 4, 0)) and not contract.needs_tricks(N, (6, 0, 4, 0))
    assert contract.needs_tricks(E, (0, 3, 0, 0)) and not contract.needs_tricks(W, (0, 2, 0, 2))
    assert contract.words() == "Contract: 4♠ by S, not vulnerable"
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    result = game.deals[0]
    assert sum(result.tricks[s] for s in (N, S)) == contract.taken(result.tricks) == 13
    assert result.scores == {"NS": 510, "EW": -510}  # 4♠ + 3: 120 + 300 + 90


def test_br_3_2_no_card_is_played_in_the_auction(rules: cardrules.Ruleset) -> None:
    """BR-3.2: the play starts after the auction: a card in the auction is refused."""
    game = rules.new_game(1)
    with pytest.raises(IllegalAction) as err:
        game.apply(Play(Card(Suit.S, 14)))
    assert err.value.rule == "BR-2.2"


def test_br_3_7_d_6_a_claim_agreed_by_both_defenders_ends_the_board(
    rules: cardrules.Ruleset,
) -> None:
    """BR-3.7, D-6: declarer claims some of the tricks left; both defenders (not dummy)
    answer in turn; agreed, the declaring side is credited with the tricks claimed and the
    defence with the rest, and the board is scored; one refusal lets play go on."""
    game = board(rules)
    for _ in range(4):  # the first trick
        seat = game.controller(game.to_act)  # type: ignore[arg-type]
        game.apply(game.legal_actions()[0], seat=seat)
    to_act = game.to_act
    assert to_act is not None
    ns_before = game.tricks_won[N] + game.tricks_won[S]
    claimer = game.controller(to_act)
    refused_claim = refused(game, "claim 13", claimer)
    assert refused_claim.rule == "BR-3.7"
    game.apply("claim 10", seat=claimer)
    waiting = game.claim["waiting"]  # type: ignore[index]
    side = rules.side_of(to_act)
    assert len(waiting) == 2 and all(rules.side_of(s) != side for s in waiting)
    assert N not in waiting or side == "EW"  # dummy (N) never answers
    game.apply("refuse claim", seat=waiting[0])
    assert game.phase == "play" and game.to_act == to_act
    game.apply("claim 10", seat=claimer)
    for seat in waiting:
        game.apply("accept claim", seat=seat)
    deal = game.deals[-1]
    ns = deal.tricks[N] + deal.tricks[S]
    gained = 10 if side == "NS" else 12 - 10
    assert ns == ns_before + gained
    assert sum(deal.tricks) == 13
    assert deal.scores["NS"] == -deal.scores["EW"]
