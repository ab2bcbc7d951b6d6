"""The NumPy engine plays the profile's deck (``[deck]``), not the French pack's shape.

Profiles written here extend callbreak-strict with decks of no family: each batch deal
is replayed card by card under the ruleset's duties and the deal's order of play, and
through the public game; a deck the engine cannot hold is refused in words.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import tokenize
from pathlib import Path

import pytest

import cardrules
from cardrules.batch.engines import choose_engine, not_batched
from cardrules.batch.narrow import TrickBatch
from cardrules.batch.play import deal_orders, order_not_batched
from cardrules.batch.results import DealRecord
from cardrules.batch.summary import summary
from cardrules.batch.tables import Tables, pick
from cardrules.deck import Deck, DeckSpec, OrderSpec, Ranking, named_deck
from cardrules.rules.actions import Play
from cardrules.rules.components import DealInfo
from cardrules.rules.duties import TrickState, narrow

np = pytest.importorskip("numpy")

#: The French pack's shape written as numbers: its size, its last index, a suit's cards
#: and a suit's 13-bit mask.
FRENCH_NUMBERS = {"13", "51", "52", "8191", "0x1fff"}

#: [deck] tables and the hand each seat is dealt: two suits of six, the euchre pack with
#: a stock of four, two copies of each card, and four suits of eight with three jokers.
DECKS = {
    "two-by-six": (
        'name = "two-by-six"\nsuits = ["H", "S"]\nranks = ["9", "10", "J", "Q", "K", "A"]',
        3,
    ),
    "euchre": ('name = "euchre-24"', 5),
    "doubled": (
        'name = "doubled"\nsuits = ["C", "D", "H", "S"]\nranks = ["J", "Q", "K", "A"]\ncopies = 2',
        8,
    ),
    "jokers": (
        'name = "jokers"\nsuits = ["C", "D", "H", "S"]\n'
        'ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]\nextras = ["X1", "X2", "X3"]',
        8,
    ),
}


def deck_profile(tmp_path: Path, deck: str, hand: int, name: str = "small-deck") -> Path:
    """A profile file extending callbreak-strict with this ``[deck]`` and hand size."""
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\nextends = "callbreak-strict"\n\n[deck]\n{deck}\n\n'
        f"[deal]\nhand_sizes = [{hand}]\n\n[auction]\nmax_call = {hand}\n",
        encoding="utf-8",
    )
    return path


def replay_by_the_rules(rules: cardrules.Ruleset, rec: DealRecord) -> None:
    """Play ``rec``'s deal again from its hands and uniforms under the ruleset's auction,
    duties and the deal's order of play, checking every call, card, trick and score."""
    deck = rules.deck
    state = rules.auction.start(DealInfo(rec.dealer, rec.hands, rules.direction, deck=deck))
    calls = []
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions()
        act = legal[int(rec.auction_u[len(calls)] * len(legal))]
        state.apply(seat, act)
        calls.append(act)
    assert tuple(calls) == rec.actions
    assert state.result() == rec.contract
    order = rules.order_of(rec.contract)
    seats, step = rules.players, rules.direction.step
    hands, leader, played, tricks, k = list(rec.hands), rec.contract.leader, 0, [0] * seats, 0
    for trick in range(rules.hand_size(1)):
        cards: list[int] = []
        for pos in range(seats):
            seat = (leader + pos * step) % seats
            t = TrickState.of(
                [deck.cards[c] for c in cards],
                trump=None,
                first_trick=trick == 0,
                played_before=played,
                order=order,
            )
            legal = [c.index for c in deck.cards_of(narrow(rules.duties, hands[seat], t))]
            card = legal[int(rec.play_u[k] * len(legal))]
            assert card == rec.cards[k], f"deal {rec.deal}, card {k}"
            hands[seat] ^= 1 << card
            cards.append(card)
            k += 1
        leader = (leader + order.winner(cards) * step) % seats
        tricks[leader] += 1
        for card in cards:
            played |= 1 << card
    assert k == len(rec.cards) == seats * rules.hand_size(1)
    assert tuple(tricks) == rec.tricks
    assert rules.scorer.score(rec.contract, rec.tricks) == rec.scores


@pytest.mark.parametrize("name", DECKS)
def test_the_batch_engine_plays_a_deck_of_no_family_by_the_rules(tmp_path: Path, name: str) -> None:
    """Each deal dealt from the profile's deck, the hand size of its [deal], is played
    card for card as the duties and the deal's order of play allow."""
    table, hand = DECKS[name]
    rules = cardrules.load(str(deck_profile(tmp_path, table, hand)))
    assert not_batched(rules) == ""
    sim = cardrules.simulate(rules, deals=150, seed=4, engine="numpy", trace=True, block_size=64)
    deck = rules.deck
    for rec in sim:
        assert [h.bit_count() for h in rec.hands] == [hand] * 4
        dealt = 0
        for h in rec.hands:
            assert dealt & h == 0
            dealt |= h
        assert dealt & ~deck.all_mask == 0
        replay_by_the_rules(rules, rec)
    assert sim.decisions == sum(len(d.actions) + len(d.cards) for d in sim)
    seen = 0  # over the run, every card of the deck is dealt
    for d in sim:
        for h in d.hands:
            seen |= h
    assert seen == deck.all_mask


