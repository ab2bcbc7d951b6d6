"""Worlds a seat cannot tell from the real one: hidden hands consistent with its view.

A view hides the other seats' cards; a bot that plans imagines them.  A world
is *consistent* with a view when, had the cards been dealt that way, everything
the view shows could have happened: the hands have the sizes shown, hold no
card seen elsewhere, hold the cards the seat knows they hold (the cards it
passed in Hearts), pass the tests the public auction sets (Minibridge's points
announced, :meth:`~cardrules.rules.components.Auction.hand_tests`), would not have
been thrown in, and every card played in the deal was legal from the hand it
came from (a seat that did not follow suit holds none of it; one that did not
overtake holds nothing higher, where the rules say it must).

:func:`sample_hands` draws such worlds; :func:`inconsistency` says why a world
is not one (None when it is); :meth:`Ruleset.game_from_view
<cardrules.Ruleset.game_from_view>` makes a game of one.

>>> import random, cardrules
>>> rules = cardrules.load("callbreak-strict")
>>> game = rules.new_game(seed=3)
>>> view = game.view(0)
>>> hands = sample_hands(view, random.Random(1))
>>> sorted(hands), [len(hands[s]) for s in sorted(hands)]
([1, 2, 3], [13, 13, 13])
>>> inconsistency(view, hands) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from cardrules.cards import Card, mask_of
from cardrules.deck import FRENCH_52, Deck
from cardrules.engine.tricks import PlayedCard, Trick
from cardrules.errors import CardrulesError
from cardrules.rules.components import Whereabouts
from cardrules.rules.duties import TrickState, narrow

if TYPE_CHECKING:
    from cardrules.engine.ruleset import Ruleset
    from cardrules.engine.views import View

__all__ = ["Knowledge", "inconsistency", "knowledge", "sample_hands", "sample_masks"]

#: Worlds drawn at most before giving up (:func:`sample_hands`).
MAX_TRIES = 5000


class PlaySeen:
    """One card played in the view's deal, with what the duties saw when it was played."""

    __slots__ = ("index", "later", "seat", "state")

    def __init__(self, seat: int, index: int, state: TrickState, later: int) -> None:
        self.seat = seat
        self.index = index
        self.state = state
        #: The cards this seat played from this one on (this one included): held then.
        self.later = later


class Knowledge:
    """What a view tells of the hidden hands, worked out once per view.

    ``hidden`` are the seats whose cards the view hides; ``pool`` the cards
    they and the stock may hold (a mask: not the cards seen, nor those shown from
    the stock, nor those the auction shows in no hand); ``known`` the cards each is
    known to hold (those the auction state told the view, :attr:`View.known
    <cardrules.View.known>`, and those its facts show, ``placed``: the auction factory's
    :meth:`~cardrules.rules.components.Auction.whereabouts`); ``forbidden`` the cards
    each cannot hold (what its plays show, and the auction); ``played`` the cards each
    played in the deal; ``plays`` every card played, in order, for the full check;
    ``tests`` the auction's tests of hands.
    """

    __slots__ = (
        "forbidden",
        "hidden",
        "known",
        "placed",
        "played",
        "plays",
        "pool",
        "rules",
        "sizes",
        "tests",
        "thrown",
        "view",
    )

    def __init__(self, view: View, rules: Ruleset) -> None:
        self.view = view
        self.rules = rules
        n = rules.players
        self.hidden = tuple(s for s in range(n) if s not in view.hands)
        self.sizes = view.hand_sizes
        seen = 0
        for cards in view.hands.values():
            seen |= mask_of(cards)
        self.plays, self.played = _plays(view, rules)
        for mask in self.played:
            seen |= mask
        if view.turned_up is not None and view.turned_up_in_stock:
            seen |= 1 << view.turned_up.index
        seen |= mask_of(view.stock_shown)  # shown from the stock: in no hand
        placed = self.placed = _whereabouts(view, rules)
        self.pool = rules.deck.all_mask & ~seen & ~placed.away
        self.known = {}
        for seat in self.hidden:  # (the cards told by the auction state, and by its facts)
            known = mask_of(view.known.get(seat, ())) | placed.held.get(seat, 0)
            if known & self.pool:
                self.known[seat] = known & self.pool
        self.tests: dict[int, Callable[[int], bool]] = _both(
            rules.auction.hand_tests(view.auction), placed.tests
        )
        if view.sides and view.deal_contract is not None:  # the sides the view knows
            self.tests = _side_tests(view, rules, self.hidden, self.tests)
        # Throw-ins look at the hands as dealt: known only where no card changed hands.
        private = any(text is None for _, text in view.auction_actions)
        # (Under [deal] stages they look at the first stage, which a view does not keep.)
        self.thrown = (
            bool(rules.throw_ins) and not view.known and not private and not rules.deal_stages
        )
        self.forbidden = {
            s: self._forbidden(s) | placed.lacking.get(s, 0) & self.pool for s in self.hidden
        }
        asker = _asked_without_trump(view)
        if asker in self.forbidden:  # it asked for the trump, had to play one, and did not
            self.forbidden[asker] |= self.pool & view.order.trumps

    def _forbidden(self, seat: int) -> int:
        """The cards of the pool ``seat`` cannot hold now: one would have made a card it
        played illegal (duties forbid more as a hand holds more: tested suit by suit,
        then card by card where a suit is refused)."""
        duties = self.rules.duties
        out = 0
        for play in self.plays:
            if play.seat != seat:
                continue
            for suit_mask in self.view.order.suit_masks:
                extra = self.pool & suit_mask & ~out
                if not extra:
                    continue
                if narrow(duties, play.later | extra, play.state) >> play.index & 1:
                    continue
                bits = extra
                while bits:
                    low = bits & -bits
                    bits ^= low
                    if not narrow(duties, play.later | low, play.state) >> play.index & 1:
                        out |= low
        return out

    def __repr__(self) -> str:
        return f"<Knowledge of seat {self.view.seat}'s view: hidden seats {list(self.hidden)}>"


