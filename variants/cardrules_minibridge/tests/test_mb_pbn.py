"""PBN export and import of Minibridge deals: round trips without loss, strict errors."""

from __future__ import annotations

import dataclasses
import random

import pytest

import cardrules
from cardrules import Card, CardrulesError
from cardrules_minibridge import ChooseContract
from cardrules_minibridge.pbn import PbnDeal, PbnError, dumps, game_from_pbn, loads, records_of
from helpers import MB_EXAMPLE

MB = "minibridge-ebu"
EXAMPLE_DEAL = "N:K654..AK753.Q432 82.QJ432.JT.A986 AQ73.K98.Q984.K5 JT9.AT765.62.JT7"
HEAD = ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Declarer "S"]', '[Contract "4S"]']


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(MB)


def one_deal(rules: cardrules.Ruleset) -> cardrules.Ruleset:
    return cardrules.load(MB, deals=1)


def pbn(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def error_of(text: str, rules: cardrules.Ruleset | None = None) -> str:
    with pytest.raises(PbnError) as exc:
        if rules is None:
            loads(text)
        else:
            game_from_pbn(rules, text)
    assert isinstance(exc.value, CardrulesError)
    return str(exc.value)


def test_mb_6_export_after_the_first_trick(rules: cardrules.Ruleset) -> None:
    """MB-6.2 in PBN: dealer, deal, declarer S, contract 4S, the ruffed first trick (W N E S)."""
    game = rules.new_game(seed=6, dealer=0, hands=MB_EXAMPLE)
    for action in ("contract S game", "play AH", "play 6S", "play 2H", "play 8H"):
        game.apply(action)
    text = dumps(game)
    assert text == pbn(
        "% PBN 2.1",
        "% EXPORT",
        "",
        '[Event ""]',
        '[Site ""]',
        '[Date ""]',
        '[Board "1"]',
        '[West ""]',
        '[North ""]',
        '[East ""]',
        '[South ""]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        f'[Deal "{EXAMPLE_DEAL}"]',
        '[Scoring ""]',
        '[Declarer "S"]',
        '[Contract "4S"]',
        '[Result ""]',
        '[Play "W"]',
        "HA S6 H2 H8",
        "*",
    )
    (deal,) = loads(text)
    assert deal.contract == ChooseContract("S", "game")
    assert deal.plays == tuple(
        (seat, Card.parse(c)) for seat, c in ((3, "AH"), (0, "6S"), (1, "2H"), (2, "8H"))
    )
    copy = game_from_pbn(rules, text, seed=6)
    assert copy.state_dict() == game.state_dict()
    assert copy.to_act == 0 and copy.controller(0) == 2


def test_export_before_the_contract_has_declarer_only(rules: cardrules.Ruleset) -> None:
    """MB-2.3 in PBN: before the contract, Declarer is known and Contract is empty, no Play."""
    game = rules.new_game(seed=6, dealer=3, hands=MB_EXAMPLE)
    text = dumps(game)
    assert '[Dealer "W"]' in text and '[Declarer "S"]' in text and '[Contract ""]' in text
    assert "[Play" not in text
    assert game_from_pbn(rules, text, seed=6).state_dict() == game.state_dict()


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_without_loss(rules: cardrules.Ruleset, seed: int) -> None:
    """PBN round trip: every deal of a session, finished or in progress, read back exactly."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 4 * 53)):
        game.apply(rng.choice(game.legal_actions()))
    records = records_of(game)
    assert len(records) == game.deal_number
    assert [r.board for r in records] == list(range(1, game.deal_number + 1))
    text = dumps(game)
    assert loads(text) == records
    assert dumps(loads(text)) == text
    for record, done in zip(records, game.deals, strict=False):
        assert record.dealer == done.dealer
        declarer = done.contract.declarer
        assert declarer is not None and record.declarer == declarer
        assert record.result == done.tricks[declarer] + done.tricks[(declarer + 2) % 4]
        assert len(record.plays) == 52
    current = records[-1]
    assert current.hands == tuple(game.initial_hands)
    copy = game_from_pbn(rules, dumps([current]), seed=seed)
    assert records_of(copy)[0] == dataclasses.replace(current, board=1)
    if game.deal_number == 1:
        assert copy.state_dict() == game.state_dict()
    else:
        assert copy.hands == game.hands and copy.trick == game.trick
        assert copy.tricks == game.tricks and copy.contract == game.contract


def test_finished_deal_has_result_and_scores_again(rules: cardrules.Ruleset) -> None:
    """MB-4.6 / MB-5.x in PBN: a finished deal's Result is declarer's pair's tricks."""
    game = one_deal(rules).new_game(seed=31)
    rng = random.Random(31)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    text = dumps(game)
    (deal,) = loads(text)
    assert deal.declarer is not None and deal.contract is not None and deal.result is not None
    assert rules.score_contract(deal.contract, deal.declarer, deal.result) == game.deals[0].scores
    assert "*" not in text.split("\n")
    replay = game_from_pbn(one_deal(rules), text, seed=31)
    assert replay.state_dict() == game.state_dict()


def test_import_foreign_pbn_as_preset_hands(rules: cardrules.Ruleset) -> None:
    """Import: a PBN deal from elsewhere (comments, other tags, sections) is the preset deal."""
    text = pbn(
        "% PBN 2.1",
        "; a club's file",
        '[Event "Tuesday juniors"]',
        '[Board "7"]',
        '[Dealer "E"]',
        '[Vulnerable "Both"]',
        '[Deal "E:82.QJ432.JT.A986 AQ73.K98.Q984.K5 JT9.AT765.62.JT7 K654..AK753.Q432"]',
        '[Declarer "?"]',
        '[Contract "?"]',
        "{ the auction, ignored by Minibridge",
        "  which has none }",
        '[Auction "E"]',
        "Pass 1S Pass 4S",
        "AP",
    )
    (deal,) = loads(text)
    assert deal.board == 7 and deal.dealer == 1 and deal.declarer is None
    assert ("Vulnerable", "Both", ()) in deal.tags
    assert ("Auction", "E", ("Pass 1S Pass 4S", "AP")) in deal.tags
    game = rules.new_game(seed=1, **deal.preset())  # type: ignore[arg-type]
    assert [" ".join(map(str, game.hand(s))) for s in range(4)] == [
        " ".join(map(str, sorted(Card.parse(c) for c in h.split()))) for h in MB_EXAMPLE
    ]
    assert game.dealer == 1
    assert game_from_pbn(rules, text, seed=1).state_dict() == game.state_dict()
    assert loads(dumps(loads(text))) == loads(text)


def test_twenty_twenty_deal_is_redealt_on_import(rules: cardrules.Ruleset) -> None:
    """MB-2.2 / D-5: a 20-20 PBN deal imports as a redeal; with a contract it is refused."""
    flat = "N:AKQJ.5432.5432.2 AKQJ.5432.5432.2 AKQJ.5432.5432.2 AKQJ.5432.5432.2"
    suit = "AKQJT98765432"
    deal = f"N:{suit}... .{suit}.. ..{suit}. ...{suit}"  # 10 points each
    game = game_from_pbn(rules, pbn('[Dealer "S"]', f'[Deal "{deal}"]'), seed=4)
    assert game.throw_ins and game.throw_ins[0].rule == "MB-2.2"
    assert game.dealer == 2 and game.deal_number == 1
    text = pbn('[Dealer "S"]', f'[Deal "{deal}"]', '[Declarer "N"]', '[Contract "1NT"]')
    assert error_of(text, rules) == (
        "invalid PBN: [Deal] is 20-20: it is redealt and has no declarer (MB-2.2)"
    )
    assert "dealt twice" in error_of(pbn('[Dealer "N"]', f'[Deal "{flat}"]'))


def test_declarer_must_fit_the_points(rules: cardrules.Ruleset) -> None:
    """MB-2.3 on import: a Declarer that the points do not choose is refused."""
    text = pbn('[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Declarer "N"]', '[Contract "4S"]')
    assert error_of(text, rules) == (
        "invalid PBN: [Declarer] N does not fit the points 12/8/14/6: declarer is S (MB-2.3)"
    )


def test_illegal_play_names_the_line(rules: cardrules.Ruleset) -> None:
    """MB-4.3 on import: a revoke in the play record is refused with its line and rule."""
    text = pbn(
        '[Dealer "N"]',
        f'[Deal "{EXAMPLE_DEAL}"]',
        '[Declarer "S"]',
        '[Contract "4S"]',
        '[Play "W"]',
        "HA S6 H2 H8",
        "D2 DA DJ D4",
        "CJ C2 S8 C5",
        "*",
    )
    assert error_of(text, rules) == (
        "invalid PBN, line 8: [Play] illegal action 'play 8S' by seat 1 (E): MB-4.3: clubs were "
        "led and you hold 6♣, 8♣, 9♣, ...: must follow suit"
    )


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            ['[Dealer "N"]'],
            "invalid PBN, line 1: [Deal] is required and missing",
        ),
        (
            ['[Dealer "N"', f'[Deal "{EXAMPLE_DEAL}"]'],
            'invalid PBN, line 1: malformed tag \'[Dealer "N"\' (expected [Name "value"])',
        ),
        (
            ['[Dealer "X"]', f'[Deal "{EXAMPLE_DEAL}"]'],
            "invalid PBN, line 1: [Dealer] 'X' is not a seat (expected N, E, S or W)",
        ),
        (
            ['[Dealer "N"]', '[Deal "N:AKQ.2.3.4 - - -"]'],
            "invalid PBN, line 2: [Deal] hand of N has 6 cards (expected 13)",
        ),
        (
            ['[Dealer "N"]', '[Deal "N:K654..AK753.Q432 82.QJ432.JT.A986 AQ73.K98.Q984.K5 -"]'],
            "invalid PBN, line 2: [Deal] hand of W '-' must list 4 suits, S.H.D.C "
            "(an unknown hand '-' is not allowed in Minibridge)",
        ),
        (
            ['[Dealer "N"]', '[Deal "N:K654..AK753.Q432 82.QJ432.JT.A986"]'],
            "invalid PBN, line 2: [Deal] needs 4 hands, got 2",
        ),
        (
            ['[Dealer "N"]', '[Deal "K654..AK753.Q432"]'],
            "invalid PBN, line 2: [Deal] 'K654..AK753.Q432' must start with a seat and ':' "
            "(e.g. 'N:')",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL.replace("Q432", "Q43X")}"]'],
            "invalid PBN, line 2: [Deal] hand of N: 'X' is not a rank (expected AKQJT98765432)",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Declarer "S"]', '[Contract "2S"]'],
            "invalid PBN, line 4: [Contract] '2S' is not a Minibridge contract (D-6: a "
            "part-score is 1C, 1D, 1H, 1S or 1NT; a game is 5C, 5D, 4H, 4S or 3NT)",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Declarer "S"]', '[Contract "4SX"]'],
            "invalid PBN, line 4: [Contract] '4SX': no doubles or redoubles in Minibridge (MB-2.5)",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Contract "Pass"]'],
            "invalid PBN, line 3: [Contract] 'Pass' is not a Minibridge contract "
            "(MB-2.2: 20-20 is redealt)",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Contract "4S"]'],
            "invalid PBN, line 3: [Contract] needs a [Declarer]",
        ),
        (
            [*HEAD, '[Play "N"]', "S6 H2 H8 HA"],
            "invalid PBN, line 5: [Play] the opening lead is by W, on declarer's left (MB-4.1), "
            "not N",
        ),
        (
            [*HEAD, '[Play "W"]', "HA S6 H2"],
            "invalid PBN, line 6: [Play] a trick lists 4 cards or '-', got 'HA S6 H2'",
        ),
        (
            [*HEAD, '[Play "W"]', "HK S6 H2 H8"],
            "invalid PBN, line 6: [Play] W does not hold K♥ at this point",
        ),
        (
            [*HEAD, '[Play "W"]', "HA S6 - H8"],
            "invalid PBN, line 6: [Play] S plays H8 after a missing card ('-')",
        ),
        (
            [*HEAD, '[Play "W"]', "HA S6 H2 H8", "*", "D2 DA DJ D4"],
            "invalid PBN, line 8: [Play] 'D2 DA DJ D4' after the end of the play record",
        ),
        (
            [*HEAD, '[Play "W"]', "HA S6 H2 AH"],
            "invalid PBN, line 6: [Play] 'AH' is not a card (expected e.g. 'HA', 'S6', 'DT')",
        ),
        (
            ['[Dealer "N"]', '[Dealer "S"]', f'[Deal "{EXAMPLE_DEAL}"]'],
            "invalid PBN, line 2: [Dealer] appears twice in one deal",
        ),
        (
            ['[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]', '[Result "14"]'],
            "invalid PBN, line 3: [Result] '14' must be a whole number 0..13 or empty",
        ),
        (
            ["HA S6 H2 H8"],
            "invalid PBN, line 1: 'HA S6 H2 H8' is outside any tag's section",
        ),
        (
            ['[Dealer "N"]', "{ a comment", f'[Deal "{EXAMPLE_DEAL}"]'],
            "invalid PBN, line 2: a '{' comment is never closed with '}'",
        ),
        (
            ["% only a comment"],
            'invalid PBN: no deal found (expected tags such as [Deal "N:..."])',
        ),
    ],
)
def test_malformed_pbn_names_the_tag_and_line(lines: list[str], message: str) -> None:
    """Malformed PBN: a clear CardrulesError naming the line and the tag."""
    assert error_of(pbn(*lines)) == message


