"""The Game, for every profile of the API tests: dealer and deal number, who decides for a
seat, the actions ``apply`` takes, refusals that leave the game as it was, and the record.

Refusals of input that is not an action, a seat or a setting at all are in
``test_errors.py``.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

import cardrules
from cardrules import Bid, Card, Game, IllegalAction, Play, Ruleset
from cardrules.cards import CARDS
from cardrules_minibridge import ChooseContract
from helpers import refusal_message, to_play

# -- dealer, deal number, controller ----------------------------------------------------


def test_dealer_and_deal_number_follow_the_deals(rules: Ruleset) -> None:
    """game.dealer is the current dealer and game.deal_number counts deals from 1."""
    game = rules.new_game(seed=7, dealer=2)
    seen = [(game.deal_number, game.dealer)]
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
        if seen[-1][0] != game.deal_number:
            seen.append((game.deal_number, game.dealer))
    step = rules.direction.step
    assert seen == [(n + 1, (2 + n * step) % 4) for n in range(len(game.deals))]
    assert len(game.deals) == rules.deals == game.deal_number


def test_controller_is_the_seat_itself_outside_dummy(rules: Ruleset) -> None:
    """game.controller(seat): each seat decides for itself, except dummy (declarer decides)."""
    game = to_play(rules.new_game(seed=3))
    contract = game.contract
    assert contract is not None
    declarer = getattr(contract, "declarer", None)  # Minibridge's contract: declarer plays dummy
    for seat in range(4):
        expected = declarer if seat == getattr(contract, "dummy", None) else seat
        assert game.controller(seat) == expected


# -- actions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["bid 3", "play AH", "play 10S", "contract S game", "contract NT partscore"]
)
def test_action_texts_round_trip(text: str) -> None:
    """str(action) is 'bid 3', 'play AH', 'contract S game', 'contract NT partscore'."""
    assert str(cardrules.parse_action(text)) == text


def test_action_objects_print_as_their_text() -> None:
    """Action objects made directly print the same texts."""
    assert str(Bid(3)) == "bid 3"
    assert str(Play(Card.parse("AH"))) == "play AH"
    assert str(ChooseContract("S", "game")) == "contract S game"
    assert str(ChooseContract("NT", "partscore")) == "contract NT partscore"


def test_apply_takes_texts_and_objects_alike(rules: Ruleset) -> None:
    """apply('play AH') and apply(Play(...)) make the same game."""
    by_text = rules.new_game(seed=5)
    by_object = rules.new_game(seed=5)
    for _ in range(30):
        action = by_object.legal_actions()[0]
        by_text.apply(str(action))
        by_object.apply(action)
    assert by_text.to_json() == by_object.to_json()


# -- refusals -------------------------------------------------------------------------


def test_illegal_card_names_the_rule_and_changes_nothing(rules: Ruleset) -> None:
    """An illegal card raises IllegalAction naming the profile's rule id; the game is unchanged."""
    game = to_play(rules.new_game(seed=11))
    duty_rules = {duty.rule for duty in rules.duties}
    while game.phase != "finished":
        seat = game.to_act
        assert seat is not None
        legal = {a.card for a in game.legal_actions() if isinstance(a, Play)}
        illegal = [c for c in game.hand(seat) if c not in legal]
        if illegal:
            card = illegal[0]
            message = refusal_message(game, IllegalAction, game.apply, Play(card))
            with pytest.raises(IllegalAction) as err:
                game.apply(f"play {card}")
            assert err.value.rule in duty_rules
            assert message == (
                f"illegal action 'play {card}' by seat {seat} ({'NESW'[seat]}): "
                f"{err.value.rule}: {err.value.reason}"
            )
            return
        game.apply(game.legal_actions()[0])
    pytest.fail("no illegal card came up in a whole game")