@pytest.mark.parametrize("name", DECKS)
def test_the_batch_engine_agrees_with_the_game_engine_on_a_deck_of_no_family(
    tmp_path: Path, name: str
) -> None:
    """The batch deals, played through the public game from the same hands with the
    same uniforms, give the same calls, cards, tricks and scores."""
    table, hand = DECKS[name]
    rules = cardrules.load(str(deck_profile(tmp_path, table, hand)))
    sim = cardrules.simulate(rules, deals=100, seed=2, engine="numpy", trace=True)
    deck = rules.deck
    for rec in sim:
        hands = [list(deck.cards_of(h)) for h in rec.hands]
        game = rules.new_game(seed=0, dealer=rec.dealer, hands=hands)
        assert tuple(game.initial_hands) == rec.hands
        j = 0
        while game.phase == "auction":
            legal = game.legal_actions()
            game.apply(legal[int(rec.auction_u[j] * len(legal))])
            j += 1
        assert game.contract == rec.contract
        for k in range(len(rec.cards)):
            legal = game.legal_actions()
            act = legal[int(rec.play_u[k] * len(legal))]
            assert isinstance(act, Play)
            assert act.card.index == rec.cards[k], f"deal {rec.deal}, card {k}"
            game.apply(act)
        assert game.deals[0].tricks == rec.tricks
        assert dict(game.deals[0].scores) == rec.scores


def test_a_deck_of_more_than_64_cards_is_refused_in_words(tmp_path: Path) -> None:
    """A hand is one uint64: the tarot pack is refused by name, and auto plays the game."""
    rules = cardrules.load(str(deck_profile(tmp_path, 'name = "tarot-78"', 13)))
    why = "holds hands of up to 64 cards (the profile's deck tarot-78 has 78)"
    assert not_batched(rules) == why
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate(rules, deals=1, engine="numpy")
    assert str(exc.value) == f"invalid engine: 'numpy' {why}; use engine='game'"
    assert choose_engine(rules, ["random"] * 4, "auto") == "game"
    with pytest.raises(cardrules.CardrulesError, match="holds hands of up to 64 cards"):
        Tables(np, rules.deck)


def test_cards_that_never_win_and_seats_that_sit_out_are_refused(tmp_path: Path) -> None:
    """An order with a free card (the Excuse) and a contract that sits a seat out are
    refused with the reason, not played wrongly."""
    deck = named_deck("euchre-24")
    excuse = deck.order(
        Ranking("excused", None),
        lambda d, r: OrderSpec(
            tuple(tuple(c.index for c in d.cards_of(d.suit_masks[s]) if c.index) for s in d.suits),
            free=(0,),
        ),
    )
    assert order_not_batched(excuse) == (
        "does not play cards that may always be played and never win (the 'excused' order has 9C)"
    )
    assert order_not_batched(deck.order(Ranking("natural", None))) == ""
    table, hand = DECKS["euchre"]
    rules = cardrules.load(str(deck_profile(tmp_path, table, hand)))
    contract = cardrules.simulate(rules, deals=1, seed=0, engine="numpy").deals[0].contract
    going_alone = dataclasses.replace(contract, sitting_out=frozenset({2}))
    with pytest.raises(cardrules.CardrulesError) as exc:
        deal_orders(rules, Tables.get(np, rules.deck), [contract, going_alone])
    assert str(exc.value) == (
        "invalid engine: 'numpy' plays every seat to every trick (a contract of the "
        "profile's auction sits out seat 2); use engine='game'"
    )


@pytest.mark.parametrize(
    "deck",
    [
        named_deck("french-52"),
        named_deck("piquet-32"),
        named_deck("euchre-24"),
        named_deck("pinochle-48"),
        Deck(DeckSpec.of("fourteens", ranks=(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 12, 13, 14))),
        Deck(DeckSpec.of("jokers", suits="HS", ranks=range(9, 15), extras=["X1", "X2"])),
        Deck(DeckSpec.of("all-jokers", suits="S", ranks=[14], extras=[f"X{n}" for n in range(40)])),
    ],
    ids=lambda d: d.name,
)
def test_pick_takes_the_kth_lowest_card_of_any_deck(deck: Deck) -> None:
    """The random policy's card is the ``int(u * n)``-th lowest legal card, for suits of
    6, 8, 12 (two copies), 13 and 14 cards and cards outside the suits."""
    rng = random.Random(deck.size)
    masks = [rng.getrandbits(deck.size) or 1 for _ in range(500)]
    masks += [deck.all_mask, 1, 1 << (deck.size - 1)]
    u = [rng.random() for _ in masks]
    got = pick(Tables.get(np, deck), np.array(masks, dtype=np.uint64), np.array(u))
    want = []
    for mask, x in zip(masks, u, strict=True):
        cards = [c.index for c in deck.cards_of(mask)]
        want.append(cards[int(x * len(cards))])
    assert got.tolist() == want