def knowledge(view: View, rules: Ruleset | None = None) -> Knowledge:
    """What ``view`` tells of the hidden hands (see :class:`Knowledge`)."""
    return Knowledge(view, _rules(view, rules))


def _whereabouts(view: View, rules: Ruleset) -> Whereabouts:
    """What the view's auction tells of where cards lie now (the auction factory's
    :meth:`~cardrules.rules.components.Auction.whereabouts`)."""
    return rules.auction.whereabouts(
        view.auction,
        seat=view.seat,
        actions=view.auction_actions,
        deck=rules.deck,
        play=view.phase != "auction",
    )


def _both(
    first: Mapping[int, Callable[[int], bool]], second: Mapping[int, Callable[[int], bool]]
) -> dict[int, Callable[[int], bool]]:
    """The tests of hands by seat that a hand passes when it passes both of a seat's."""
    out = dict(first)
    for seat, test in second.items():
        before = out.get(seat)
        if before is None:
            out[seat] = test
            continue

        def joint(
            hand: int, a: Callable[[int], bool] = before, b: Callable[[int], bool] = test
        ) -> bool:
            return a(hand) and b(hand)

        out[seat] = joint
    return out


def _rules(view: View, rules: Ruleset | None) -> Ruleset:
    if rules is not None:
        return rules
    if view.ruleset is not None:
        return view.ruleset
    from cardrules.engine.ruleset import load

    return load(view.profile)


def _plays(view: View, rules: Ruleset) -> tuple[list[PlaySeen], list[int]]:
    """Every card played in the view's deal, with its duties' state; and the cards each
    seat played."""
    n = rules.players
    now = deck_order = view.order
    trump = deck_order.trump
    beats_of = deck_order.beats
    order = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        order.append((view.trick[0].seat, tuple(c for _, c in view.trick)))
    played_by = [0] * n
    contract = view.deal_contract
    out = contract.sitting_out if contract is not None else frozenset()
    # A trump concealed, then revealed: the cards before the reveal were played without it.
    revealed = view.revealed
    concealed = None if contract is None else contract.concealed
    if revealed is not None and contract is not None:
        deck_order = rules.order(None, contract.ranking or None)
        trump, beats_of = deck_order.trump, deck_order.beats
    raw: list[tuple[int, int, TrickState]] = []
    before = 0
    for number, (leader, cards) in enumerate(order):
        seat = leader
        indices: list[int] = []
        win = -1
        for place, card in enumerate(cards):
            index = card.index
            if revealed is not None and (number, place) == (revealed[1], revealed[2]):
                deck_order, trump, beats_of = now, now.trump, now.beats  # the reveal
                if concealed is not None and concealed.whole_trick and indices:
                    win = indices[now.winner(indices)]
            if indices:
                state = TrickState(
                    deck_order.led_place(indices),
                    trump,
                    win,
                    beats_of[win],
                    tuple(indices),
                    number == 0,
                    before,
                    deck_order,
                )
            else:
                state = TrickState(-1, trump, -1, 0, (), number == 0, before, deck_order)
            raw.append((seat, index, state))
            played_by[seat] |= 1 << index
            if not indices or beats_of[win] >> index & 1:
                win = index
            indices.append(index)
            seat = rules.direction.next(seat)
            while seat in out and seat != leader:  # a seat sitting the deal out plays none
                seat = rules.direction.next(seat)
        for index in indices:
            before |= 1 << index
    plays = []
    later = [0] * n
    for seat, index, state in reversed(raw):
        later[seat] |= 1 << index
        plays.append(PlaySeen(seat, index, state, later[seat]))
    plays.reverse()
    return plays, played_by