def test_nothing_is_legal_after_the_end(rules: Ruleset) -> None:
    """A finished game offers no action and refuses any, unchanged."""
    game = rules.new_game(seed=2)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert game.to_act is None and game.legal_actions() == []
    message = refusal_message(game, IllegalAction, game.apply, "play AH")
    assert message == "illegal action 'play AH': the game is over"


# -- the record -------------------------------------------------------------------------


def test_json_round_trip_is_exact_at_every_stage(rules: Ruleset) -> None:
    """to_json() / Game.from_json() round trip exactly: fresh, mid-deal, between deals, finished."""
    game = rules.new_game(seed=13)
    checkpoints = {0, 1, 7, 30, 60, 120}
    step = 0
    while True:
        if step in checkpoints or game.phase == "finished":
            text = game.to_json()
            copy = Game.from_json(text)
            assert copy.to_json() == text
            assert [copy.view(s).to_dict() for s in range(4)] == [
                game.view(s).to_dict() for s in range(4)
            ]
        if game.phase == "finished":
            break
        game.apply(game.legal_actions()[0])
        step += 1
    assert all(isinstance(v, Decimal) for v in game.totals.values())


@pytest.mark.parametrize("name", ["callbreak-strict", "minibridge-ebu", "oh-hell", "oh-hell-5"])
def test_trick_state_knows_the_cards_of_the_completed_tricks(name: str) -> None:
    """The duties' view (TrickState) of every moment of a game: the trick in progress,
    and the cards of the deal's completed tricks only (never the stock, never a hand)."""
    import random

    rules = cardrules.load(name)
    game = rules.new_game(seed=11)
    rng = random.Random(3)
    while game.phase != "finished":
        if game.phase == "play":
            state = game.trick_state()
            done = 0
            for trick in game.tricks:
                for played in trick.cards:
                    done |= 1 << played.card.index
            assert state.played_before == done
            assert state.cards == tuple(p.card.index for p in game.trick)
            assert state.first_trick == (not game.tricks)
        game.apply(rng.choice(game.legal_actions()))


# -- the position as masks (rollouts, adapters) --------------------------------------------


def _mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


@pytest.mark.parametrize("name", ["callbreak-strict", "hearts", "oh-hell", "bridge-duplicate"])
def test_the_position_accessors_agree_with_the_public_state(name: str) -> None:
    """legal_mask, played_mask, dealt_mask, trump_mask, winning_seat and beating_mask say
    as masks what the game says otherwise: the legal plays, the completed tricks, the
    cards dealt, the trump suit, who wins the trick so far and what would beat it."""
    import random

    rules = cardrules.load(name)
    game = rules.new_game(seed=13)
    rng = random.Random(13)
    while game.phase != "finished":
        if game.phase == "play":
            legal = game.legal_actions()
            assert game.legal_mask() == _mask(a.card for a in legal)  # type: ignore[attr-defined]
            done = _mask(p.card for t in game.tricks for p in t.cards)
            assert game.played_mask() == done
            held = 0
            for seat in range(rules.players):
                held |= _mask(game.hand(seat))
            assert game.dealt_mask == held | done | _mask(p.card for p in game.trick)
            trump = game.contract.trump if game.contract is not None else None
            suit = 0 if trump is None else _mask(c for c in CARDS if c.suit == trump)
            assert game.trump_mask == suit
            if game.trick:
                state = game.trick_state()
                winner = next(p.seat for p in game.trick if p.card.index == state.winner)
                assert game.winning_seat == winner
                assert game.beating_mask() == state.beats
            else:
                assert game.beating_mask() == -1
        game.apply(rng.choice(game.legal_actions()))


def test_play_cards_plays_the_deal_out_by_a_policy_and_records_it() -> None:
    """play_cards(choose) plays what ``choose`` picks to the end of the deal; the cards are
    recorded as apply records them, so the game is a record like any other."""
    rules = cardrules.load("callbreak-strict")
    game = rules.new_game(seed=4)
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    same = Game.from_json(game.to_json(), rules=rules)
    game.play_cards(lambda g, seat, legal: (legal & -legal).bit_length() - 1)  # lowest card
    while same.deal_number == 1:
        same.apply(same.legal_actions()[0])  # the lowest card by index, too
    assert game.to_json() == same.to_json()
    assert game.deal_number == 2 and game.phase == "auction"
    game.undo()
    assert game.deal_number == 1 and len(game.trick) == 3