def test_seeded_batches_deal_the_french_pack_as_before() -> None:
    """D-2: the shuffle follows the deck and stays the same for the French pack: these
    deals, cards and scores are those of the engine before it read the deck."""
    for name, first, digest in (
        (
            "callbreak-strict",
            (2291393171068482, 81936718577808, 564427692050445, 1565842045673760),
            "2a07494ed2505bb7",
        ),
        (
            "bridge-duplicate",
            (2291393171068482, 1565842045673760, 564427692050445, 81936718577808),
            "9f6e8770e969122e",
        ),
    ):
        sim = cardrules.simulate(name, deals=200, seed=5, engine="numpy")
        h = hashlib.sha256()
        for d in sim:
            h.update(repr((d.hands, d.cards, d.tricks, sorted(d.scores.items()))).encode())
        assert sim.deals[0].hands == first
        assert h.hexdigest()[:16] == digest, name


def test_the_summary_counts_the_tricks_of_the_deck(tmp_path: Path) -> None:
    """The trick table runs from 0 to the tricks of a deal: 3 with three cards a hand."""
    table, hand = DECKS["two-by-six"]
    sim = cardrules.simulate(
        str(deck_profile(tmp_path, table, hand)), deals=40, seed=1, engine="numpy"
    )
    (header,) = [line for line in summary(sim) if line.startswith("tricks")]
    assert header.split()[1:-3] == ["0", "1", "2", "3"]


def test_the_batch_engine_writes_no_arithmetic_of_the_french_pack() -> None:
    """The engine reads the deck: no number 13, 51, 52 or 8191 (0x1FFF) in its code."""
    hits = []
    for path in sorted((Path(cardrules.__file__).parent / "batch").glob("*.py")):
        with path.open(encoding="utf-8") as f:
            for tok in tokenize.generate_tokens(f.readline):
                if tok.type == tokenize.NUMBER and tok.string.lower() in FRENCH_NUMBERS:
                    hits.append(f"{path.name}:{tok.start[0]}: {tok.string}")
    assert hits == []


def test_a_duty_without_a_batch_form_sees_the_deals_order(tmp_path: Path) -> None:
    """A duty checked deal by deal gets each deal's order of play: the suit led and its
    cards are the deck's, not the French pack's."""
    table, hand = DECKS["euchre"]
    rules = cardrules.load(str(deck_profile(tmp_path, table, hand)))
    deck = rules.deck
    contract = cardrules.simulate(rules, deals=1, seed=0, engine="numpy").deals[0].contract
    orders = deal_orders(rules, Tables.get(np, deck), [contract, contract])
    order = rules.order_of(contract)
    king = deck.parse("KH").index
    hearts = np.full(2, order.suit_of[king], dtype=np.int64)
    spades = np.full(2, order.trump, dtype=np.int64)
    card = np.full(2, king, dtype=np.int64)
    zero = np.zeros(2, dtype=np.uint64)
    t = TrickBatch(
        False, False, hearts, zero, spades, zero, card, zero, zero, [card], np.where,
        orders.orders, orders.row,
    )  # fmt: skip
    state = t.state(1)
    assert state.order is order
    assert list(deck.cards_of(state.led_mask)) == deck.parse_cards("9H 10H JH QH KH AH")
    assert list(deck.cards_of(state.trump_mask)) == deck.parse_cards("9S 10S JS QS KS AS")


def test_a_hand_size_drawn_by_chance_is_refused_in_words(tmp_path: Path) -> None:
    """A block's deals are played side by side, card for card: a hand size drawn from
    [deal] hand_size_range (each game its own) is refused, and auto plays the game."""
    path = deck_profile(tmp_path, DECKS["two-by-six"][0], 3)
    text = path.read_text(encoding="utf-8").replace("hand_sizes = [3]", "hand_size_range = [2, 3]")
    path.write_text(text, encoding="utf-8")
    rules = cardrules.load(str(path))
    why = (
        "deals every deal of a block the same number of cards (the profile draws it "
        "from [deal] hand_size_range)"
    )
    assert not_batched(rules) == why
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate(rules, deals=1, engine="numpy")
    assert str(exc.value) == f"invalid engine: 'numpy' {why}; use engine='game'"
    assert cardrules.simulate(rules, deals=2, seed=1).engine == "game"