def test_result_must_match_a_complete_play_record(rules: cardrules.Ruleset) -> None:
    """MB-4.6 in PBN: a Result that the 13 tricks of the play record contradict is refused."""
    game = one_deal(rules).new_game(seed=8)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    (deal,) = records_of(game)
    assert deal.result is not None
    wrong = dumps([dataclasses.replace(deal, result=(deal.result + 1) % 14)])
    line = wrong.split("\n").index(f'[Result "{(deal.result + 1) % 14}"]') + 1
    assert error_of(wrong) == (
        f"invalid PBN, line {line}: [Result] {(deal.result + 1) % 14} does not match the play "
        f"record ({deal.result} tricks to declarer)"
    )


def test_pbn_deal_value_type(rules: cardrules.Ruleset) -> None:
    """A PbnDeal is a plain value: equal when read twice, with the preset of rules.new_game."""
    text = pbn('[Dealer "N"]', f'[Deal "{EXAMPLE_DEAL}"]')
    assert loads(text) == loads(text)
    (deal,) = loads(text)
    assert isinstance(deal, PbnDeal)
    assert deal.preset()["dealer"] == 0
    game = rules.new_game(seed=1, **deal.preset())  # type: ignore[arg-type]
    assert game.view(0).auction["points"] == [12, 8, 14, 6]
