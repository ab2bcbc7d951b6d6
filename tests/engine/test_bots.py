"""Computer players: they see only views (APP-6.1), random ones are reproducible,
rule-based ones call their sure tricks, win cheaply while their side needs
tricks, and choose a Minibridge contract from the hands they see (MB-3.4)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

import cardrules
from cardrules import (
    Action,
    Bid,
    CallsContract,
    Card,
    Contract,
    Game,
    Play,
    Suit,
    View,
    parse_cards,
)
from cardrules.cards import mask_of
from cardrules.engine.bots import (
    Bot,
    RandomBot,
    RuleBot,
    autoplay,
    bots_by_name,
    play_game,
    side_needs_tricks,
    sure_tricks,
)
from cardrules_minibridge.actions import GOALS, STRAINS, ChooseContract
from cardrules_minibridge.contracts import DeclarerContract
from helpers import SHIPPED_PROFILES

STRICT = "callbreak-strict"
TEN_CONTRACTS: tuple[Action, ...] = tuple(
    ChooseContract(s, "game" if g == "game" else "partscore") for s in STRAINS for g in GOALS
)


def contract_object(d: dict[str, Any]) -> Contract:
    """The contract object of a contract's JSON form (calls, or a declarer's contract)."""
    trump = None if d.get("trump") is None else Suit[d["trump"]]
    if "declarer" in d:
        fields = {k: d[k] for k in ("declarer", "dummy", "strain", "goal", "target")}
        return DeclarerContract(trump, d["leader"], **fields)
    return CallsContract(trump, d["leader"], tuple(d.get("calls", ())))


def make_view(
    *,
    hand: str,
    legal: tuple[Action, ...] | None = None,
    seat: int = 0,
    to_act: int | None = None,
    trick: str = "",
    trick_seats: tuple[int, ...] = (),
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...] = (),
    tricks_won: tuple[int, ...] = (0, 0, 0, 0),
    contract: dict[str, Any] | None = None,
    trump: str | None = "S",
    hands: dict[int, str] | None = None,
    phase: str = "play",
    partnership: bool = False,
) -> View:
    """A view built by hand: only what one seat may know."""
    own = tuple(parse_cards(hand))
    seen = {seat: own}
    for s, cards in (hands or {}).items():
        seen[s] = tuple(parse_cards(cards))
    played = parse_cards(trick)
    seats = trick_seats or tuple((seat - len(played) + i) % 4 for i in range(len(played)))
    sides: tuple[Any, ...] = ("NS", "EW") if partnership else (0, 1, 2, 3)
    return View(
        seat=seat,
        profile="hand-made",
        phase=phase,
        deal_number=1,
        dealer=3,
        to_act=seat if to_act is None else to_act,
        controller=seat,
        hands=seen,
        hand_sizes=(13, 13, 13, 13),
        auction={},
        contract=contract,
        trump=trump,
        trick=tuple(zip(seats, played, strict=True)),
        tricks=tricks,
        tricks_won=tricks_won,
        totals={side: Decimal(0) for side in sides},
        deal_scores=(),
        legal_actions=tuple(Play(c) for c in own) if legal is None else legal,
        deal_contract=None if contract is None else contract_object(contract),
    )


def plays(cards: str) -> tuple[Action, ...]:
    return tuple(Play(c) for c in parse_cards(cards))


def bids(low: int, high: int) -> tuple[Action, ...]:
    return tuple(Bid(n) for n in range(low, high + 1))


class SpyBot:
    """Records every argument it is given, then plays like the wrapped bot."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.seen: list[object] = []

    def choose(self, view: View) -> Action:
        self.seen.append(view)
        return self.inner.choose(view)


# ---------------------------------------------------------------------------
# Bots see views only


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_app_6_1_bots_get_only_the_view_of_the_deciding_seat(name: str) -> None:
    """APP-6.1: computer players see only their own cards (plus a hand exposed to every
    seat, such as Minibridge's dummy): each bot gets ``game.view(controller)``, nothing else."""
    game = cardrules.load(name).new_game(seed=11)
    seats = range(game.rules.players)
    spies = {s: SpyBot(RuleBot()) for s in seats}
    while game.to_act is not None:
        seat = game.controller(game.to_act)
        views = [game.view(s) for s in seats]
        n = len(game.actions)
        autoplay(game, spies, until=lambda g, n=n: len(g.actions) > n)
        got = spies[seat].seen[-1]
        assert got == views[seat]
        for other in set(views[seat].hands) - {seat}:
            assert all(other in v.hands for v in views), f"{name}: hand of {other} not public"
    assert game.phase == "finished"
    assert all(isinstance(v, View) for spy in spies.values() for v in spy.seen)
    assert sum(len(spy.seen) for spy in spies.values()) == len(game.actions)