def _side_tests(
    view: View,
    rules: Ruleset,
    hidden: Sequence[int],
    tests: Mapping[int, Callable[[int], bool]],
) -> dict[int, Callable[[int], bool]]:
    """``tests`` and, for each hidden seat whose side the view knows, that the seat's hand as
    dealt tells it the same side (``Contract.sides_known``): a world where a seat that
    announced Re holds no queen of clubs is not the view's."""
    contract = view.deal_contract
    assert contract is not None
    out = contract.sitting_out
    tricks = []
    for leader, cards, winner in view.tricks:
        seat, entries = leader, []
        for card in cards:
            entries.append(PlayedCard(seat, card))
            seat = rules.direction.next(seat)
            while seat in out and seat != leader:
                seat = rules.direction.next(seat)
        tricks.append(Trick(leader, tuple(entries), winner))
    trick = tuple((played.seat, played.card) for played in view.trick)
    calls = [(seat, rules.vocabulary.read(text, deck=rules.deck)) for seat, text in view.play_calls]
    combined = dict(tests)
    for seat in hidden:
        side = view.sides.get(seat)
        if side is None:
            continue
        before = tests.get(seat)

        def test(
            dealt: int,
            seat: int = seat,
            side: str = side,
            before: Callable[[int], bool] | None = before,
        ) -> bool:
            if before is not None and not before(dealt):
                return False
            return contract.sides_known(seat, dealt, tricks, trick, calls).get(seat) == side

        combined[seat] = test
    return combined


def _asked_without_trump(view: View) -> int | None:
    """The seat that asked for a concealed trump where the asker must then play a trump if
    it can, and played none: it held none (None: no such seat)."""
    revealed = view.revealed
    contract = view.deal_contract
    concealed = None if contract is None else contract.concealed
    if revealed is None or concealed is None or not concealed.must_trump:
        return None
    seat, number, place = revealed
    tricks = [cards for _, cards, _ in view.tricks]
    if view.trick:
        tricks.append(tuple(c for _, c in view.trick))
    if number >= len(tricks) or place >= len(tricks[number]):
        return None  # it has not played yet
    return None if view.order.trumps >> tricks[number][place].index & 1 else seat


def _hands_now(
    view: View, hands: Mapping[int, object], players: int, deck: Deck = FRENCH_52
) -> tuple[list[int], str | None]:
    """The masks of every seat now, from the view and ``hands``; or why they cannot be."""
    masks = [0] * players
    for seat, shown_cards in view.hands.items():
        masks[seat] = mask_of(shown_cards)
    for seat, cards in hands.items():
        if not isinstance(seat, int) or not 0 <= seat < players:
            return masks, f"seat {seat!r} is not a seat"
        if not isinstance(cards, str | Iterable):
            return masks, f"seat {seat} must hold a list of cards"
        try:
            parsed = deck.parse_cards(cards)
        except CardrulesError as exc:
            return masks, str(exc)
        masks[seat] = mask_of(parsed)
        if masks[seat].bit_count() != len(parsed):
            return masks, f"seat {seat} is given a card twice"
    return masks, None


def inconsistency(
    view: View, hands: Mapping[int, Sequence[Card] | str], rules: Ruleset | None = None
) -> str | None:
    """Why the hidden ``hands`` (by seat) could not be the real ones, given ``view``; None
    when they could."""
    return _check(knowledge(view, rules), hands)


def _check(know: Knowledge, hands: Mapping[int, object]) -> str | None:
    view = know.view
    if set(hands) != set(know.hidden):
        return f"hands are given for seats {sorted(hands, key=str)}, hidden are {list(know.hidden)}"
    deck = know.rules.deck
    masks, problem = _hands_now(view, hands, know.rules.players, deck)
    if problem is not None:
        return problem
    taken = 0
    for seat in know.hidden:
        mask = masks[seat]
        if mask.bit_count() != know.sizes[seat]:
            return f"seat {seat} holds {mask.bit_count()} cards, the view shows {know.sizes[seat]}"
        if mask & know.placed.away:
            away = _words(mask & know.placed.away, deck)
            return f"seat {seat} holds {away}, which the auction shows in no hand"
        if mask & ~know.pool:
            return f"seat {seat} holds {_words(mask & ~know.pool, deck)}, seen elsewhere"
        if mask & taken:
            return f"seat {seat} holds {_words(mask & taken, deck)}, given to another seat too"
        taken |= mask
        missing = know.known.get(seat, 0) & ~mask
        if missing:
            return f"seat {seat} lacks {_words(missing, deck)}, which it is known to hold"
        barred = know.placed.lacking.get(seat, 0) & mask
        if barred:
            return f"seat {seat} holds {_words(barred, deck)}, which it is known not to hold"
    return _fits(know, masks, explain=True)


