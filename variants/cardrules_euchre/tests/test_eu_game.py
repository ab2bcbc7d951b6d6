"""Euchre through the public API: the deal (EU-2.x, D-3), the play of a deal with the
bowers and a player sitting out (EU-4.2, EU-5.x, EU-8.1, EU-8.2, EU-8.5), views (the
discard seen by the dealer only, D-10, EUO-5.1, EUO-5.2), scores and the game to 10
(EU-6.x, EU-7.1), refusals (EU-7.2, EUO-6.1), records replayed and undo."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Game, Ruleset
from cardrules.engine.bots import RuleBot
from cardrules.engine.dealing import shuffle_and_cut
from cardrules_euchre import DECK, EuchreContract
from helpers import refused

EUCHRE = "euchre"
OPENSPIEL = "euchre-openspiel"

#: A deal by hand: West (3) deals and turns up the nine of hearts (EU-8.5).
HANDS = [
    "AD KC QC 10S 9S",  # N
    "JH JD AH KH 10C",  # E: the right and the left bower with hearts trumps
    "9D JS QS KS AS",  # S
    "AC QH 10H 10D QD",  # W, the dealer
]
STOCK = ["9H", "KD", "JC", "9C"]


@pytest.fixture(scope="module")
def euchre() -> Ruleset:
    return cardrules.load(EUCHRE)


@pytest.fixture(scope="module")
def openspiel() -> Ruleset:
    return cardrules.load(OPENSPIEL)


def rule_of(game: Game, action: str, seat: int | None = None) -> str:
    """The rule an illegal action cites (the game's record unchanged: ``refused``)."""
    return refused(game, action, seat).rule


def by_hand(rules: Ruleset) -> Game:
    return rules.new_game(seed=5, dealer=3, hands=HANDS, stock=STOCK)


def cards(game: Game, seat: int) -> list[str]:
    return [str(c) for c in game.hand(seat)]


def test_eu_2_2_eu_2_3_d_3_five_cards_each_and_the_upcard(euchre: Ruleset) -> None:
    """EU-1.2, EU-2.2, D-3: five cards each from the 24; EU-2.3: the upcard is the kitty's
    top card, public; the three under it are in no hand and in no view."""
    for seed in range(20):
        game = euchre.new_game(seed=seed)
        hands = [game.hand(s) for s in range(4)]
        assert all(len(h) == 5 for h in hands)
        dealt = {c for h in hands for c in h}
        assert len(dealt) == 20 and all(c.deck is DECK for c in dealt)
        upcard = DECK.parse(game.view(0).auction["upcard"])
        assert upcard not in dealt
        kitty = set(DECK.cards) - dealt - {upcard}
        for seat in range(4):
            text = game.view(seat).to_json()
            assert not any(f'"{c}"' in text for c in kitty)
        assert euchre.new_game(seed=seed).to_json() == game.to_json()  # D-3: from the seed


def test_d_3_one_card_at_a_time_from_the_dealers_left_then_the_upcard(euchre: Ruleset) -> None:
    """euchre D-3: after the seeded shuffle, card i goes to the seat D + 1 + i, card 20 is
    the upcard; the next deal is shuffled anew and dealt by the next seat."""
    for seed in range(10):
        game = euchre.new_game(seed=seed)
        pack = shuffle_and_cut(seed, 1, 0, DECK)
        dealer = game.dealer
        for seat in range(4):
            assert game.hand(seat) == sorted(
                pack[i] for i in range(20) if (dealer + 1 + i) % 4 == seat
            )
        assert game.view(0).auction["upcard"] == str(pack[20])


def test_eu_2_1_the_deal_passes_to_the_left_also_after_a_throw_in(euchre: Ruleset) -> None:
    """EU-2.1: chance picks the first dealer; EU-3.7, EU-6.4: eight passes throw the deal
    in, nothing scores, and the next dealer deals."""
    dealers = {euchre.new_game(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    game = euchre.new_game(seed=2)
    first = game.dealer
    for _ in range(8):
        game.apply("pass")
    assert game.deal_number == 2 and game.dealer == (first + 1) % 4
    assert game.deals[0].scores == {"NS": 0, "EW": 0}
    assert game.deals[0].contract.words() == "All passed: the deal is thrown in"


def test_eu_3_2_d_10_the_discard_is_seen_by_the_dealer_only(euchre: Ruleset) -> None:
    """EU-3.2, D-10: West takes the nine of hearts in and discards the ten of diamonds;
    no other seat's view holds the discard, the dealer's does; West then holds the 9H."""
    game = by_hand(euchre)
    game.apply("order up")  # North orders hearts up
    assert game.to_act == 3
    assert "discard 9H" in [str(a) for a in game.legal_actions()]  # D-4: the upcard too
    game.apply("discard 10D")
    assert game.phase == "play" and game.to_act == 0
    assert sorted(cards(game, 3)) == sorted(["AC", "QH", "10H", "QD", "9H"])
    for seat in range(3):
        view = game.view(seat)
        assert "10D" not in view.to_json()
        assert (3, None) in view.auction_actions
    dealer = game.view(3)
    assert (3, "discard 10D") in dealer.auction_actions
    assert dealer.auction["discarded"] == "10D" and dealer.auction["picked_up"] == "9H"
    assert "10D" not in game.public_view().to_json()


def test_eu_4_2_eu_5_1_eu_8_5_a_lone_maker_and_the_partner_who_sits_out(euchre: Ruleset) -> None:
    """EU-8.5, EU-4.2, EU-4.3, EU-5.1: North passes, East orders up alone; West takes the
    nine in and discards, then sits out; North leads; tricks are of three cards and West
    plays nothing."""
    game = by_hand(euchre)
    game.apply("pass")
    game.apply("order up alone")
    game.apply("discard 10D")
    contract = game.contract
    assert isinstance(contract, EuchreContract)
    assert contract.sitting_out == frozenset({3}) and contract.leader == 0
    assert game.to_act == 0
    west = cards(game, 3)
    bot = RuleBot()
    while game.deal_number == 1:
        assert game.to_act != 3 and game.view(3).legal_actions == ()
        assert all(len(trick.cards) == 3 for trick in game.tricks)
        assert cards(game, 3) == west and len(west) == 5
        game.apply(bot.choose(game.view(game.to_act)))
    deal = game.deals[0]
    assert deal.tricks[3] == 0 and sum(deal.tricks) == 5
    took = deal.tricks[1]
    want = {5: {"NS": 0, "EW": 4}, 4: {"NS": 0, "EW": 1}, 3: {"NS": 0, "EW": 1}}
    assert deal.scores == want.get(took, {"NS": 2, "EW": 0})


def test_eu_5_2_eu_5_3_eu_8_1_the_left_bower_does_not_follow_its_printed_suit(
    euchre: Ruleset,
) -> None:
    """EU-8.1, EU-5.2: hearts trumps, a diamond led: East's JD, the left bower, is no
    diamond, so East is void and may play any card (EU-5.3); South must follow."""
    game = by_hand(euchre)
    game.apply("order up")
    game.apply("discard 10D")
    game.apply("play AD")  # North leads a diamond
    assert sorted(str(a) for a in game.legal_actions()) == sorted(
        f"play {c}" for c in ("JH", "JD", "AH", "KH", "10C")
    )
    game.apply("play 10C")
    assert [str(a) for a in game.legal_actions()] == ["play 9D"]  # South must follow
    assert rule_of(game, "play AS") == "EU-5.2"


#: EU-8.2: East holds the left bower and no heart.
HANDS_82 = ["JH AH 9S 10S QS", "JD AC KS 9C 10C", "9D 10D QD KD AD", "QC KC AS JS KH"]
STOCK_82 = ["9H", "JC", "QH", "10H"]


def test_eu_8_2_eu_1_5_the_left_bower_alone_must_follow_a_trump_lead(euchre: Ruleset) -> None:
    """EU-8.2, EU-1.5: hearts trumps, a heart led; East's only trump is the JD: it must be
    played."""
    game = euchre.new_game(seed=1, dealer=3, hands=HANDS_82, stock=STOCK_82)
    game.apply("order up")
    game.apply("discard QC")
    game.apply("play JH")
    assert [str(a) for a in game.legal_actions()] == ["play JD"]
    assert rule_of(game, "play AC") == "EU-5.2"


def test_eu_5_4_eu_5_5_the_bowers_win_and_the_winner_leads(euchre: Ruleset) -> None:
    """EU-5.4, EU-8.3: the left bower, a trump, wins a diamond lead; the right bower wins
    a trump lead; EU-5.5: the winner leads the next trick."""
    game = by_hand(euchre)
    game.apply("order up")
    game.apply("discard 10D")
    for text in ("play AD", "play JD", "play 9D", "play QD"):
        game.apply(text)
    assert game.tricks[-1].winner == 1 and game.to_act == 1
    for text in ("play JH", "play AS", "play QH", "play 9S"):
        game.apply(text)
    assert game.tricks[-1].winner == 1 and game.to_act == 1


def test_eu_6_1_eu_7_1_games_to_ten(euchre: Ruleset) -> None:
    """EU-6.x, EU-7.1: games of rule bots end after the deal in which a side reaches 10;
    only one side scores a deal, and only one side reaches 10."""
    bot = RuleBot()
    for seed in range(4):
        game = euchre.new_game(seed=seed)
        while game.phase != "finished":
            game.apply(bot.choose(game.view(game.to_act)))
        totals = game.totals
        assert max(totals.values()) >= 10 and min(totals.values()) < 10
        assert all(min(d.scores.values()) == 0 for d in game.deals)
        assert game.over is not None and game.over.rule == "EU-7.1"


def test_eu_7_2_euo_6_1_illegal_actions_are_refused_with_their_rule(
    euchre: Ruleset, openspiel: Ruleset
) -> None:
    """EU-7.2, EUO-6.1: an illegal call or card is refused, the game unchanged."""
    game = by_hand(euchre)
    assert rule_of(game, "name S") == "EU-3.1"
    assert rule_of(game, "take up") == "EU-3.1"
    assert rule_of(game, "order up", seat=2) == "EU-3.1"
    assert rule_of(game, "play AD") != ""
    game = by_hand(openspiel)
    assert rule_of(game, "order up alone") == "EUO-3.1"
    game.apply("order up")
    assert rule_of(game, "discard 9H") == "EUO-2.4"
    with pytest.raises(cardrules.CardrulesError):
        game.apply("discard 2C")  # no card of the euchre pack


def test_euo_5_1_euo_5_2_views_of_the_openspiel_profile(openspiel: Ruleset) -> None:
    """EUO-5.1: the upcard stays in every view through the deal; EUO-5.2: the discard is
    in no other seat's view (the dealer keeps its own call, as a player remembers it)."""
    game = by_hand(openspiel)
    game.apply("order up")
    game.apply("discard 10D")
    assert game.phase == "auction" and game.to_act == 0
    game.apply("partner")
    bot = RuleBot()
    while game.phase != "finished":
        for seat in range(4):
            assert game.view(seat).auction["upcard"] == "9H"
            if seat != 3:
                assert "10D" not in game.view(seat).to_json()
        game.apply(bot.choose(game.view(game.to_act)))
    assert len(game.deals) == 1  # EUO-1.1: one deal


def test_records_replay_and_undo(euchre: Ruleset, openspiel: Ruleset) -> None:
    """A record replays to the same game at every step (the discard included); undo takes
    back a call, the discard, the last call that begins the play and a card."""
    for rules in (euchre, openspiel):
        rng = random.Random(7)
        game = rules.new_game(seed=11)
        records = [game.to_json()]
        while game.phase != "finished" and len(records) < 80:
            game.apply(rng.choice(game.legal_actions()))
            records.append(game.to_json())
            again = Game.from_json(records[-1])
            assert again.to_json() == records[-1]
            assert [again.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]
        while len(records) > 1:
            game.undo()
            records.pop()
            assert game.to_json() == records[-1]


def test_the_rule_bot_plays_every_kind_of_decision(openspiel: Ruleset) -> None:
    """The family's advice covers every decision (calls, the stuck dealer, the discard,
    alone, the defenders)."""
    rules = cardrules.load(OPENSPIEL, allow_lone_defender=True)
    bot = RuleBot()
    kinds = set()
    for seed in range(30):
        game = rules.new_game(seed=seed)
        while game.phase != "finished":
            view = game.view(game.to_act)
            action = bot.choose(view)
            assert action in view.legal_actions
            kinds.add(type(action).__name__)
            game.apply(action)
    assert {"PassCall", "OrderUp", "Discard", "GoAlone", "Play"} <= kinds


def test_eu_1_1_d_2_two_partnerships_clockwise(euchre: Ruleset) -> None:
    """EU-1.1, D-2: seats 0..3 clockwise (N E S W), N-S against E-W; calls and cards go
    to the left (seat + 1); a side's points go to both partners."""
    assert euchre.players == 4 and euchre.profile.sides == "partnership"
    game = by_hand(euchre)
    seats = []
    for _ in range(3):
        seats.append(game.to_act)
        game.apply("pass")
    assert seats == [0, 1, 2] and game.to_act == 3
    game.apply("take up")
    game.apply("discard 10D")
    contract = game.contract
    assert isinstance(contract, EuchreContract) and contract.maker == 3
    assert [contract.undertaken(s) for s in range(4)] == [None, 3, None, 3]  # W and E
    assert game.to_act == 0  # the dealer's left leads


def test_d_1_the_sources_are_named(euchre: Ruleset) -> None:
    """euchre D-1: pagat's North American Euchre is the reference the profile names, and
    the sources actually read are named beside it."""
    assert "pagat.com" in euchre.profile.source
    assert "Bicycle" in euchre.profile.source and "Somerset" in euchre.profile.source