def test_autoplay_stops_at_a_seat_without_a_bot() -> None:
    """The seat without a bot (a human) is left to act; nothing is played for it."""
    game = cardrules.load(STRICT).new_game(seed=4, dealer=0)
    human = game.to_act
    assert human is not None
    table = {s: RuleBot() for s in range(4) if s != human}
    autoplay(game, table)
    assert game.to_act == human and game.actions == []


def test_bots_refuse_a_view_without_a_decision() -> None:
    """A bot asked with a view whose seat is not to decide says so."""
    game = cardrules.load(STRICT).new_game(seed=4, dealer=0)
    idle = next(s for s in range(4) if s != game.to_act)
    for bot in (RandomBot(1), RuleBot()):
        with pytest.raises(cardrules.CardrulesError) as err:
            bot.choose(game.view(idle))
        assert (
            str(err.value) == f"no decision for seat {idle}: it is the turn of seat {game.to_act}"
        )


# ---------------------------------------------------------------------------
# RandomBot


def _random_game(seed: int, bot_seed: int) -> Game:
    game = cardrules.load(STRICT).new_game(seed=seed)
    return play_game(game, [RandomBot(f"{bot_seed}/{i}") for i in range(4)])


def test_random_bot_is_reproducible_from_its_seed() -> None:
    """The same seeds give the same game, action for action; another bot seed differs."""
    first = _random_game(5, 1)
    assert first.phase == "finished"
    assert _random_game(5, 1).actions == first.actions
    assert _random_game(5, 2).actions != first.actions


def test_random_bot_draws_every_legal_action() -> None:
    """Uniform over ``view.legal_actions``: only legal ones, and each of them in time."""
    legal = plays("AH 3H 9H")
    view = make_view(hand="AH 3H 9H KD", legal=legal)
    bot = RandomBot(3)
    drawn = [bot.choose(view) for _ in range(200)]
    assert set(drawn) == set(legal)
    assert all(80 > drawn.count(a) > 40 for a in legal)


def test_bots_by_name_builds_seeded_bots() -> None:
    """``bots_by_name`` reads a comma-separated list; random bots are seeded per position."""
    bots = bots_by_name("rule, random,RANDOM", seed=7)
    assert [type(b) for b in bots] == [RuleBot, RandomBot, RandomBot]
    assert [b.seed for b in bots[1:]] == ["7/1", "7/2"]  # type: ignore[attr-defined]
    game_a = play_game(
        cardrules.load(STRICT).new_game(seed=2), bots_by_name("random," * 3 + "rule", seed=9)
    )
    game_b = play_game(
        cardrules.load(STRICT).new_game(seed=2), bots_by_name("random," * 3 + "rule", seed=9)
    )
    assert game_a.actions == game_b.actions


def test_bots_by_name_unknown_name() -> None:
    with pytest.raises(cardrules.CardrulesError) as err:
        bots_by_name("rule,clever")
    assert str(err.value) == "invalid bots: unknown bot 'clever'; known: mc, random, rule"
    with pytest.raises(cardrules.CardrulesError) as err:
        bots_by_name("rule,,rule")
    assert str(err.value) == (
        "invalid bots: 'rule,,rule' (expected names separated by commas, "
        "e.g. 'rule,rule,random'; known: mc, random, rule)"
    )


def test_play_game_needs_a_bot_per_seat() -> None:
    game = cardrules.load(STRICT).new_game(seed=1)
    with pytest.raises(cardrules.CardrulesError) as err:
        play_game(game, [RuleBot()] * 3)
    assert str(err.value) == "invalid bots: need one bot per seat, 4 in all (got 3)"
    with pytest.raises(cardrules.CardrulesError) as err:
        play_game(game, {0: RuleBot(), 2: RuleBot()})
    assert str(err.value) == "invalid bots: no bot for seat 1, 3"
    assert game.actions == []


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_rule_bots_finish_every_profile(name: str) -> None:
    """Rule and random bots play a whole game of every shipped profile."""
    rules = cardrules.load(name)
    names = ",".join(("rule", "random")[s % 2] for s in range(rules.players))
    game = play_game(rules.new_game(seed=3), dict(enumerate(bots_by_name(names, seed=3))))
    assert game.phase == "finished"
    assert len(game.deals) >= 1