def _fits(know: Knowledge, masks: Sequence[int], *, explain: bool = False) -> str | None:
    """None when hands (masks by seat, of the right sizes) pass the auction's tests, would
    not have been thrown in and could have played every card played; else why not
    (``"no"`` unless ``explain``)."""
    rules = know.rules
    start = [masks[s] | know.played[s] for s in range(rules.players)]
    for seat, test in know.tests.items():
        if not test(start[seat]):
            if not explain:
                return "no"
            words = _words(start[seat], rules.deck)
            return f"seat {seat}'s hand {words} breaks what the auction showed"
    duties = rules.duties
    for play in know.plays:
        hand = masks[play.seat] | play.later
        if not narrow(duties, hand, play.state) >> play.index & 1:
            if not explain:
                return "no"
            card = rules.deck.cards[play.index]
            return f"seat {play.seat} could not have played {card} from {_words(hand, rules.deck)}"
    if know.thrown:
        dealt = tuple(start)
        for throw_in in rules.throw_ins:
            if throw_in.applies(dealt) is not None:
                return f"the deal would have been thrown in ({throw_in.description})"
    return None


def _words(mask: int, deck: Deck = FRENCH_52) -> str:
    return " ".join(str(c) for c in deck.cards_of(mask))


def sample_hands(
    view: View,
    rng: random.Random,
    *,
    rules: Ruleset | None = None,
    know: Knowledge | None = None,
) -> dict[int, tuple[Card, ...]]:
    """Hidden hands (by seat) drawn at random among those consistent with ``view``.

    Known cards go where they are known to be; every other card of the pool
    goes, most constrained first, to a seat that may hold it (or to the stock),
    each with a chance in proportion to the room left.  Each world drawn is
    then checked in full (:func:`inconsistency`) and drawn again if it fails.
    ``know`` (from :func:`knowledge`) saves working out the view again.
    Raises :class:`~cardrules.CardrulesError` when no consistent world turns
    up in :data:`MAX_TRIES` draws.
    """
    if know is None:
        know = knowledge(view, rules)
    masks = _draw_masks(know, rng)
    if masks is None:
        raise CardrulesError(
            f"no world consistent with seat {view.seat}'s view found in {MAX_TRIES} draws"
        )
    return {s: tuple(know.rules.deck.cards_of(masks[s])) for s in know.hidden}


def sample_masks(know: Knowledge, rng: random.Random) -> list[int] | None:
    """:func:`sample_hands` as masks, every seat's (the view's own included); None when
    no consistent world turns up in :data:`MAX_TRIES` draws."""
    return _draw_masks(know, rng)


def _draw_masks(know: Knowledge, rng: random.Random) -> list[int] | None:
    """Worlds drawn until one fits: known cards where they are known to be; the cards
    some seat cannot hold first, each to a seat that may hold it, with a chance in
    proportion to the room left; the rest shuffled into the room left."""
    hidden = know.hidden
    n = know.rules.players
    base = [0] * n
    for seat, cards in know.view.hands.items():
        base[seat] = mask_of(cards)
    free = know.pool
    for seat in hidden:
        base[seat] = know.known.get(seat, 0)
        free &= ~base[seat]
    room0 = {s: know.sizes[s] - base[s].bit_count() for s in hidden}
    room0[-1] = free.bit_count() - sum(room0.values())  # the stock
    everyone = [*hidden, -1] if room0[-1] > 0 else list(hidden)
    allowed: dict[int, list[int]] = {}
    loose: list[int] = []
    for i in range(know.rules.deck.size):
        if free >> i & 1:
            seats = [s for s in everyone if s < 0 or not know.forbidden[s] >> i & 1]
            if len(seats) < len(everyone):
                allowed[i] = seats
            else:
                loose.append(i)
    tight = sorted(allowed, key=lambda i: len(allowed[i]))
    for _ in range(MAX_TRIES):
        room = dict(room0)
        got = list(base)
        ok = True
        rng.shuffle(tight)
        tight.sort(key=lambda i: len(allowed[i]))
        for i in tight:
            seats = [s for s in allowed[i] if room[s] > 0]
            if not seats:
                ok = False
                break
            pick = rng.randrange(sum(room[s] for s in seats))
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            room[s] -= 1
            if s >= 0:
                got[s] |= 1 << i
        if not ok:
            continue
        rng.shuffle(loose)
        at = 0
        for s in hidden:
            for i in loose[at : at + room[s]]:
                got[s] |= 1 << i
            at += room[s]
        if _fits(know, got) is None:
            return got
    return None
