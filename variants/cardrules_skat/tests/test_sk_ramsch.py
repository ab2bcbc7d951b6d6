"""skat's Ramsch setting (SK-9.x): a deal all passed played each for itself with the jacks
alone trumps, the most card points losing them and the skat's, a Jungfrau doubling, a
Durchmarsch winning 120; through a profile extending skat with the auction
skat_bidding_ramsch, and the scores worked out here from the rule text."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Game, Ruleset
from cardrules_skat import DECK, card_points
from cardrules_skat.bidding import RamschContract
from cardrules_skat.scoring import SkatScorer, ramsch_scores


def ramsch_rules(folder: Path, scorer: str = "skat") -> Ruleset:
    """``skat`` with a deal all passed played as Ramsch (SK-9.1)."""
    path = folder / "skat-ramsch.toml"
    path.write_text(
        '[profile]\nname = "skat-ramsch"\ntitle = "Skat with Ramsch"\nextends = "skat"\n\n'
        '[auction]\nkind = "skat_bidding_ramsch"\nrule = "SK-2.3"\n\n'
        f'[scoring]\nkind = "{scorer}"\nrule = "SK-7.1"\n',
        encoding="utf-8",
    )
    return cardrules.load(path, deals=1)


def all_pass(game: Game) -> None:
    for _ in range(3):
        game.apply("pass")


def test_sk_9_1_a_deal_all_passed_is_played_as_ramsch(tmp_path: Path) -> None:
    """SK-9.1: three passes start a Ramsch: forehand leads, nobody took the skat, a jack led
    calls for a jack (the jacks alone trumps, SK-3.3); skat itself throws the deal in."""
    rules = ramsch_rules(tmp_path)
    assert "Ramsch" in rules.auction.summary
    game = rules.new_game(seed=3, dealer=2)
    all_pass(game)
    assert game.phase == "play" and isinstance(game.contract, RamschContract)
    assert game.to_act == 0 and game.contract.trump is None
    skat = DECK.all_mask & ~(game.hands[0] | game.hands[1] | game.hands[2])
    for seat in (0, 1, 2):
        shown = json.dumps(game.view(seat).to_dict())
        assert not any(f'"{c}"' in shown for c in DECK.cards_of(skat))  # SK-8.1
    thrown = cardrules.load("skat").new_game(seed=3, dealer=2)
    all_pass(thrown)
    assert thrown.deal_number == 2 and thrown.deals[0].scores == {0: 0, 1: 0, 2: 0}


def test_sk_9_1_the_jacks_alone_are_trumps_in_ramsch(tmp_path: Path) -> None:
    """SK-9.1 with SK-3.3: the jack of clubs led calls for a jack; none held, any card."""
    hands = [
        DECK.parse_cards(h)
        for h in (
            "JC AC 10C KC QC 9C 8C 7C AH 10H",
            "JS 7H 8H 9H KH QH 7S 8S 9S 10S",
            "JH JD AS KS QS AD 10D KD QD 9D",
        )
    ]
    game = ramsch_rules(tmp_path).new_game(
        seed=0, dealer=2, hands=hands, stock=DECK.parse_cards("7D 8D")
    )
    all_pass(game)
    game.apply("play JC")
    assert {str(a) for a in game.legal_actions()} == {"play JS"}


def test_sk_9_2_to_9_4_ramsch_scores() -> None:
    """SK-9.2 and D-10: the most card points lose them and the skat's; equal most lose
    alike; all three equal score nothing.  SK-9.3: a Jungfrau doubles.  SK-9.4: a
    Durchmarsch wins 120."""
    # 50, 40 and 20 in tricks, 10 in the skat: the first loses 60.
    assert ramsch_scores((4, 3, 3), (50, 40, 20)) == {0: -60, 1: 0, 2: 0}
    assert ramsch_scores((4, 3, 3), (45, 45, 20)) == {0: -55, 1: -55, 2: 0}
    assert ramsch_scores((4, 3, 3), (40, 40, 40)) == {0: 0, 1: 0, 2: 0}
    assert ramsch_scores((6, 4, 0), (70, 40, 0)) == {0: Decimal(-2 * 80), 1: 0, 2: 0}
    assert ramsch_scores((0, 10, 0), (0, 115, 0)) == {0: 0, 1: Decimal(120), 2: 0}


def test_sk_9_whole_ramsch_deals_score_as_the_rule_text_counts(tmp_path: Path) -> None:
    """SK-9.2 .. SK-9.5 over 40 random Ramsch deals: every trick played, the scores those of
    the card points each seat took (counted here), with the tournament's scorer too."""
    for scorer in ("skat", "skat_seeger_fabian"):
        rules = ramsch_rules(tmp_path, scorer)
        for seed in range(20):
            game = rules.new_game(seed=seed)
            all_pass(game)
            rng = random.Random(seed)
            while game.phase != "finished":
                game.apply(rng.choice(game.legal_actions()))
            deal = game.deals[0]
            assert sum(deal.tricks) == 10
            points = [0, 0, 0]
            for trick in game.tricks:
                points[trick.winner] += card_points(DECK.mask_of([c.card for c in trick.cards]))
            expected = {0: Decimal(0), 1: Decimal(0), 2: Decimal(0)}
            if 10 in deal.tricks:
                expected[deal.tricks.index(10)] = Decimal(120)
            elif points.count(max(points)) < 3:  # all three equal: no score
                skat = 120 - sum(points)
                double = 2 if 0 in deal.tricks else 1
                for seat in range(3):
                    if points[seat] == max(points):
                        expected[seat] = Decimal(-(points[seat] + skat) * double)
            assert deal.scores == expected, (scorer, seed, points, deal.tricks)


def test_sk_9_ramsch_records_replay_and_undo(tmp_path: Path) -> None:
    """A Ramsch game's record replays, and each action undoes exactly."""
    rules = ramsch_rules(tmp_path)
    game = rules.new_game(seed=11)
    all_pass(game)
    rng = random.Random(11)
    while game.phase != "finished":
        before = game.to_json()
        action = rng.choice(game.legal_actions())
        game.apply(action)
        after = game.to_json()
        game.undo()
        assert game.to_json() == before
        game.apply(action)
        assert Game.from_json(after, rules=rules).to_json() == after


def test_sk_9_the_scorer_refuses_nothing_of_a_ramsch() -> None:
    """SkatScorer scores a Ramsch contract from the cards taken (SK-9.2)."""
    contract = RamschContract(None, 0, game="ramsch")
    taken = [DECK.mask_of(DECK.parse_cards("AC 10C AH")), DECK.mask_of(DECK.parse_cards("KC")), 0]
    scores = SkatScorer().score_taken(contract, (2, 1, 0), taken)
    assert scores == {0: Decimal(-2 * (32 + 120 - 36)), 1: 0, 2: 0}
    with pytest.raises(cardrules.CardrulesError):
        SkatScorer().score(contract, (2, 1, 0))
