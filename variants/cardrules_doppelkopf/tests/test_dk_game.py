"""Doppelkopf through the public API: the reservations and the marriage (DK-2), the parties
each seat knows at every step (DK-4.1), refusals (DK-4.2), whole random games, records and
undo, the rule bot and the Monte Carlo bot."""

from __future__ import annotations

import json
import random
from collections import Counter

import cardrules
from cardrules import Game
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules_doppelkopf import DoppelkopfContract, re_party
from helpers import refused

RULES = cardrules.load("doppelkopf")
SOLOS = cardrules.load("doppelkopf", solos=True)

# Seat 3 deals; seat 0 is forehand and leads.  A normal deal: seats 0 and 2 hold a queen of
# clubs each.
NORMAL = [
    "QC 9C 9C KC KC 10C 10C AC AC 9S 9S JD",
    "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
    "QC 10H 10H QS QS QH QH QD JC JC JS JS",
    "JH JH QD JD 9D 9D KD KD 10D 10D AD AD",
]
# Seat 0 holds both queens of clubs.
WEDDING = [
    "QC QC 9C 9C KC KC 10C 10C AC AC 9S 9S",
    "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
    "10H 10H QS QS QH QH QD QD JC JC JS JS",
    "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
]


def truth(game: Game) -> dict[int, str] | None:
    """Every seat's party now (None: a marriage not decided yet), from the hands dealt."""
    contract = game.contract
    assert isinstance(contract, DoppelkopfContract)
    try:
        re, _ = re_party(contract, game.initial_hands, game.tricks)
    except cardrules.CardrulesError:
        return None
    return {s: "Re" if s in re else "Kontra" for s in range(4)}


def shown_queens(game: Game) -> set[int]:
    """The seats that played a queen of clubs so far (DK-4.1)."""
    plays = [p for t in game.tricks for p in t.cards] + list(game.trick)
    return {s for s, c in plays if c.text == "QC"}


def check_sides(game: Game) -> None:
    """DK-4.1 at this step, for every seat and the public view: what a view shows is true;
    a seat knows its own party (in a marriage once it is decided), and every seat knows a
    player who showed a queen of clubs; the public view tells nothing of a seat that did
    not show its party."""
    contract = game.contract
    if contract is None or game.phase != "play":
        return
    assert isinstance(contract, DoppelkopfContract)
    real = truth(game)
    shown = shown_queens(game)
    announced = {seat for seat, _ in game.play_calls}  # (DK-5.3: its party)
    for seat in (*range(4), -1):
        view = game.public_view() if seat < 0 else game.view(seat)
        sides = view.sides
        if real is None:  # a marriage before its clarifying trick: only the marriage
            assert sides == {contract.declarer: "Re"}, (seat, sides)
            continue
        assert all(real[s] == side for s, side in sides.items()), (seat, sides, real)
        if seat >= 0:
            assert seat in sides
        for s in shown if contract.game != "solo" else ():
            assert sides.get(s) == "Re"
        if contract.game == "normal" and seat < 0:
            holders = [s for s in range(4) if real[s] == "Re"]
            if len(shown | {s for s in announced if real[s] == "Re"}) < 2 and not (
                len(holders) == 1 and shown
            ):
                assert set(sides) <= shown | announced, sides  # a sign of each party shown
        if contract.game != "normal":
            assert sides == real  # a solo, a decided marriage: public


def test_dk_2_1_every_seat_answers_from_forehand_and_only_a_game_may_be_reserved() -> None:
    game = RULES.new_game(seed=1, dealer=3, hands=NORMAL)
    assert game.phase == "auction" and game.to_act == 0 and game.phase_name == "reservations"
    assert [str(a) for a in game.legal_actions()] == ["healthy"]
    error = refused(game, "reservation")
    assert error.rule == "DK-2.1" and "no game to reserve" in str(error)
    error = refused(game, "healthy", seat=2)
    assert error.rule == "DK-2.1"
    for seat in range(4):
        assert game.to_act == seat
        game.apply("healthy")
    assert game.phase == "play" and game.to_act == 0
    assert game.contract == DoppelkopfContract(
        game.contract.trump, 0, game="normal", ranking="dk_suit"
    )
    assert game.contract.to_dict()["game"] == "normal"
    assert "declarer" not in game.contract.to_dict()  # who holds the queens: no one is told


