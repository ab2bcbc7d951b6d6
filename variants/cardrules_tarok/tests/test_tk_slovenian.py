"""The rules of the profile ``tarok``, Slovenian Tarok (TK-*), through the public API: the
deal and the game of four deals, the bidding and klop, the king and the sides each seat
knows, the talon, the announcements and the doublings, open beggar's hand, the scores
with their bonuses, the radli, what each seat sees, refusals, records and undo, and the
bots."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from decimal import Decimal

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Card
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules.engine.tricks import PlayedCard, Trick
from cardrules.rules.components import DealResult, FinishedDeal
from cardrules_tarok import DECK, Discard, TarokBid
from cardrules_tarok.actions import KINGS_MASK, TAROKS, Announce, Double
from cardrules_tarok.slovenian import DECLARERS, OPPONENTS, SlovenianContract
from cardrules_tarok.slovenian_scoring import TarokScorer, radli, rounded_difference
from helpers import refused, undo_every_step, view_card_texts

RULES = cardrules.load("tarok")
TAROK_CARDS = [c for c in DECK.cards if c.suit is None]
SUIT_CARDS = [c for c in DECK.cards if c.suit is not None]


def mask(texts: str) -> int:
    return DECK.mask_of(DECK.parse_cards(texts))


def cards(texts: str) -> list[Card]:
    return list(DECK.parse_cards(texts))


def play_random(game: Game, rng: random.Random) -> None:
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


def order(game: Game) -> list[int]:
    """The seats from forehand (the dealer's right) round to the dealer (TK-1.1)."""
    dealer = game.dealer
    return [(dealer - k) % 4 for k in range(1, 5)]


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def bid_to(game: Game, texts: Sequence[str]) -> None:
    for text in texts:
        game.apply(text)


def strong_deal(seed: int = 0) -> Game:
    """A deal by hand, South dealing: the player after forehand (East) holds twelve taroks,
    none of the trula; the talon is six spades, its king last."""
    hands = [
        TAROK_CARDS[0:2] + SUIT_CARDS[0:10],
        TAROK_CARDS[4:16],
        TAROK_CARDS[2:4] + SUIT_CARDS[10:20],
        TAROK_CARDS[16:22] + SUIT_CARDS[20:26],
    ]
    return RULES.new_game(seed=seed, dealer=3, hands=hands, stock=SUIT_CARDS[26:])


# -- 1. the table, the cards, the deal and the game --------------------------------------


def test_tk_1_1_twelve_each_six_in_the_talon_dealt_to_the_right_no_throw_in() -> None:
    """TK-1.1: twelve cards each, six in the talon; forehand on the dealer's right, the
    player on forehand's right speaks first; a hand without a tarok is played (no
    throw-in)."""
    for seed in range(30):
        game = RULES.new_game(seed=seed)
        hands = [game.hands[s] for s in range(4)]
        assert [h.bit_count() for h in hands] == [12] * 4
        assert (DECK.all_mask & ~sum(hands)).bit_count() == 6
        assert game.to_act == order(game)[1]
    hands = [
        SUIT_CARDS[0:12],
        SUIT_CARDS[12:24],
        TAROK_CARDS[0:12],
        TAROK_CARDS[12:22] + SUIT_CARDS[24:26],
    ]
    game = RULES.new_game(seed=0, dealer=3, hands=hands, stock=SUIT_CARDS[26:])
    assert not game.hands[0] & TAROKS and game.phase == "auction" and not game.throw_ins


def test_tk_1_2_the_pack_and_tk_1_3_the_taroks_trumps() -> None:
    """TK-1.2, TK-1.3: 22 taroks, four suits of eight; a tarok beats any suit card, the red
    suits rank 1 above 4."""
    assert DECK.size == 54 and TAROKS.bit_count() == 22
    assert RULES.trick_winner(["KH", "T2", "QH"]) == 1
    assert RULES.trick_winner(["4H", "1H", "2H"]) == 1
    assert RULES.trick_winner(["7C", "10C", "8C"]) == 1


def test_tk_1_4_a_game_of_four_deals_the_deal_passing_to_the_right() -> None:
    """TK-1.4 and D-6: four deals, each dealt by the player on the last dealer's right; the
    game's totals are the sums of the deals' scores."""
    game = RULES.new_game(seed=4)
    play_random(game, random.Random(4))
    assert len(game.deals) == 4 and game.over is not None
    dealers = [d.dealer for d in game.deals]
    assert all((b - a) % 4 == 3 for a, b in itertools.pairwise(dealers))
    for standing in game.standings():
        seat = standing.side
        assert standing.total == sum(d.scores[seat] for d in game.deals)


# -- 2. the bidding ----------------------------------------------------------------------


def test_tk_2_1_tk_2_2_the_contracts_offered_and_priority() -> None:
    """TK-2.1: the first speaker may pass or bid two and up (never three: TK-2.2); a
    player nearer forehand may hold the bid, one further from it must bid higher."""
    game = RULES.new_game(seed=1)
    assert legal(game) == [
        "pass", "go two", "go one", "go solo three", "go solo two", "go solo one",
        "go beggar", "go solo without", "go open beggar", "go colour valat without",
        "go valat without",
    ]  # fmt: skip
    assert refused(game, "go three").rule == "TK-2.1"
    assert refused(game, "go klop").rule == "TK-2.1"
    game.apply("go two")  # order[1]
    assert "go two" not in legal(game)  # order[2] has lower priority
    game.apply("pass")
    game.apply("pass")  # the dealer
    assert game.to_act == order(game)[0] and "go two" in legal(game)  # forehand may hold
    game.apply("go two")
    assert game.to_act == order(game)[1]  # the passed players are passed over


def test_tk_2_3_all_passing_forehand_passes_to_klop_or_bids_three() -> None:
    """TK-2.3: the others all passed, forehand may pass (klop is played: every player for
    itself) or bid three or higher."""
    game = RULES.new_game(seed=2)
    bid_to(game, ["pass", "pass", "pass"])
    assert game.to_act == order(game)[0]
    assert legal(game)[:3] == ["pass", "go three", "go two"]
    assert "go klop" not in legal(game)
    game.apply("pass")
    contract = game.contract
    assert isinstance(contract, SlovenianContract) and contract.name == "klop"
    assert game.phase == "play" and game.to_act == order(game)[0]  # forehand leads (TK-6.1)
    game = RULES.new_game(seed=2)
    bid_to(game, ["pass", "pass", "pass", "go three"])
    assert game.view(0).auction["declarer"] == order(game)[0]
    assert game.view(0).auction["contract"] == "three"


def test_tk_2_4_the_last_player_in_bids_once_more() -> None:
    """TK-2.4: the others having passed, the last player in may not pass: it repeats its
    bid or bids higher, and declares the contract it bids then."""
    game = RULES.new_game(seed=5)
    bid_to(game, ["go two", "pass", "pass", "pass"])
    assert game.to_act == order(game)[1] and "pass" not in legal(game)
    assert legal(game)[0] == "go two"
    game.apply("go one")
    assert game.view(0).auction["contract"] == "one"


# -- 3. the king and the sides -------------------------------------------------------------


def _called(seed: int, *, own: bool = False) -> tuple[Game, int, int]:
    """A deal of two by the player after forehand, calling a king another player holds
    (``own``: its own), up to the play; the declarer and the king's holder."""
    for s in range(seed, seed + 200):
        game = RULES.new_game(seed=s)
        declarer = order(game)[1]
        bid_to(game, ["go two", "pass", "pass", "pass", "go two"])
        for king in DECK.cards_of(KINGS_MASK):
            holder = next((p for p in range(4) if game.hands[p] >> king.index & 1), -1)
            if holder >= 0 and (holder == declarer) == own:
                game.apply(f"call {king}")
                rng = random.Random(s)
                while game.phase == "auction":
                    game.apply("pass" if "pass" in legal(game) else rng.choice(legal(game)))
                return game, declarer, holder
    raise AssertionError("no such deal")


def test_tk_3_1_tk_3_2_the_partner_known_to_itself_then_to_all_once_the_king_is_played() -> None:
    """TK-3.1, TK-3.2: the king's holder is the partner; its view shows every side, the
    others' views their own and the declarer's, until the king is played; then all."""
    game, declarer, partner = _called(10)
    others = [s for s in range(4) if s not in (declarer, partner)]
    full = {s: DECLARERS if s in (declarer, partner) else OPPONENTS for s in range(4)}
    assert game.view(partner).sides == full
    assert game.view(declarer).sides == {declarer: DECLARERS}
    for seat in others:
        assert game.view(seat).sides == dict(sorted({declarer: DECLARERS, seat: OPPONENTS}.items()))
    assert game.public_view().sides == {declarer: DECLARERS}
    contract = game.contract
    assert isinstance(contract, SlovenianContract)
    rng = random.Random(1)
    while game.phase == "play":
        played = any(p.card.index == contract.king for t in game.tricks for p in t.cards) or any(
            p.card.index == contract.king for p in game.trick
        )
        for seat in (-1, *range(4)):
            view = game.public_view() if seat < 0 else game.view(seat)
            if played:
                assert view.sides == full
            elif seat in others:
                assert partner not in view.sides
        game.apply(rng.choice(game.legal_actions()))


def test_tk_3_1_a_king_of_its_own_plays_alone_and_tk_3_2_a_king_in_the_talon_is_seen() -> None:
    """TK-3.1: calling its own king, the declarer plays alone (only it knows, until the
    king is played); TK-3.2: a king lying in the talon tells everyone at once."""
    game, declarer, _ = _called(30, own=True)
    assert game.view(declarer).sides == {
        s: DECLARERS if s == declarer else OPPONENTS for s in range(4)
    }
    assert len(game.view((declarer + 1) % 4).sides) == 2
    for seed in range(300):
        game = RULES.new_game(seed=seed)
        talon = DECK.all_mask & ~sum(game.hands[s] for s in range(4))
        kings = talon & KINGS_MASK
        if not kings:
            continue
        bid_to(game, ["go two", "pass", "pass", "pass", "go two"])
        game.apply(f"call {next(iter(DECK.cards_of(kings)))}")
        declarer = game.view(0).auction["declarer"]
        while game.phase == "auction":
            game.apply(game.legal_actions()[0])
        full = {s: DECLARERS if s == declarer else OPPONENTS for s in range(4)}
        assert all(game.view(s).sides == full for s in range(4))
        assert game.public_view().sides == full
        return
    raise AssertionError("no king in a talon")


# -- 4. the talon ---------------------------------------------------------------------------


def test_tk_4_1_tk_4_2_the_talon_turned_up_and_the_cards_laid_away() -> None:
    """TK-4.1: two turns the talon up in three parts of two, every seat sees it; TK-4.2:
    the declarer lays two cards away: the suit cards it took, not a tarok while it holds
    them."""
    game = strong_deal()
    assert game.to_act == 1
    bid_to(game, ["go two", "pass", "pass", "pass", "go two", "call KH"])
    assert legal(game) == ["take part 1", "take part 2", "take part 3"]
    talon = [str(c) for c in SUIT_CARDS[26:]]
    assert all(game.view(s).auction["talon"] == talon for s in range(4))
    game.apply("take part 1")
    assert legal(game) == [f"discard {talon[0]}", f"discard {talon[1]}"]
    assert refused(game, "discard T5").rule == "TK-4.2"
    game.apply(f"discard {talon[1]}")
    assert refused(game, "discard T1").rule == "TK-4.2"  # (not held, and of the trula)


# -- 5. the announcements and the doublings ------------------------------------------------


def test_tk_5_1_the_declarer_announces_bonuses_one_at_a_time_then_passes() -> None:
    """TK-5.1: after the exchange the declarer may announce each bonus once (the king
    ultimo only with a king called); the others speak only in the doublings."""
    game = strong_deal()
    bid_to(game, ["go two", "pass", "pass", "pass", "go two", "call KH", "take part 1"])
    while "announce trula" not in legal(game):
        game.apply(legal(game)[0])
    declarer = game.to_act
    assert legal(game) == [
        "pass", "announce trula", "announce kings", "announce king ultimo",
        "announce pagat ultimo", "announce valat",
    ]  # fmt: skip
    game.apply("announce pagat ultimo")
    assert game.to_act == declarer and "announce pagat ultimo" not in legal(game)
    assert refused(game, "announce pagat ultimo").rule == "TK-5.1"
    assert refused(game, "kontra").rule == "TK-5.1"
    game.apply("announce trula")
    assert game.public_view().auction["announced"] == ["pagat ultimo", "trula"]
    game.apply("pass")
    assert game.to_act != declarer and legal(game)[0] == "pass"
    solo = strong_deal()
    bid_to(solo, ["go solo one", "pass", "pass", "pass", "go solo one", "take part 1"])
    while solo.view(0).auction.get("laid_away", 0) < 1 or "announce trula" not in legal(solo):
        solo.apply(legal(solo)[0])
    assert "announce king ultimo" not in legal(solo)  # no king called


def test_tk_5_1_the_declarer_announces_holding_its_cards_after_the_exchange() -> None:
    """TK-4.2, TK-5.1: once the cards are laid away the declarer holds the part taken and
    no longer the cards laid away, during the announcements and the doublings too (its
    view shows that hand; the others see twelve cards); undo gives the hand back."""
    moved = 0
    for seed in range(20):
        game = RULES.new_game(seed=seed)
        declarer = order(game)[1]
        bid_to(game, ["go two", "pass", "pass", "pass", "go two", "call KH", "take part 2"])
        dealt = {c.index for c in game.view(declarer).hand}
        talon = [DECK.parse(t).index for t in game.view(0).auction["talon"]]
        taken = set(talon[2:4])
        laid = [game.legal_actions()[-1]]
        game.apply(laid[0])
        before = {c.index for c in game.view(declarer).hand}
        assert before == dealt  # (the exchange not over: the hand as dealt)
        laid.append(game.legal_actions()[-1])
        game.apply(laid[1])
        assert "announce trula" in legal(game)
        away = {a.card.index for a in laid if isinstance(a, Discard)}
        hand = {c.index for c in game.view(declarer).hand}
        assert hand == (dealt | taken) - away and len(hand) == 12
        assert all(game.view(s).hand_sizes[declarer] == 12 for s in range(4))
        moved += hand != dealt
        game.undo()
        assert {c.index for c in game.view(declarer).hand} == before
    assert moved


def test_tk_5_2_kontra_rekontra_subkontra_mordkontra() -> None:
    """TK-5.2: the others in turn from the declarer's right may say kontra (the partner
    only pass); then the declarer rekontra; the others subkontra; the declarer
    mordkontra, which ends the auction; the contract carries the doublings."""
    game, declarer, _ = _called(50)
    assert game.phase == "play"  # everyone passed: no doubling
    contract = game.contract
    assert isinstance(contract, SlovenianContract) and contract.doubled == 0
    for s in range(50, 250):
        game = RULES.new_game(seed=s)
        bid_to(game, ["go two", "pass", "pass", "pass", "go two"])
        declarer = order(game)[1]
        king = next(
            (k for k in DECK.cards_of(KINGS_MASK) if game.hands[order(game)[2]] >> k.index & 1),
            None,
        )
        if king is None:
            continue
        game.apply(f"call {king}")  # the partner speaks first in the doublings
        while game.view(declarer).auction.get("announced") is None:
            game.apply(legal(game)[0])
        game.apply("pass")  # no announcement
        assert game.to_act == order(game)[2] and legal(game) == ["pass"]  # the partner
        assert refused(game, "kontra").rule == "TK-5.2"
        game.apply("pass")
        assert game.to_act == order(game)[3] and legal(game) == ["pass", "kontra"]
        game.apply("kontra")
        assert game.to_act == declarer and legal(game) == ["pass", "rekontra"]
        game.apply("rekontra")
        assert game.to_act == order(game)[2] and legal(game) == ["pass"]
        game.apply("pass")
        game.apply("pass")
        assert game.to_act == order(game)[0] and legal(game) == ["pass", "subkontra"]
        game.apply("subkontra")
        assert game.to_act == declarer and legal(game) == ["pass", "mordkontra"]
        game.apply("mordkontra")
        assert game.phase == "play"
        contract = game.contract
        assert isinstance(contract, SlovenianContract) and contract.multiplier == 16
        assert game.public_view().auction["doubled"] == "mordkontra"
        assert "mordkontra" in contract.words()
        return
    raise AssertionError("no such deal")


# -- 6. the play -----------------------------------------------------------------------------


def test_tk_6_3_open_beggars_hand_shown_once_the_first_trick_is_complete() -> None:
    """TK-6.3: in open beggar every seat sees the declarer's cards from the end of the
    first trick on, not before; TK-6.1: the declarer leads."""
    game = strong_deal()
    bid_to(game, ["go open beggar", "pass", "pass", "pass", "go open beggar"])
    while game.phase == "auction":
        game.apply("pass")
    declarer = order(game)[1]
    assert game.to_act == declarer
    other = (declarer + 1) % 4
    assert not game.view(other).hands.get(declarer)
    for _ in range(4):
        assert not game.view(other).hands.get(declarer)
        game.apply(game.legal_actions()[-1])
    if game.phase == "play":
        shown = {c.index for c in game.view(other).hands[declarer]}
        assert shown == {c.index for c in DECK.cards_of(game.hands[declarer])}


def test_tk_6_4_a_beggar_stops_at_the_declarers_first_trick() -> None:
    """TK-6.4: the play of a beggar stops once its declarer takes a trick."""
    for seed in range(40):
        game = RULES.new_game(seed=seed)
        declarer = order(game)[1]
        bid_to(game, ["go beggar", "pass", "pass", "pass", "go beggar"])
        while game.phase == "auction":
            game.apply("pass")
        while not game.deals:
            game.apply(random.Random(seed).choice(game.legal_actions()))
        deal = game.deals[0]
        if deal.tricks[declarer]:
            assert deal.tricks[declarer] == 1 and deal.scores[declarer] == -70
            last = deal.contract
            assert isinstance(last, SlovenianContract) and last.name == "beggar"
            return
    raise AssertionError("no beggar lost")


def test_tk_6_2_follow_suit_else_a_tarok_else_anything() -> None:
    """TK-6.2: over whole games, a follower holding the suit led may play only that suit;
    holding none, only a tarok if it holds one; else anything."""
    checked = 0
    for seed in range(16):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            if game.phase == "play" and game.trick:
                contract = game.contract
                assert isinstance(contract, SlovenianContract)
                led = game.trick[0].card
                hand = list(DECK.cards_of(game.hands[game.to_act]))
                plays = [a.card for a in game.legal_actions()]
                same = [c for c in hand if c.suit == led.suit]
                if same:
                    assert {c.suit for c in plays} == {led.suit}
                elif any(c.suit is None for c in hand):
                    assert all(c.suit is None for c in plays)
                elif contract.name not in ("klop", "beggar", "open beggar"):
                    assert sorted(c.index for c in plays) == sorted(c.index for c in hand)
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 150


def test_tk_6_2_tk_6_3_the_two_duties_together_are_openspiels_one() -> None:
    """TK-6.2, TK-6.3: the profile's two duties (follow, then beat in klop and the
    beggars), chained, allow exactly what tarok-openspiel's one duty allows, over random
    hands and tricks in every ranking; a card refused for not beating cites TK-6.3, one
    refused for not following TK-6.2."""
    from cardrules.deck import Ranking
    from cardrules.rules.duties import TrickState
    from cardrules_tarok.duties import TarokBeat, TarokFollow, TarokSuit
    from cardrules_tarok.ranking import COLOUR, NEGATIVE, TAROK, colour_order, tarok_order

    one, suit, beat = TarokFollow("X"), TarokSuit("TK-6.2"), TarokBeat("TK-6.3")
    rng = random.Random(62)
    for name, builder in ((TAROK, tarok_order), (NEGATIVE, tarok_order), (COLOUR, colour_order)):
        order_ = DECK.order(Ranking(name), builder)
        for _ in range(3000):
            cards = rng.sample(range(54), 12)
            hand = sum(1 << i for i in cards[:9])
            if rng.random() < 0.2:  # the emperor's trick in the making
                trick = [_i("T21"), _i("T22")]
                hand |= 1 << _i("T1")
                hand &= ~(1 << _i("T21") | 1 << _i("T22"))
            else:
                trick = cards[9 : 9 + rng.randrange(4)]
            t = TrickState.of([DECK.cards[i] for i in trick], trump=None, order=order_)
            expected = one.narrow(hand, hand, t)
            assert beat.narrow(hand, suit.narrow(hand, hand, t), t) == expected
    checked: set[str] = set()
    for seed in range(10):
        game = RULES.new_game(seed=seed)
        bid_to(game, ["pass"] * 4)  # klop
        rng = random.Random(seed)
        while game.phase == "play" and not game.deals and len(checked) < 2:
            seat = game.to_act
            assert seat is not None
            legal_cards = {a.card.index for a in game.legal_actions()}
            for card in DECK.cards_of(game.hands[seat]):
                if card.index not in legal_cards:
                    checked.add(refused(game, f"play {card}").rule)
            game.apply(rng.choice(game.legal_actions()))
    assert checked == {"TK-6.2", "TK-6.3"}


def test_tk_6_5_a_colour_valat_has_no_trumps_and_d_7_announced_valats_are_played_out() -> None:
    """TK-6.5: in colour valat without the taroks are a suit of their own, winning only
    when led; D-7: colour valat stops at the declarer's first lost trick, a valat
    announced in two is played out to the twelfth trick."""
    game = strong_deal()
    bid_to(game, ["go colour valat without", "pass", "pass", "pass", "go colour valat without"])
    while game.phase == "auction":
        game.apply("pass")
    contract = game.contract
    assert isinstance(contract, SlovenianContract) and contract.trump is None
    order_ = game.rules.order_of(contract)
    assert order_.winner([_i("7C"), _i("T22"), _i("8C"), _i("9C")]) == 3
    assert order_.winner([_i("T2"), _i("KC"), _i("T3"), _i("T1")]) == 2
    play_random(game, random.Random(3))
    first = game.deals[0]
    declarer = 1
    if any(t for s, t in enumerate(first.tricks) if s != declarer):
        assert sum(first.tricks) < 12 or first.tricks[declarer] == 11
    two = strong_deal()
    bid_to(two, ["go two", "pass", "pass", "pass", "go two", "call KH", "take part 1"])
    while "announce valat" not in legal(two):
        two.apply(legal(two)[0])
    two.apply("announce valat")
    while two.phase == "auction":
        two.apply("pass")
    while not two.deals:
        two.apply(two.legal_actions()[0])
    assert sum(two.deals[0].tricks) == 12
    assert abs(two.deals[0].scores[1]) in (500, 1000)


# -- 7. the scores ---------------------------------------------------------------------------


def _i(text: str) -> int:
    return DECK.parse(text).index


class Deal:
    """A finished deal built by hand for the scorer: twelve tricks of four cards, seat k
    playing each trick's k-th card, each won by the seat named, and the talon's six cards
    in order (seat 0 declares; in three, two and one it took the talon's first part:
    those cards count for it, the rest for the opponents: TK-4.3)."""

    def __init__(
        self, tricks: Sequence[Sequence[int]], winners: Sequence[int], talon: Sequence[int]
    ) -> None:
        self.tricks = [list(t) for t in tricks]
        self.winners = list(winners)
        self.talon = tuple(talon)

    @classmethod
    def of(cls, rng: random.Random, *, fixed: dict[int, int] | None = None) -> Deal:
        """A deal of shuffled cards, winners drawn; ``fixed`` puts cards at places (0..47
        in the tricks, 48..53 the talon)."""
        fixed = fixed or {}
        rest = [i for i in range(54) if i not in fixed.values()]
        rng.shuffle(rest)
        it = iter(rest)
        places = [fixed[p] if p in fixed else next(it) for p in range(54)]
        tricks = [places[4 * t : 4 * t + 4] for t in range(12)]
        return cls(tricks, [rng.randrange(4) for _ in range(12)], places[48:])

    def finished(
        self, contract: SlovenianContract, before: Sequence[DealResult] = ()
    ) -> FinishedDeal:
        played = [
            Trick(0, tuple(PlayedCard(k, DECK.cards[i]) for k, i in enumerate(t)), w)
            for t, w in zip(self.tricks, self.winners, strict=True)
        ]
        counts = tuple(sum(w == s for w in self.winners) for s in range(4))
        return FinishedDeal(contract, counts, before=before, deck=DECK, played=played)

    def score(self, contract: SlovenianContract, before: Sequence[DealResult] = ()) -> list[int]:
        scores = TarokScorer().score_finished(self.finished(contract, before))
        assert all(v == v.to_integral_value() for v in scores.values())
        return [int(scores[s]) for s in range(4)]


def contract(name: str, deal: Deal | None = None, **kw: object) -> SlovenianContract:
    """Seat 0's contract ``name``; in three, two and one the talon of ``deal`` with its
    first part of two taken (``part`` 1 of a two)."""
    extra: dict[str, object] = {}
    if deal is not None and name in ("three", "two", "one", "solo three", "solo two", "solo one"):
        extra = {"talon": deal.talon, "part": 1}
    return SlovenianContract(None, 1, declarer=0, name=name, **extra, **kw)  # type: ignore[arg-type]


def side_points(deal: Deal, side: set[int], taken: int = 2) -> tuple[list[int], list[int]]:
    """The cards of ``side`` (seat 0's with the talon's ``taken`` first cards) and of the
    others (with the talon's rest)."""
    ours = [i for t, w in zip(deal.tricks, deal.winners, strict=True) if w in side for i in t]
    theirs = [i for t, w in zip(deal.tricks, deal.winners, strict=True) if w not in side for i in t]
    talon = list(deal.talon)
    return ours + talon[:taken], theirs + talon[taken:]


def neutral(rng: random.Random, target: int | None = None, taken: int = 2) -> Deal:
    """A deal where seat 0 declares alone with ``target`` points (any, if None) and no
    bonus falls to either side: the trula and the kings split, the Pagat and the Mond laid
    away by seat 0 (the talon's first part)."""
    fixed = {48: PAGAT_I, 49: MOND_I}
    for _ in range(200_000):
        deal = Deal.of(rng, fixed=fixed)
        won = rng.randrange(1, 12)
        deal.winners = rng.sample([0] * won + [1, 2, 3] * 4, 12)
        ours, theirs = side_points(deal, {0}, taken)
        if target is not None and card_points(ours) != target:
            continue
        if 0 < sum(deal.winners[t] == 0 for t in range(12)) < 12:
            for cards_mask in (TRULA_MASK, KINGS_MASK):
                if _all(ours, cards_mask) or _all(theirs, cards_mask):
                    break
            else:
                return deal
    raise AssertionError("no such deal")


def _all(pile: Sequence[int], cards_mask: int) -> bool:
    held = sum(1 << i for i in set(pile))
    return held & cards_mask == cards_mask


def test_tk_7_1_the_difference_rounded_to_5_and_the_worked_examples() -> None:
    """TK-7.1 and D-4: 30 points in two score -25, 41 in three 15; 36 and 37 round to 0,
    38 to 5; the value plus the difference, won or lost, over a range of piles."""
    assert [rounded_difference(p) for p in (36, 37, 38, 41, 30, 35, 33, 32, 70, 0)] == [
        0, 0, 5, 5, -5, 0, 0, -5, 35, -35,
    ]  # fmt: skip
    rng = random.Random(71)
    deal = neutral(rng, 30)
    assert deal.score(contract("two", deal)) == [-25, 0, 0, 0]
    deal = neutral(rng, 41, taken=3)
    assert deal.score(contract("three", deal)) == [15, 0, 0, 0]
    for target in (20, 35, 36, 44, 52):
        deal = neutral(rng, target)
        diff = rounded_difference(target)
        expected = 20 + diff if target > 35 else -20 + diff
        assert deal.score(contract("two", deal)) == [expected, 0, 0, 0]


def test_tk_7_2_silent_bonuses_for_either_side() -> None:
    """TK-7.2: silent, the trula and the kings score 10 to the side whose cards hold them
    all (the cards laid away with the declarer's, the talon's rest with the opponents'), a
    loss when the opponents hold them."""
    rng = random.Random(72)
    kings = _indices(KINGS_MASK)
    cases = (
        # the trula laid away by the declarer: its side holds it
        ({48: PAGAT_I, 49: MOND_I, 0: _i("T22")}, {0: 0}, 10, TRULA_MASK),
        # the four kings won by the declarer in trick 1
        (
            {48: PAGAT_I, 49: MOND_I, **dict(zip(range(4), kings, strict=True))},
            {0: 0},
            10,
            KINGS_MASK,
        ),
        # the kings with the opponents, one of them in the talon's rest
        (
            {48: PAGAT_I, 49: MOND_I, 50: kings[0], 1: kings[1], 2: kings[2], 3: kings[3]},
            {0: 1},
            -10,
            KINGS_MASK,
        ),
    )
    for fixed, winners, bonus, cards_mask in cases:
        for _ in range(1000):
            deal, game = _find_any(rng, fixed, winners)
            ours, theirs = side_points(deal, {0})
            other = KINGS_MASK if cards_mask == TRULA_MASK else TRULA_MASK
            if _all(ours, other) or _all(theirs, other) or PAGAT_I in deal.tricks[-1]:
                continue
            if any(MOND_I in t for t in deal.tricks):
                continue
            assert _all(ours if bonus > 0 else theirs, cards_mask)
            assert deal.score(contract("two", deal))[0] == game + bonus
            break
        else:
            raise AssertionError("no such deal")


def _find_any(
    rng: random.Random, fixed: dict[int, int], winners: dict[int, int]
) -> tuple[Deal, int]:
    deal = Deal.of(rng, fixed=fixed)
    for trick, winner in winners.items():
        deal.winners[trick] = winner
    ours, _ = side_points(deal, {0})
    points = card_points(ours)
    return deal, (20 if points > 35 else -20) + rounded_difference(points)


def _indices(cards_mask: int) -> list[int]:
    return [c.index for c in DECK.cards_of(cards_mask)]


def _find(
    rng: random.Random, fixed: dict[int, int], winners: dict[int, int], side: set[int]
) -> tuple[Deal, int]:
    """A deal with ``fixed`` cards and ``winners`` of some tricks where no trula nor kings
    bonus falls to either side and the Mond is not lost; and the side's game score
    (TK-7.1)."""
    for _ in range(100_000):
        deal = Deal.of(rng, fixed=fixed)
        for trick, winner in winners.items():
            deal.winners[trick] = winner
        ours, theirs = side_points(deal, side)
        if any(_all(pile, m) for pile in (ours, theirs) for m in (TRULA_MASK, KINGS_MASK)):
            continue
        points = card_points(ours)
        return deal, (20 if points > 35 else -20) + rounded_difference(points)
    raise AssertionError("no such deal")


def test_tk_7_2_the_ultimos_silent_and_announced() -> None:
    """TK-7.2: the Pagat taking the last trick scores 25 silent for its side (a loss when
    it was the opponents'), losing it costs its side 25 (the opponents' failing, a gain);
    announced, 50 when the side's own Pagat takes it, -50 otherwise."""
    rng = random.Random(73)
    for holder, winner, silent, announced in (
        (0, 0, 25, 50),
        (0, 1, -25, -50),
        (1, 1, -25, -50),
        (1, 0, 25, -50),
    ):
        fixed = {44 + holder: PAGAT_I, 48: MOND_I, 49: _i("7C")}
        deal, game = _find(rng, fixed, {11: winner}, {0})
        assert deal.score(contract("two", deal))[0] == game + silent, (holder, winner)
        loud = contract("two", deal, announced=("pagat ultimo",))
        assert deal.score(loud)[0] == game + announced, (holder, winner)
    deal, game = _find(rng, {0: PAGAT_I, 48: MOND_I, 49: _i("7C")}, {}, {0})
    assert deal.score(contract("two", deal))[0] == game  # not in the last trick: nothing
    assert deal.score(contract("two", deal, announced=("pagat ultimo",)))[0] == game - 50


def test_tk_7_2_the_king_ultimo() -> None:
    """TK-7.2: the called king in the last trick: 10 when the side wins it, else -10;
    announced 20 / -20, and -20 when the king is not in the last trick."""
    rng = random.Random(74)
    king = _i("KH")
    for winner, silent in ((0, 10), (1, -10)):
        fixed = {44: king, 48: PAGAT_I, 49: MOND_I}  # the declarer called its own king
        deal, game = _find(rng, fixed, {11: winner}, {0})
        assert deal.score(contract("two", deal, king=king))[0] == game + silent
        loud = contract("two", deal, king=king, announced=("king ultimo",))
        assert deal.score(loud)[0] == game + 2 * silent
    deal, game = _find(rng, {0: king, 48: PAGAT_I, 49: MOND_I}, {0: 0}, {0})
    assert deal.score(contract("two", deal, king=king))[0] == game
    loud = contract("two", deal, king=king, announced=("king ultimo",))
    assert deal.score(loud)[0] == game - 20


def test_tk_7_2_announced_trula_and_kings_made_or_not() -> None:
    """TK-7.2: an announced trula scores 20 when the side's cards hold it, -20 otherwise
    (the opponents' too)."""
    rng = random.Random(75)
    deal = neutral(rng)
    ours, _ = side_points(deal, {0})
    points = card_points(ours)
    game = (20 if points > 35 else -20) + rounded_difference(points)
    assert deal.score(contract("two", deal, announced=("trula",)))[0] == game - 20
    assert deal.score(contract("two", deal, announced=("kings", "trula")))[0] == game - 40
    fixed = {48: PAGAT_I, 49: MOND_I, 0: _i("T22")}
    for _ in range(100_000):
        made = Deal.of(rng, fixed=fixed)
        made.winners[0] = 0
        ours, theirs = side_points(made, {0})
        if _all(ours, KINGS_MASK) or _all(theirs, KINGS_MASK) or PAGAT_I in made.tricks[-1]:
            continue
        if any(MOND_I in t for t in made.tricks):
            continue
        points = card_points(ours)
        game = (20 if points > 35 else -20) + rounded_difference(points)
        assert made.score(contract("two", made, announced=("trula",)))[0] == game + 20
        assert made.score(contract("two", made))[0] == game + 10
        return
    raise AssertionError("no such deal")


def test_tk_7_3_valat_silent_and_announced() -> None:
    """TK-7.3: every trick to the side, 250 alone; none, -250; announced, 500 or -500
    whatever else."""
    rng = random.Random(76)
    deal = neutral(rng)
    deal.winners = [0] * 12
    assert deal.score(contract("three", deal))[0] == 250
    assert deal.score(contract("three", deal, announced=("valat", "trula")))[0] == 500
    deal.winners = [2] * 12
    assert deal.score(contract("three", deal))[0] == -250
    deal.winners = [0] * 11 + [3]
    assert deal.score(contract("three", deal, announced=("valat",)))[0] == -500


def test_tk_7_4_beggars_valats_and_solo_without() -> None:
    """TK-7.4: the beggars won without a trick, the valats with every trick, solo without
    over 35 of its own tricks: the value, or minus it."""
    rng = random.Random(77)
    deal = neutral(rng)
    for name, value in (("beggar", 70), ("open beggar", 90)):
        deal.winners = [1] * 12
        assert deal.score(contract(name))[0] == value
        deal.winners = [0] + [1] * 11
        assert deal.score(contract(name))[0] == -value
    for name, value in (("colour valat without", 125), ("valat without", 500)):
        deal.winners = [0] * 12
        assert deal.score(contract(name))[0] == value
        deal.winners = [0] * 11 + [2]
        assert deal.score(contract(name))[0] == -value
    deal = neutral(rng)
    mine = [i for t, w in zip(deal.tricks, deal.winners, strict=True) if w == 0 for i in t]
    expected = 80 if card_points(mine) > 35 else -80
    assert deal.score(contract("solo without"))[0] == expected


def test_tk_7_5_klop() -> None:
    """TK-7.5: every player minus its points; over 35, -70 and the others 0; no card, 70;
    the talon's cards go with the first six tricks; no doubling, no radelc."""
    rng = random.Random(78)
    deal = Deal.of(rng)
    deal.winners = [0, 1, 2, 3] * 3
    klop = SlovenianContract(None, 1, declarer=1, name="klop", talon_order=(0, 1, 2, 3, 4, 5))
    talon = sorted(deal.talon)
    piles: list[list[int]] = [[], [], [], []]
    for n, (t, w) in enumerate(zip(deal.tricks, deal.winners, strict=True)):
        piles[w] += t
        if n < 6:
            piles[w].append(talon[n])
    points = [card_points(p) for p in piles]
    if all(0 < p <= 35 for p in points):
        assert deal.score(klop) == [-p for p in points]
    deal.winners = [3] * 12
    assert deal.score(klop) == [70, 70, 70, -70]
    before = [DealResult(0, klop, (3, 3, 3, 3), {0: Decimal(-5)})]
    assert deal.score(klop, before) == [70, 70, 70, -70]  # a radelc does not double klop


def test_tk_7_5_klops_talon_given_out_and_shown_trick_by_trick() -> None:
    """TK-7.5, TK-9.1: in klop each of the first six tricks' winner takes the talon's next
    card, shown to every seat once the trick is complete, in the order the talon lies."""
    hands = [
        TAROK_CARDS[0:6] + SUIT_CARDS[0:6],
        TAROK_CARDS[6:12] + SUIT_CARDS[6:12],
        TAROK_CARDS[12:18] + SUIT_CARDS[12:18],
        TAROK_CARDS[18:22] + SUIT_CARDS[18:26],
    ]
    talon = SUIT_CARDS[26:]
    game = RULES.new_game(seed=1, dealer=3, hands=hands, stock=talon)
    bid_to(game, ["pass"] * 4)
    rng = random.Random(2)
    while not game.deals:
        done = len(game.tricks)
        for seat in (-1, 0, 1, 2, 3):
            view = game.public_view() if seat < 0 else game.view(seat)
            assert [c.index for c in view.stock_shown] == [c.index for c in talon[: min(done, 6)]]
        game.apply(rng.choice(game.legal_actions()))


def test_tk_7_6_the_partner_scores_with_the_declarer_and_the_mond_lost() -> None:
    """TK-7.6: the partner scores the side's score, the others 0; a Mond played to a
    trick the other side wins costs its player 20, not doubled."""
    rng = random.Random(79)
    king = _i("KH")
    # seat 1 plays the called king in trick 4: the partner; seat 0 plays the Mond to
    # trick 2, which seat 2 wins
    fixed = {13: king, 4: MOND_I, 48: PAGAT_I, 49: _i("7C")}
    deal, _ = _find(rng, fixed, {1: 2}, {0, 1})
    ours, _ = side_points(deal, {0, 1})
    points = card_points(ours)
    side = (20 if points > 35 else -20) + rounded_difference(points)
    if PAGAT_I in deal.tricks[-1] or king in deal.tricks[-1]:
        raise AssertionError("an ultimo in the last trick")
    assert deal.score(contract("two", deal, king=king)) == [side - 20, side, 0, 0]
    doubled = contract("two", deal, king=king, doubled=1)
    assert deal.score(doubled) == [2 * side - 20, 2 * side, 0, 0]


def test_tk_7_6_the_mond_left_in_the_talon() -> None:
    """TK-7.6: a declarer leaving the Mond in the talon's rest scores 20 less."""
    rng = random.Random(80)
    for _ in range(100_000):
        deal = Deal.of(rng, fixed={48: PAGAT_I, 49: _i("7C"), 52: MOND_I})
        ours, theirs = side_points(deal, {0})
        if any(_all(pile, m) for pile in (ours, theirs) for m in (TRULA_MASK, KINGS_MASK)):
            continue
        if PAGAT_I in deal.tricks[-1]:
            continue
        points = card_points(ours)
        side = (20 if points > 35 else -20) + rounded_difference(points)
        assert deal.score(contract("two", deal))[0] == side - 20
        return
    raise AssertionError("no such deal")


# -- 8. the radli ------------------------------------------------------------------------------


def test_tk_8_1_tk_8_2_radli_received_doubling_and_crossed_out() -> None:
    """TK-8.1: a radelc to every player after klop, a beggar, a valat contract or a valat
    announced; TK-8.2: a declarer holding one scores double, and crosses one out when the
    doubled score is over 0; its partner is not doubled."""
    klop = SlovenianContract(None, 1, declarer=1, name="klop")
    beggar = contract("beggar")
    two = contract("two")
    announced = contract("two", announced=("valat",))
    assert radli([], 4) == [0, 0, 0, 0]
    assert radli([DealResult(0, klop, (3, 3, 3, 3), {})], 4) == [1, 1, 1, 1]
    won = DealResult(0, beggar, (0, 4, 4, 4), {0: Decimal(70)})
    assert radli([won], 4) == [1, 1, 1, 1]
    assert radli([won, won], 4) == [1, 2, 2, 2]  # seat 0 crossed one out, then received one
    lost = DealResult(0, two, (2, 4, 4, 2), {0: Decimal(-30)})
    assert radli([won, lost], 4) == [1, 1, 1, 1]
    assert radli([DealResult(0, announced, (12, 0, 0, 0), {0: Decimal(1000)})], 4) == [1] * 4
    rng = random.Random(81)
    deal = neutral(rng)
    plain = deal.score(contract("two", deal))[0]
    assert deal.score(contract("two", deal), [won])[0] == 2 * plain
    partner = _i("KH")
    assert partner in {i for t in deal.tricks for i in t} or partner in deal.talon


# -- 9. what each seat sees, refusals, records, bots -------------------------------------------


def visible(game: Game, seat: int) -> int:
    """The cards ``seat`` may see now (TK-9.1): its hand as dealt (the declarer's with the
    part taken, named in the talon), the cards played, the talon once turned up, the king
    called, an open beggar's hand once exposed."""
    seen = game.initial_hands[seat] if seat >= 0 else 0
    for trick in game.tricks:
        seen |= sum(1 << p.card.index for p in trick.cards)
    seen |= sum(1 << p.card.index for p in game.trick)
    auction = game.public_view().auction
    if auction.get("talon"):
        seen |= mask(" ".join(auction["talon"]))
    if auction.get("king"):
        seen |= mask(auction["king"])
    seen |= sum(1 << c.index for c in game.public_view().stock_shown)  # (TK-7.5)
    contract = game.contract
    if isinstance(contract, SlovenianContract) and game.phase == "play":
        played = sum(len(t.cards) for t in game.tricks) + len(game.trick)
        for s in contract.exposed(played):
            seen |= game.hands[s]
    return seen


def test_tk_9_1_no_view_holds_a_card_its_seat_may_not_see() -> None:
    """TK-9.1: over every seat, the public view and every step of whole games of every
    kind of contract, a view names only the cards its seat may see."""
    names: set[str] = set()
    for seed in range(40):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while True:
            contract = game.contract
            declarer = contract.declarer if isinstance(contract, SlovenianContract) else -1
            for seat in (-1, *range(4)):
                allowed = visible(game, seat)
                if seat >= 0 and (
                    seat == declarer or (game.phase == "auction" and seat == game.to_act)
                ):
                    allowed |= KINGS_MASK
                    allowed |= mask(" ".join(game.view(seat).auction.get("discarded", ())))
                for text in view_card_texts(game, seat):
                    card = DECK.parse(text)
                    if not allowed >> card.index & 1:
                        assert card.suit is None and text in json.dumps(
                            game.public_view().auction.get("taroks_laid_away", [])
                        ), (seed, seat, text, game.phase)
            if game.phase == "finished" or len(game.deals) >= 1:
                break
            legal_now = game.legal_actions()
            bids = sorted((a for a in legal_now if isinstance(a, TarokBid)), key=lambda a: a.number)
            if bids and rng.random() < 0.3:
                game.apply(bids[min(int(rng.expovariate(0.6)), len(bids) - 1)])
            else:
                game.apply(rng.choice([a for a in legal_now if a not in bids] or legal_now))
        names.add(game.deals[-1].contract.name)
    assert len(names) >= 5, names


def test_tk_9_2_refusals_cite_the_rule_and_change_nothing() -> None:
    """TK-9.2: out of turn in the bidding, the announcements and the doublings; a card
    against the duty; bad text: refused, the game unchanged."""
    game = RULES.new_game(seed=9)
    wrong = (game.to_act + 1) % 4
    assert refused(game, "pass", seat=wrong).rule == "TK-2.1"
    with pytest.raises(cardrules.ActionError):
        game.apply("announce nothing")
    with pytest.raises(cardrules.ActionError):
        game.apply("kontra please")
    assert str(Announce("valat")) == "announce valat" and str(Double(3)) == "subkontra"
    with pytest.raises(cardrules.ActionError):
        Double(5)
    with pytest.raises(cardrules.ActionError):
        Announce("emperor")


def test_records_replay_and_undo_at_every_step() -> None:
    """A game's record replays to the same game; each action undoes to the state before
    (the announcements and the doublings too)."""
    for seed in range(4):
        game = undo_every_step(RULES.new_game(seed=seed), random.Random(seed))
        assert Game.from_json(game.to_json(), rules=RULES).to_json() == game.to_json()


def test_a_hundred_random_games_through_the_api() -> None:
    """100 games of random legal actions: four deals each, each score whole."""
    for seed in range(100):
        game = RULES.new_game(seed=seed)
        play_random(game, random.Random(seed))
        assert len(game.deals) == 4
        for deal in game.deals:
            assert set(deal.scores) == set(range(4))
            assert all(v == v.to_integral_value() for v in deal.scores.values())


def test_the_rule_bot_and_the_mc_bot_play_whole_games() -> None:
    """The rule bot announces only the trula or the kings it holds and never doubles; the
    rule bot and the Monte Carlo bot play whole games."""
    for seed in range(2):
        game = RULES.new_game(seed=seed)
        bots = [RuleBot(), MonteCarloBot(samples=3, seed=seed)]
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            choice = RuleBot().choose(view)
            if isinstance(choice, Double):
                raise AssertionError("the rule bot doubled")
            if isinstance(choice, Announce):
                held = sum(1 << c.index for c in view.hand)
                want = TRULA_MASK if choice.bonus == "trula" else KINGS_MASK
                assert held & want == want
            game.apply(bots[seat % 2].choose(view))
        assert len(game.deals) == 4


from cardrules_tarok.actions import MOND as MOND_I  # noqa: E402
from cardrules_tarok.actions import PAGAT as PAGAT_I  # noqa: E402
from cardrules_tarok.actions import TRULA as TRULA_MASK  # noqa: E402
from cardrules_tarok.actions import card_points  # noqa: E402