# ---------------------------------------------------------------------------
# RuleBot: calls


def _call(hand: str, low: int = 2, high: int = 13, trump: str | None = "S") -> int:
    view = make_view(hand=hand, legal=bids(low, high), phase="auction", trump=trump)
    action = RuleBot().choose(view)
    assert isinstance(action, Bid)
    return action.tricks


def test_rule_bot_counts_trump_honours_with_their_guards() -> None:
    """A, K with a guard, Q with two guards, J with three count; bare honours do not."""
    side = "2C 3C 4C 5D 6D 7D 2H 3H 4H"  # nine side cards, no honours, no short suit
    assert sure_tricks(mask_of(parse_cards("AS KS QS JS " + side)), 3) == 4
    assert sure_tricks(mask_of(parse_cards("KS 2S 3S 4S " + side)), 3) == 1
    assert sure_tricks(mask_of(parse_cards("QS JS 2S 5C " + side)), 3) == 1  # Q with 2 guards
    assert sure_tricks(mask_of(parse_cards("QS 2S 5C 6C " + side)), 3) == 0  # Q with 1 guard
    assert sure_tricks(mask_of(parse_cards("KS 5C 6C 7C " + side)), 3) == 0  # bare K


def test_rule_bot_counts_side_aces_guarded_kings_and_ruffs() -> None:
    """Side aces and guarded kings count, a bare king does not; short side suits add
    ruffs (void 2, singleton 1) as far as spare trumps go."""
    # A and guarded K of hearts: 2.  Clubs void (2 ruffs) + singleton KD (1 ruff) = 3
    # ruffs, and the three small spades are all spare.
    hand = "2S 3S 4S AH KH 2H 3H 4H 5H 6H 7H KD 8H"
    assert sure_tricks(mask_of(parse_cards(hand)), 3) == 2 + 3
    # Two spades only: the ruffs stop at two.
    fewer = hand.replace("4S", "9H")
    assert sure_tricks(mask_of(parse_cards(fewer)), 3) == 2 + 2
    # The guarded K of diamonds counts; no ruffs in diamonds any more.
    guarded = hand.replace("8H", "8D")
    assert sure_tricks(mask_of(parse_cards(guarded)), 3) == 3 + 2
    # No-trump: no ruffs, only the side honours.
    assert sure_tricks(mask_of(parse_cards(hand)), -1) == 2


def test_cbs_2_4_rule_bot_call_is_clamped_into_the_legal_range() -> None:
    """CBS-2.4: calls are 2 to 13; a weak hand calls the minimum, a strong one its count."""
    weak = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H"
    assert sure_tricks(mask_of(parse_cards(weak)), 3) == 0
    assert _call(weak) == 2
    strong = "AS KS QS JS 10S 9S 8S AH KH AD KD AC KC"
    assert sure_tricks(mask_of(parse_cards(strong)), 3) == 13
    assert _call(strong) == 13
    assert _call(strong, 1, 8) == 8  # APP-2.1 range 1..8
    assert _call(weak, 1, 8) == 1
    middle = "AS KS 2S 3S AH 2H 3H 4H 2D 3D 4D 2C 3C"  # A, K guarded, A of hearts
    assert _call(middle) == 3


def test_rule_bot_calls_through_a_real_game() -> None:
    """The call from a preset hand in a real game is the hand's sure tricks."""
    hands = [
        "AS KS QS 2S AH KH 2H 3C 4C 5C 6C 7C 8C",
        "3S 4S 5S 6S 3H 4H 5H 6H 2D 3D 4D 5D 9C",
        "7S 8S 9S 10S 7H 8H 9H 10H 6D 7D 8D 9D 10C",
        "JS 10D JD QD KD AD JH QH JC QC KC AC 2C",
    ]
    hands[1], hands[3] = hands[1].replace("9C", "2C"), hands[3].replace("2C", "9C")
    game = cardrules.load(STRICT).new_game(seed=1, dealer=1, hands=hands)
    assert game.to_act == 0  # D-2: the first caller is the dealer's right
    action = RuleBot().choose(game.view(0))
    # A K Q of spades (3), A and guarded K of hearts (2), one spare spade ruffs a diamond.
    assert action == Bid(sure_tricks(mask_of(parse_cards(hands[0])), 3)) == Bid(6)