def test_dk_2_2_a_solo_comes_before_a_marriage() -> None:
    game = SOLOS.new_game(seed=1, dealer=3, hands=WEDDING)
    game.apply("reservation")  # both queens of clubs: a marriage to name
    game.apply("healthy")
    game.apply("reservation")
    game.apply("healthy")
    assert [str(a) for a in game.legal_actions()][:2] == ["marriage", "solo queens"]
    game.apply("marriage")
    assert game.to_act == 2
    game.apply("solo jacks")
    contract = game.contract
    assert isinstance(contract, DoppelkopfContract)
    assert (contract.game, contract.declarer, contract.solo) == ("solo", 2, "jacks")
    assert game.to_act == 0  # forehand leads a solo too (DK-3.1)
    assert game.view(1).sides == {0: "Kontra", 1: "Kontra", 2: "Re", 3: "Kontra"}


def test_dk_2_4_and_d3_without_the_option_a_solo_is_refused() -> None:
    """DK-2.4: solos only under the option ``solos`` (off in the profile: doppelkopf D-3)."""
    game = RULES.new_game(seed=1, dealer=3, hands=WEDDING)
    game.apply("reservation")
    for _ in range(3):
        game.apply("healthy")
    error = refused(game, "solo queens")
    assert error.rule == "DK-2.2" and "'marriage'" in str(error)


def _marriage(tricks: list[list[str]]) -> Game:
    game = RULES.new_game(seed=1, dealer=3, hands=WEDDING)
    game.apply("reservation")
    for _ in range(3):
        game.apply("healthy")
    game.apply("marriage")
    for trick in tricks:
        for card in trick:
            game.apply(f"play {card}")
    return game


def test_dk_2_3_the_first_trick_another_player_wins_finds_the_partner() -> None:
    game = _marriage([["AC", "KS", "JC", "JH"]])  # seat 2 trumps the first trick
    assert game.tricks[0].winner == 2
    expected = {0: "Re", 1: "Kontra", 2: "Re", 3: "Kontra"}
    for seat in (*range(4), -1):
        view = game.public_view() if seat < 0 else game.view(seat)
        assert view.sides == expected


def test_dk_2_3_before_the_clarifying_trick_only_the_marriage_is_known() -> None:
    game = _marriage([["AC", "KS", "10H"]])
    for seat in (*range(4), -1):
        view = game.public_view() if seat < 0 else game.view(seat)
        assert view.sides == {0: "Re"}


def test_dk_2_3_a_marriage_that_wins_the_first_three_tricks_plays_alone() -> None:
    hands = [
        "QC QC 10H 10H QS QS AC AC 9S 9S KC KC",
        "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
        "9C 9C 10C 10C QH QH QD QD JC JC JS JS",
        "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
    ]
    game = RULES.new_game(seed=1, dealer=3, hands=hands)
    game.apply("reservation")
    for _ in range(3):
        game.apply("healthy")
    game.apply("marriage")
    for trick in (["10H", "9H", "QH", "9D"], ["10H", "9H", "QH", "9D"]):
        for card in trick:
            game.apply(f"play {card}")
    assert game.view(1).sides == {0: "Re"}  # two tricks: not decided yet
    for card in ("QC", "KH", "QD", "KD"):
        game.apply(f"play {card}")
    assert [t.winner for t in game.tricks] == [0, 0, 0]
    alone = {0: "Re", 1: "Kontra", 2: "Kontra", 3: "Kontra"}
    assert game.view(1).sides == alone and game.public_view().sides == alone
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    scores = game.deals[0].scores
    assert scores[0] == -3 * scores[1] != 0 and scores[1] == scores[2] == scores[3]


def test_dk_2_5_a_silent_marriage_plays_alone_unknown_to_the_others() -> None:
    game = RULES.new_game(seed=1, dealer=3, hands=WEDDING)
    for _ in range(4):
        game.apply("healthy")
    contract = game.contract
    assert isinstance(contract, DoppelkopfContract) and contract.game == "normal"
    assert game.view(0).sides == {0: "Re", 1: "Kontra", 2: "Kontra", 3: "Kontra"}
    assert game.view(1).sides == {1: "Kontra"} and game.public_view().sides == {}
    game.apply("play QC")
    assert game.view(1).sides == {0: "Re", 1: "Kontra"}
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    scores = game.deals[0].scores
    assert scores[0] == -3 * scores[1] != 0 and scores[1] == scores[2] == scores[3]