def test_play_cards_without_a_record_is_a_playout() -> None:
    """record=False: the cards are not recorded, and the game is no record any more
    (undo and to_json refuse it); halt_after_deal stops it once the deal is scored."""
    game = cardrules.load("oh-hell").new_game(seed=2)
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    recorded = list(game.actions)
    game.halt_after_deal = True
    game.play_cards(lambda g, seat, legal: legal.bit_length() - 1, record=False)
    assert game.phase == "scored" and game.to_act is None and len(game.deals) == 1
    assert game.actions == recorded
    with pytest.raises(cardrules.CardrulesError, match="played out without a record"):
        game.undo()
    with pytest.raises(cardrules.CardrulesError, match="played out without one"):
        game.to_json()


@pytest.mark.parametrize("chosen", [-1, 60, "0", None])
def test_play_cards_refuses_an_index_not_legal(chosen: object) -> None:
    """A policy that picks anything but one of the legal cards' indices is refused, and the
    game is left as it was."""
    game = to_play(cardrules.load("callbreak-strict").new_game(seed=4))
    before = game.to_json()
    with pytest.raises(cardrules.CardrulesError, match="invalid card index"):
        game.play_cards(lambda g, seat, legal: chosen)
    assert game.to_json() == before


def test_from_deal_deals_the_hands_given_or_none_when_thrown_in() -> None:
    """Game.from_deal: the first deal is the hands (masks) and stock (indices) given;
    None where the rules throw that deal in (APP-1.2: a hand without a spade)."""
    rules = cardrules.load("callbreak-app")
    deal = rules.new_game(seed=1, dealer=0)
    game = Game.from_deal(rules, deal.initial_hands, (), dealer=0)
    assert game is not None
    assert game.initial_hands == deal.initial_hands and game.deal_number == 1
    assert game.to_json() != deal.to_json()  # (its seed is not the deal's)
    no_spade = [0, 0, 0, 0]
    cards = sorted(CARDS, key=lambda c: (c.suit.name == "SPADES", c.index))
    for k, card in enumerate(cards):
        no_spade[k // 13] |= 1 << card.index
    assert Game.from_deal(rules, no_spade, (), dealer=0) is None


def test_auction_actions_lists_the_deals_calls_with_their_seats(strict: Ruleset) -> None:
    """``game.auction_actions``: the auction's actions of this deal, each with its seat, in
    order (D-2: dealer 0, so seat 3 calls first, then 2...); a new deal starts empty."""
    game = strict.new_game(seed=1, dealer=0)
    assert game.auction_actions == ()
    game.apply("bid 2")
    game.apply("bid 3")
    assert game.auction_actions == ((3, Bid(2)), (2, Bid(3)))
    assert game.view(0).auction_actions == ((3, "bid 2"), (2, "bid 3"))
    game.undo()
    assert game.auction_actions == ((3, Bid(2)),)


def test_a_finished_game_names_the_winners_its_standings_put_first() -> None:
    """``game.over.winners`` and the standings agree at the end of every profile's game
    (the end condition's winners if it names any, else the sides of the best total, as
    the standings mark them ``winner``), ties and lowest-wins games included."""
    for name in cardrules.profiles():
        for seed in range(4):
            game = cardrules.load(name).new_game(seed=seed)
            rng = random.Random(seed)
            while game.phase != "finished":
                game.apply(rng.choice(game.legal_actions()))
            assert game.over is not None
            marked = tuple(st.side for st in game.standings() if st.winner)
            assert game.over.winners == marked, (name, seed, game.totals)