# ---------------------------------------------------------------------------
# RuleBot: play


def _needs(won: int = 0, call: int = 3, seat: int = 0) -> dict[str, Any]:
    calls = [2, 2, 2, 2]
    calls[seat] = call
    return {"trump": "S", "leader": 0, "calls": calls}


def _won(seat: int, n: int) -> tuple[int, ...]:
    won = [0, 0, 0, 0]
    won[seat] = n
    return tuple(won)


def test_rule_bot_wins_with_the_cheapest_winning_card() -> None:
    """While its call is not made, the bot plays the cheapest card that wins the trick now."""
    view = make_view(
        hand="AH QH 10H 3H KD", legal=plays("AH QH 10H 3H"), trick="7H", contract=_needs()
    )
    assert RuleBot().choose(view) == Play(Card.parse("10H"))


def test_rule_bot_ruffs_with_its_lowest_winning_trump() -> None:
    view = make_view(hand="2S 9S 3C KD", trick="7H 8H", contract=_needs())
    assert RuleBot().choose(view) == Play(Card.parse("2S"))
    over = make_view(hand="2S JS QS 3C KD", trick="7H 9S", contract=_needs())
    assert RuleBot().choose(over) == Play(Card.parse("JS"))


def test_rule_bot_plays_lowest_when_nothing_wins() -> None:
    """Nothing wins: the lowest card by rank, keeping trumps."""
    view = make_view(hand="5H 2H 9H 3S", legal=plays("5H 2H 9H"), trick="AH", contract=_needs())
    assert RuleBot().choose(view) == Play(Card.parse("2H"))
    trumped = make_view(hand="2S 4C KD", trick="7H AS", contract=_needs())
    assert RuleBot().choose(trumped) == Play(Card.parse("4C"))


def test_rule_bot_ducks_once_its_call_is_made() -> None:
    """Call made: the lowest legal card by rank, trumps kept for later."""
    made = _needs(call=3)
    view = make_view(hand="AH QH 3H", trick="7H", contract=made, tricks_won=_won(0, 3))
    assert RuleBot().choose(view) == Play(Card.parse("3H"))
    void = make_view(hand="2S KD 3C 4D", trick="7H", contract=made, tricks_won=_won(0, 4))
    assert RuleBot().choose(void) == Play(Card.parse("3C"))


def test_rule_bot_leads_a_master_while_it_needs_tricks() -> None:
    """Leading: a side-suit card that is the highest left, else its lowest card."""
    gone = ((0, tuple(parse_cards("AD 2D 3D 4D")), 0),)
    view = make_view(hand="KD 5C 9H 4S", contract=_needs(), tricks=gone)
    assert RuleBot().choose(view) == Play(Card.parse("KD"))
    no_master = make_view(hand="QD 5C 9H 4S", contract=_needs(), tricks=gone)
    assert RuleBot().choose(no_master) == Play(Card.parse("5C"))
    done = make_view(
        hand="KD 5C 9H 4S", contract=_needs(call=2), tricks=gone, tricks_won=_won(0, 2)
    )
    assert RuleBot().choose(done) == Play(Card.parse("5C"))


MB_CONTRACT = {
    "trump": "S",
    "leader": 3,
    "declarer": 2,
    "dummy": 0,
    "strain": "S",
    "goal": "game",
    "target": 10,
}


def test_side_needs_tricks_for_calls_and_contracts() -> None:
    """Calls: a seat needs tricks below its call.  Contracts: declarer's pair until the
    target, the defenders until they have beaten it (14 - target tricks)."""
    assert side_needs_tricks(make_view(hand="2C", contract=_needs(call=3)), 0)
    assert not side_needs_tricks(
        make_view(hand="2C", contract=_needs(call=3), tricks_won=_won(0, 3)), 0
    )
    nine = make_view(hand="2C", contract=MB_CONTRACT, tricks_won=(5, 3, 4, 0), partnership=True)
    assert side_needs_tricks(nine, 2) and side_needs_tricks(nine, 0)
    assert side_needs_tricks(nine, 1) and side_needs_tricks(nine, 3)
    ten = make_view(hand="2C", contract=MB_CONTRACT, tricks_won=(6, 3, 4, 0), partnership=True)
    assert not side_needs_tricks(ten, 2) and side_needs_tricks(ten, 3)
    beaten = make_view(hand="2C", contract=MB_CONTRACT, tricks_won=(5, 2, 4, 2), partnership=True)
    assert side_needs_tricks(beaten, 0) and not side_needs_tricks(beaten, 1)