def test_dk_4_1_the_parties_in_every_view_at_every_step() -> None:
    """Over whole random games (solos too), each view's parties are true, and as complete
    as DK-4.1 says."""
    steps = 0
    for seed in range(12):
        rules = SOLOS if seed % 3 == 0 else RULES
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            check_sides(game)
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
    assert steps > 1000


def test_dk_4_1_a_queen_of_clubs_played_shows_its_player() -> None:
    game = RULES.new_game(seed=1, dealer=3, hands=NORMAL)
    for _ in range(4):
        game.apply("healthy")
    assert game.view(0).sides == {0: "Re"}
    assert game.view(1).sides == {1: "Kontra"}
    game.apply("play JD")
    game.apply("play 9H")
    game.apply("play QC")  # seat 2 shows its party
    assert game.view(1).sides == {1: "Kontra", 2: "Re"}
    assert game.public_view().sides == {2: "Re"}
    # Seat 0 holds the other queen: both Re players known, so every party.
    assert game.view(0).sides == {0: "Re", 1: "Kontra", 2: "Re", 3: "Kontra"}
    data = json.loads(game.view(1).to_json())
    assert data["sides"] == {"1": "Kontra", "2": "Re"}
    game.undo()
    assert game.view(1).sides == {1: "Kontra"}


def test_dk_4_2_refusals_cite_the_rule_and_change_nothing() -> None:
    game = RULES.new_game(seed=1, dealer=3, hands=NORMAL)
    for _ in range(4):
        game.apply("healthy")
    error = refused(game, "healthy")
    assert error.rule == "DK-4.2" and "a card or an announcement" in str(error)
    error = refused(game, "play JD", seat=1)
    assert error.rule == "DK-3.1"
    game.apply("play 9S")
    error = refused(game, "play 9H")  # seat 1 holds spades
    assert error.rule == "DK-3.2"
    error = refused(game, "play QC")
    assert "not in seat 1's hand" in str(error)


def test_dk_2_4_with_the_option_every_solo_may_be_named() -> None:
    game = SOLOS.new_game(seed=1, dealer=3, hands=NORMAL)
    assert [str(a) for a in game.legal_actions()] == ["healthy", "reservation"]
    game.apply("reservation")
    for _ in range(3):
        game.apply("healthy")
    assert [str(a) for a in game.legal_actions()] == [
        "solo queens",
        "solo jacks",
        "solo clubs",
        "solo spades",
        "solo hearts",
        "solo diamonds",
        "solo fleshless",
    ]
    game.apply("solo fleshless")
    contract = game.contract
    assert isinstance(contract, DoppelkopfContract) and contract.trump is None
    assert game.trump_mask == 0  # no trumps at all (DK-3.4)


def test_dk_1_3_twelve_cards_each_the_deal_passing_to_the_left() -> None:
    """DK-1.3 and DK-7.1 (doppelkopf D-6): twelve cards each, nothing left over; a game of
    four deals, each player dealing once, forehand (the dealer's left) asked first."""
    game = RULES.new_game(seed=9)
    dealers = []
    rng = random.Random(9)
    while game.phase != "finished":
        if len(dealers) < game.deal_number:
            dealers.append(game.dealer)
            assert [len(game.hand(s)) for s in range(4)] == [12] * 4
            assert game.to_act == (game.dealer + 1) % 4
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.deals) == 4
    assert dealers == [(dealers[0] + k) % 4 for k in range(4)]


