"""The example variant: found through its entry point, CW-1..CW-3, and the app rules beneath."""

from __future__ import annotations

import importlib.metadata

import cardrules
import pytest
from cardrules import IllegalAction, Ruleset, TrickState
from cardrules.cards import SUIT_MASKS, Suit, mask_of, parse_cards

from cardrules_clockwise import SpadesNotLedUntilBroken, plugin

NAME = "callbreak-clockwise"


@pytest.fixture(scope="module")
def cw() -> Ruleset:
    return cardrules.load(NAME)


def test_entry_point_and_profile_dir() -> None:
    """The plugin is an entry point in the group 'cardrules'; its hook lists the profile dir."""
    eps = importlib.metadata.entry_points(group="cardrules")
    assert [ep.value for ep in eps if ep.name == "clockwise"] == ["cardrules_clockwise.plugin"]
    assert (plugin.cardrules_profile_dirs()[0] / f"{NAME}.toml").is_file()
    assert NAME in cardrules.profiles()


def test_profile_extends_the_app_rules(cw: Ruleset) -> None:
    """Everything but CW-1..CW-3 is callbreak-app; the plugins are joined."""
    app = cardrules.load("callbreak-app")
    assert cw.profile.extends == "callbreak-app"
    assert cw.profile.plugins == ("callbreak", "callbreak-house", "clockwise")
    assert [t.rule for t in cw.throw_ins] == [t.rule for t in app.throw_ins]
    assert (cw.deals, cw.profile.deal_choices) == (app.deals, app.profile.deal_choices)
    assert dict(cw.profile.options) == dict(app.profile.options)
    assert [d.name for d in cw.duties][1:] == [d.name for d in app.duties]


@pytest.mark.parametrize("dealer", range(4))
def test_cw_1_clockwise_calls_lead_and_dealer_rotation(cw: Ruleset, dealer: int) -> None:
    """CW-1: calls and the first lead start at the dealer's left; the deal passes to the left."""
    game = cw.new_game(seed=3, dealer=dealer)
    callers = []
    while game.phase == "auction":
        callers.append(game.to_act)
        game.apply("bid 1")
    assert callers == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    assert game.to_act == (dealer + 1) % 4
    assert game.cutter == (dealer + 3) % 4
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    assert game.dealer == (dealer + 1) % 4


def test_cw_2_calls_1_to_8(cw: Ruleset) -> None:
    """CW-2: a call of 1 is allowed, 9 is not."""
    game = cw.new_game(seed=5, dealer=0)
    assert [str(a) for a in game.legal_actions()] == [f"bid {n}" for n in range(1, 9)]
    with pytest.raises(IllegalAction) as err:
        game.apply("bid 9")
    assert str(err.value) == (
        "illegal action 'bid 9' by seat 1 (E): APP-2.1: a call must be 1 to 8 tricks (got 9)"
    )


def test_cw_3_duty_on_masks() -> None:
    """CW-3: before spades are broken a leader with another suit may not lead a spade."""
    duty = SpadesNotLedUntilBroken("CW-3")
    hand = mask_of(parse_cards("AS 3S 2H KD"))
    fresh = TrickState.of([], trump=Suit.S)
    assert duty.narrow(hand, hand, fresh) == hand & ~SUIT_MASKS[Suit.S]
    only_spades = mask_of(parse_cards("AS 3S"))
    assert duty.narrow(only_spades, only_spades, fresh) == only_spades
    broken = TrickState.of([], trump=Suit.S, played_before=mask_of(parse_cards("2S")))
    assert duty.narrow(hand, hand, broken) == hand
    following = TrickState.of(parse_cards("7S"), trump=Suit.S)
    assert duty.narrow(hand, hand, following) == hand


#: Dealer 0, clockwise: seat 1 calls and leads first.  Seat 1 holds spades and
#: hearts; seat 2 has no clubs, so a club lead gets trumped and breaks spades.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 5S",
    "AS KS QS AC KC QC JC 10C 2H 3H 4H 5H 6H",
    "2S 3S 4S 6D 7D 8D 9D 10D JD QD KD AD 7H",
    "6S 7S 8S 9S 10S JS 8H 9H 10H JH QH KH AH",
]


def test_cw_3_spade_lead_refused_until_broken(cw: Ruleset) -> None:
    """CW-3: the first leader may not lead a spade while holding another suit."""
    game = cw.new_game(seed=1, dealer=0, hands=HANDS)
    assert game.throw_ins == []
    for _ in range(4):
        game.apply("bid 1")
    assert game.to_act == 1
    assert "play AS" not in [str(a) for a in game.legal_actions()]
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("play AS")
    assert str(err.value) == (
        "illegal action 'play AS' by seat 1 (E): CW-3: spades are not broken yet "
        "(none played to an earlier trick) and you hold 10♣: lead another suit"
    )
    assert game.to_json() == before


def test_cw_3_spades_may_be_led_once_broken(cw: Ruleset) -> None:
    """CW-3: after a spade is played to a trick, spades may be led."""
    game = cw.new_game(seed=1, dealer=0, hands=HANDS)
    for _ in range(4):
        game.apply("bid 1")
    game.apply("play AC")  # seat 1 leads a club
    game.apply("play 2S")  # seat 2, void in clubs, must trump (APP-3.3)
    game.apply("play 6S")  # seat 3, void in clubs, must overtrump
    game.apply("play 2C")  # seat 0 follows
    assert game.last_trick is not None and game.last_trick.winner == 3
    assert game.to_act == 3
    assert "play 7S" in [str(a) for a in game.legal_actions()]
    game.apply("play 7S")


def test_a_game_plays_to_the_end(cw: Ruleset) -> None:
    """The variant plays whole games with the kernel's game machine."""
    game = cw.new_game(seed=9)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert len(game.deals) == 5
    assert cardrules.Game.from_json(game.to_json()).to_json() == game.to_json()


def test_duty_module_examples() -> None:
    """The examples in the duty's module docstring run."""
    import doctest

    from cardrules_clockwise import duties

    result = doctest.testmod(duties)
    assert result.attempted >= 4 and result.failed == 0