def test_rule_bot_does_not_overtake_its_partner() -> None:
    """MB partnership: partner's card is winning, so the bot keeps its winner."""
    view = make_view(
        hand="AH 3H 5C",
        seat=3,
        trick="2H KH",
        trick_seats=(0, 1),
        contract=MB_CONTRACT,
        partnership=True,
        trump="S",
    )
    assert RuleBot().choose(view) == Play(Card.parse("3H"))
    opponents = make_view(
        hand="AH 3H 5C",
        seat=1,
        trick="2H KH",
        trick_seats=(3, 0),
        contract=MB_CONTRACT,
        partnership=True,
        trump="S",
    )
    assert RuleBot().choose(opponents) == Play(Card.parse("AH"))


def test_mb_4_2_rule_bot_plays_dummy_from_declarers_view() -> None:
    """MB-4.2: on dummy's turn declarer's bot chooses from dummy's cards."""
    view = make_view(
        hand="AS 2C",
        seat=2,
        to_act=0,
        hands={0: "KH 4H 9D"},
        trick="QH",
        trick_seats=(3,),
        legal=plays("KH 4H"),
        contract=MB_CONTRACT,
        partnership=True,
    )
    assert RuleBot().choose(view) == Play(Card.parse("KH"))


# ---------------------------------------------------------------------------
# RuleBot: Minibridge contract choice (MB-3.1, MB-3.2, MB-3.4, D-6)


def _contract(own: str, dummy: str) -> Action:
    view = make_view(
        hand=own,
        seat=2,
        hands={0: dummy},
        legal=TEN_CONTRACTS,
        phase="auction",
        trump=None,
        partnership=True,
    )
    return RuleBot().choose(view)


def test_mb_3_4_spade_fit_and_25_points_is_a_spade_game() -> None:
    """MB-3.4 / MB-6.1: 8 spades together and 26 points: S chooses a spade game."""
    south = "AS KS 5S 4S AH KH 2H AD 3D 2D 4C 3C 2C"  # 4+3 + 4+3 + 4 = 18 points
    north = "QS JS 3S 2S QH 3H 4H QD 5D 6D 5C 6C 7C"  # 2+1 + 2 + 2 = 7 points
    assert cardrules.cards.high_card_points(mask_of(parse_cards(south + " " + north))) == 25
    assert _contract(south, north) == ChooseContract("S", "game")


def test_mb_3_4_majors_before_a_longer_minor_and_partscore_below_25() -> None:
    """Majors first among 8+ fits; under 25 combined points, a part-score."""
    south = "2S 3S 4H 5H 6H 7H 2C 3C 4C 5C 6C 2D 3D"
    north = "4S 8H 9H 10H JH 7C 8C 9C 10C AD KD QD 4D"  # 8 hearts, 9 clubs together
    points = cardrules.cards.high_card_points(mask_of(parse_cards(south + " " + north)))
    assert points < 25
    assert _contract(south, north) == ChooseContract("H", "partscore")


def test_mb_3_4_no_eight_card_fit_is_no_trump() -> None:
    south = "AS KS QS AH KH QH AD KD 2D 2C 3C 4C 5C"
    north = "2S 3S 4S 2H 3H 4H 3D 4D 5D 6C 7C 8C 9C"
    assert _contract(south, north) == ChooseContract("C", "game")  # 9 clubs: the only fit
    south2 = south.replace("5C", "5D")
    north2 = north.replace("9C", "9D")
    assert _contract(south2, north2) == ChooseContract("NT", "game")


def test_rule_bot_contract_in_a_real_minibridge_game() -> None:
    """The shipped Minibridge profile's declarer bot picks one of the ten."""
    game = cardrules.load("minibridge-ebu").new_game(seed=2)
    seat = game.controller(game.to_act)  # type: ignore[arg-type]
    view = game.view(seat)
    action = RuleBot().choose(view)
    assert isinstance(action, ChooseContract) and action in view.legal_actions
    combined = 0
    for cards in view.hands.values():
        combined |= mask_of(cards)
    goal = "game" if cardrules.cards.high_card_points(combined) >= 25 else "partscore"
    assert action.goal == goal