def test_dk_d1_every_seat_a_side_and_d2_deals_from_the_seed() -> None:
    """doppelkopf D-1: the scores are per seat, the partners of a deal scoring alike;
    D-2: the seed deals the same hands again, another seed others."""
    game = RULES.new_game(seed=4)
    assert set(game.totals) == {0, 1, 2, 3}
    again = RULES.new_game(seed=4)
    assert [game.hand(s) for s in range(4)] == [again.hand(s) for s in range(4)]
    other = RULES.new_game(seed=5)
    assert [game.hand(s) for s in range(4)] != [other.hand(s) for s in range(4)]
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    for deal in game.deals:
        counts = Counter(deal.scores.values())
        if len(counts) == 2 and sorted(counts.values()) == [2, 2]:  # two against two
            low, high = sorted(counts)
            assert low == -high
        elif len(counts) == 2:  # one against three: three times the value (DK-6.5)
            alone = next(v for v, n in counts.items() if n == 1)
            others = next(v for v, n in counts.items() if n == 3)
            assert alone == -3 * others
        else:
            assert counts == Counter({0: 4})


def test_dk_100_random_games_through_the_api() -> None:
    """100 whole games (a quarter with solos), each deal scoring zero in sum (DK-6.5)."""
    for seed in range(100):
        rules = SOLOS if seed % 4 == 0 else RULES
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            game.apply(rng.choice(game.legal_actions()))
        assert len(game.deals) == 4
        for deal in game.deals:
            assert sum(deal.scores.values()) == 0 and set(deal.scores) == {0, 1, 2, 3}


def test_dk_records_replay_and_undo_at_every_step() -> None:
    for seed in range(4):
        rules = SOLOS if seed % 2 else RULES
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            before = game.to_json()
            action = rng.choice(game.legal_actions())
            game.apply(action)
            after = game.to_json()
            game.undo()
            assert game.to_json() == before
            game.apply(action)
            assert Game.from_json(after, rules=rules).to_json() == after


def test_dk_a_game_dealt_by_hand_replays() -> None:
    game = RULES.new_game(seed=2, dealer=3, hands=WEDDING)
    while game.phase != "finished":
        game.apply(game.legal_actions()[-1])
    text = game.to_json()
    assert Game.from_json(text, rules=RULES, allow_preset_hands=True).to_json() == text


def test_dk_the_rule_bot_and_mc_play_whole_games() -> None:
    rule = RuleBot()
    game = RULES.new_game(seed=1, dealer=3, hands=WEDDING)
    assert str(rule.choose(game.view(0))) == "reservation"  # both queens: a marriage
    game.apply("reservation")
    assert str(rule.choose(game.view(1))) == "healthy"
    for seed in range(2):
        game = RULES.new_game(seed=seed)
        players = [RuleBot(), MonteCarloBot(samples=3, seed=seed)]
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat % 2].choose(game.view(seat)))
        assert sum(game.deals[-1].scores.values()) == 0


def test_dk_rule_objects_read_as_the_calls_that_rebuild_them() -> None:
    """The contract, the query and the scorer print as the calls that make them."""
    from cardrules.deck import Suit  # noqa: F401  (the names the reprs use)
    from cardrules_doppelkopf import DoppelkopfScorer, Reservations, contract_for

    for contract in (
        contract_for("normal", None, 0),
        contract_for("marriage", 2, 1),
        contract_for("solo", 3, 0, "H"),
        contract_for("solo", 1, 2, "fleshless"),
    ):
        assert eval(repr(contract)) == contract
    assert repr(RULES.auction) == "Reservations(solos=False, play_turn_rule='DK-3.1')"
    assert repr(SOLOS.auction).startswith("Reservations(solos=True")
    assert repr(RULES.scorer) == repr(DoppelkopfScorer()) == "DoppelkopfScorer()"
    assert isinstance(eval(repr(RULES.auction)), Reservations)


def test_dk_4_1_no_view_holds_a_card_its_seat_may_not_see() -> None:
    """Over whole games (solos and announcements among them), at every step, each seat's
    view holds its own cards alone (each copy as held), legal actions only for the seat to
    act, and no other hand; the public view holds no hand."""
    for seed in range(6):
        rules = SOLOS if seed % 2 else RULES
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            for seat in range(4):
                view = game.view(seat)
                assert set(view.hands) == {seat}
                held = {(c.text, c.copy) for c in view.hands[seat]}
                assert held == {(c.text, c.copy) for c in game.hand(seat)}
                assert bool(view.legal_actions) == (game.to_act == seat)
                data = json.loads(view.to_json())
                assert set(data["hands"]) == {str(seat)}
            assert game.public_view().hands == {}
            game.apply(rng.choice(game.legal_actions()))
