"""The game state machine: deals, the auction, tricks, scores, standings, records.

>>> import cardrules
>>> game = cardrules.load("callbreak-strict").new_game(seed=7)
>>> game.phase, game.deal_number
('auction', 1)
>>> game.apply("bid 3")
>>> while game.phase != "finished":
...     game.apply(game.legal_actions()[0])
>>> len(game.deals), len(game.standings())
(5, 4)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Sequence
from decimal import Decimal, getcontext, setcontext
from typing import Any, Final, NamedTuple

from cardrules.cards import Card, Suit
from cardrules.deck import FRENCH_52, Order
from cardrules.engine.blame import _caused, plugin_error
from cardrules.engine.claims import _ACCEPT, _CLAIM_KIND, _REFUSE, Claimed, open_claim, tricks_left
from cardrules.engine.core import Core, native
from cardrules.engine.dealing import (
    DealStages,
    ThrowInEvent,
    _deal_masks,
    _deck_indices,
    _preset_masks,
    _preset_order,
    _preset_stock,
    deal_cards,
    deal_from_seed,
    seeded_randrange,
    shuffle_and_cut,
    split_stages,
    stage_parts,
)
from cardrules.engine.positions import (
    _HIDDEN,
    _AuctionShown,
    _Shown,
    _world_masks,
    replay_auction,
    world_dealt,
    world_stages,
)
from cardrules.engine.records import (
    MAX_RECORD_BYTES,
    RECORD_FORMAT,
    RECORD_VERSION,
    check_seed,
    sign_record,
)
from cardrules.engine.replay import replay
from cardrules.engine.ruleset import Ruleset, explain_mask, load
from cardrules.engine.standings import Standing, leaders, lowest_wins, standings_of
from cardrules.engine.tricks import (
    MAX_PLAYERS,
    PlayedCard,
    Trick,
    _plays_of,
    deck_plays,
    plays_in,
)
from cardrules.engine.views import PUBLIC, View, make_view
from cardrules.errors import ActionError, CardrulesError, IllegalAction, PluginError, shown
from cardrules.rules.actions import (
    REVEAL_TRUMP,
    Action,
    Claim,
    ClaimAnswer,
    Play,
    RevealTrump,
)
from cardrules.rules.catalog import option_text
from cardrules.rules.components import (
    SCORE_CONTEXT,
    AuctionState,
    ConcealedTrump,
    Contract,
    DealInfo,
    DealResult,
    Direction,
    FinishedDeal,
    GameOver,
    PlayState,
    Side,
    _TakenInTricks,
    seat_words,
)
from cardrules.rules.duties import FastNarrow, TrickState, narrow
from cardrules.rules.reading import installed_vocabulary

__all__ = [
    "MAX_DEALS",
    "MAX_PLAYERS",
    "Game",
    "PlayedCard",
    "Revealed",
    "Standing",
    "ThrowInEvent",
    "Trick",
    "deal_cards",
    "deal_from_seed",
    "lowest_wins",
    "shuffle_and_cut",
]

MAX_REDEALS = 10_000
#: Games made from a view (Game.from_view) draw again at most this often when what
#: the auction drew by chance (a Hearts passing direction) is not what the view shows.
MAX_CHANCE_REDRAWS = 64
#: The most deals a game may last, whatever its end condition: a game whose
#: totals never reach its target ends here (``game.over.reason`` says so).
MAX_DEALS: Final = 1000
#: The kinds of action of the play phase.
_PLAY_KIND: Final = frozenset({Play, Claim, RevealTrump})
#: Every side's total before a game's first deal (one object: a Decimal never changes).
_ZERO: Final = Decimal(0)
#: Makes a named tuple from a tuple of its fields, with no call of its ``__new__`` (a
#: module global: ``tuple.__new__`` is looked up on the class at each use).
_new_tuple: Final = tuple.__new__


class Revealed(NamedTuple):
    """When a concealed trump was revealed (public): the seat that asked, the trick (the
    number of the deal's tricks completed then) and the cards on it then."""

    seat: int
    trick: int
    cards: int


def _letter(seat: int) -> str:
    """`` (N)`` after a seat's number where the seat has a letter (the first four)."""
    words = seat_words(seat)
    return words[len(f"seat {seat}") :]


_NEXT_SEATS: Final[dict[Direction, tuple[int, ...]]] = {}


def _next_seats(direction: Direction) -> tuple[int, ...]:
    """The seat after each seat in the order of play (worked out once per direction)."""
    seats = _NEXT_SEATS.get(direction)
    if seats is None:
        seats = _NEXT_SEATS[direction] = tuple(
            direction.next(seat) for seat in range(direction.players)
        )
    return seats


#: The texts of each tuple of calls an auction declared free, by the tuple's id (the tuple
#: kept with them, so that an id is never taken for another tuple's).
_CALL_TEXTS: Final[dict[int, tuple[tuple[Action, ...], tuple[str, ...]]]] = {}


_NO_FREE_CALLS: Final = AuctionState.free_calls


def _free_calls(
    state: AuctionState,
) -> tuple[tuple[int, ...], tuple[Action, ...], tuple[str, ...]] | None:
    """What the native core reads of :meth:`AuctionState.free_calls`: the callers then the
    seat after them, the calls and their texts; None: no call is free (or the state's
    declaration is not one the core takes: it then sends every call to the state)."""
    if type(state).free_calls is _NO_FREE_CALLS:  # (most auctions: no call to ask)
        return None
    free = state.free_calls()
    if free is None:
        return None
    callers, then, actions = free
    if (
        type(callers) is not tuple
        or not callers
        or type(actions) is not tuple
        or not all(type(seat) is int for seat in callers)
        or type(then) is not int
    ):
        return None
    known = _CALL_TEXTS.get(id(actions))
    if known is None or known[0] is not actions:
        if len(_CALL_TEXTS) > 256:  # (calls made per deal by a plugin: not kept for ever)
            _CALL_TEXTS.clear()
        known = _CALL_TEXTS[id(actions)] = (actions, tuple(str(a) for a in actions))
    return (*callers, then), actions, known[1]


def _skipping(seats: tuple[int, ...], out: frozenset[int]) -> tuple[int, ...]:
    """The seat after each seat in the order of play, passing over the seats in ``out``
    (sitting the deal out)."""
    after = []
    for seat in range(len(seats)):
        nxt = seats[seat]
        while nxt in out and nxt != seat:
            nxt = seats[nxt]
        after.append(nxt)
    return tuple(after)


def _preset_size(rules: Ruleset, hands: object, seed: int) -> int:
    """The hand size a first deal dealt by hand must have: the rules' for deal 1, or, where
    they draw it from a range, the size of the hands given if it is in the range."""
    size = rules.hand_size(1, seed)
    span = rules.profile.hand_size_range
    if span is not None and isinstance(hands, Sequence) and hands and not isinstance(hands, str):
        first = hands[0]
        if isinstance(first, str):
            count = len(first.replace(",", " ").split())
        else:
            count = len(first) if isinstance(first, Sequence) else -1
        if span[0] <= count <= span[1]:
            size = count
    return size


def _check_seat(seat: object, players: int) -> int:
    """``seat`` as a seat number; anything but an int 0..n-1 (a bool is not a seat) is refused."""
    if type(seat) is not int or not 0 <= seat < players:
        raise CardrulesError(f"invalid seat: {shown(seat)} (expected 0..{players - 1})")
    return seat


class Game(Core):
    """A game of several deals under one ruleset.  Make one with ``rules.new_game()``.

    Arguments that come from outside (seats, actions, seeds, records) are
    typed ``object`` here and checked at run time: anything else than the
    documented type is refused with a :class:`~cardrules.CardrulesError`.

    Its base (:class:`~cardrules.engine.core.Core`) holds the state a card played
    changes: the native core's, where it was built, runs :meth:`legal_actions` and
    :meth:`apply` for a card in C and calls these methods for anything else.
    """

    # Slots: more attributes than a dict shares keys for (the base has the hot ones).
    __slots__ = (
        "_auction",
        "_calling",
        "_claim",
        "_deal",
        "_ended",
        "_fast",
        "_french",
        "_halt",
        "_hidden",
        "_n",
        "_needs_played",
        "_playout",
        "_preset_at",
        "_preset_parts",
        "_preset_stock",
        "_saved",
        "_seats",
        "_size",
        "_stages",
        "_trump",
        "_turn_up",
        "deal_number",
        "dealer",
        "deals",
        "deck",
        "discarded",
        "first_dealer",
        "initial_hands",
        "over",
        "play_calls",
        "preset",
        "revealed",
        "rules",
        "seed",
        "throw_ins",
        "totals",
        "turned_up",
        "turned_up_in_stock",
    )

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: object = None,
        dealer: object = None,
        hands: object = None,
        stock: object = None,
        turn_up: object = None,
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        seed = check_seed(seed)
        n = rules.players
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < n):
            raise CardrulesError(f"invalid dealer: {shown(dealer)} (expected a seat 0..{n - 1})")
        self.rules = rules
        self._n = n
        # The hand size when every deal has the same (0: ask the rules each deal).
        self._size = (
            0 if rules.profile.hand_sizes or rules.profile.hand_size_range else rules.deck.size // n
        )
        deck = self.deck = rules.deck
        self._french = deck is FRENCH_52
        tables = deck_plays(deck)
        self._plays = tables.plays
        self._texts = tables.texts
        self._played_cards = tables.played
        self._turn_up = rules.profile.turn_up
        self._needs_played = rules.fast_needs_played
        self.seed: int = seed
        self.preset: tuple[int, ...] | None = None
        # The deal the preset hands are for, and its stock (None: the cards not dealt in
        # pack order, as a deal by hand left them before stock= and turn_up=).
        self._preset_at = 1
        self._preset_stock: tuple[int, ...] | None = None
        # Under [deal] stages: the preset hands' cards of each stage (None: lowest first),
        # and the stages of the deal in progress (None: a deal without stages).
        self._preset_parts: tuple[tuple[int, ...], ...] | None = None
        self._stages: DealStages | None = None
        self._calls: list[tuple[int, Action]] = []
        # The auction's calls the native core took since its state last took one (they go
        # to the state before anything reads it: see the auction property), and the calls
        # the state said it may take so (see _free_calls).
        self._unsent: list[tuple[int, Action]] = []
        self._free: tuple[tuple[int, ...], tuple[Action, ...], tuple[str, ...]] | None = None
        # True: the game stops once the deal in play is scored (a bot's playout).
        self._halt = False
        if hands is not None:
            self.preset = _preset_masks(hands, n, _preset_size(rules, hands, seed), rules.deck)
            self._preset_stock = _preset_stock(self.preset, stock, turn_up, seed, rules)
            if rules.deal_stages:  # each seat's cards go to its stages in the order given
                self._preset_parts = split_stages(_preset_order(hands, deck), rules.deal_stages)
        elif stock is not None or turn_up is not None:
            what = "stock" if stock is not None else "turn_up"
            raise CardrulesError(
                f"invalid {what}: it goes with hands= (the first deal dealt by hand); a deal "
                "from the seed has its own"
            )
        if dealer is None:
            dealer = rules.first_dealer  # the rules may fix it (duplicate boards)
        if dealer is None:
            dealer = seeded_randrange(f"{seed}/dealer", n)
        self.first_dealer = dealer
        self.dealer = dealer
        self.deal_number = 0
        self.actions: list[str] = []
        self.deals: list[DealResult] = []
        self.throw_ins: list[ThrowInEvent] = []
        self.totals: dict[Side, Decimal] = dict.fromkeys(rules.sides, _ZERO)
        #: Why the game ended, with its winners (None while it goes on): see _finish_deal.
        self.over: GameOver | None = None
        # The end as the end condition gave it (its winners, if any, override the top of
        # the standings); records keep it as it is.
        self._ended: GameOver | None = None
        self.phase = "auction"
        # Set for real when play begins (_begin_play); set here so that a
        # state can always be saved attribute by attribute (_save).
        self._trump = -1
        self.order: Order = rules.order(None)
        self._beats = self.order.beats
        self._follow = self.order.follow
        self._active = n
        self._next = self._seats = _next_seats(rules.direction)
        #: The cards of the trump suit, as a mask (0 without trumps; set when the play begins).
        self.trump_mask = 0
        self._codes: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._fast: FastNarrow | None = None
        self._claim: Claimed | None = None
        # The states undo() puts back, where an action changes more than a card or a
        # call does: the auction's last call, a deal's last card, a claim (see _Saved).
        self._saved: list[_Saved] = []
        # True once cards were played unrecorded (play_cards(record=False)): no record.
        self._playout = False
        try:
            self._start_deal(dealer)
        except CardrulesError:
            raise
        except Exception as exc:
            raise self._plugin_error(exc) from exc  # (see apply)

    # -- dealing -----------------------------------------------------------

    def _deal_cards(self, dealer: int, attempt: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The hands (masks by seat) and the stock (card indices, top first) of a deal."""
        size = self._size or self.rules.hand_size(self.deal_number, self.seed)
        if self.deal_number == self._preset_at and attempt == 0 and self.preset is not None:
            if self._preset_stock is not None:
                return self.preset, self._preset_stock
            dealt = 0
            for mask in self.preset:
                dealt |= mask
            return self.preset, tuple(i for i in range(self.deck.size) if not dealt >> i & 1)
        deck = _deck_indices(self.seed, self.deal_number, attempt, self.deck.size)
        hands = _deal_masks(deck, dealer, self.rules.direction, size)
        dealt = self._n * size
        return hands, (tuple(deck[dealt:]) if dealt < len(deck) else ())

    def _start_deal(self, dealer: int) -> None:
        self.deal_number += 1
        self.dealer = dealer
        rules = self.rules
        for attempt in range(MAX_REDEALS):
            hands, stock = self._deal_cards(dealer, attempt)
            parts = self._stage_parts(dealer, attempt, hands) if rules.deal_stages else ()
            first = parts[0] if parts else hands  # what the throw-ins and the auction see
            thrown = None
            for throw_in in rules.throw_ins:
                seat = throw_in.applies(first)
                if seat is not None:
                    thrown = ThrowInEvent(
                        self.deal_number, dealer, seat, throw_in.rule, throw_in.description
                    )
                    break
            if thrown is not None:
                self.throw_ins.append(thrown)
                continue
            deal = DealInfo(
                dealer,
                first,
                rules.direction,
                stock,
                self.totals,  # (shared: the game replaces its totals, never changes them)
                self.seed,
                self.deal_number,
                self.deck,
                parts,
            )
            auction = rules.auction.start(deal)
            if auction.to_act() is None and auction.result() is None:
                self.throw_ins.append(
                    ThrowInEvent(
                        self.deal_number,
                        dealer,
                        None,
                        rules.profile.auction_rule,
                        auction.redeal_reason or "the auction calls for a redeal",
                    )
                )
                continue
            break
        else:  # pragma: no cover - astronomically unlikely
            raise CardrulesError(f"no playable deal after {MAX_REDEALS} redeals")
        self._deal = deal  # (the auction starts from it again when undo puts one back)
        self.initial_hands = hands
        #: The card turned up for trumps, where the profile says so (public).
        self.turned_up = deal.turned_up if self._turn_up else None
        #: Whether the card turned up is known to lie in the stock still (public): through
        #: the auction, and after it unless the auction may move cards (then it may have
        #: been taken up, which the auction tells, if at all, through ``known_to``).
        self.turned_up_in_stock = True
        self.hands = list(first)
        self._stages = DealStages(parts) if parts else None
        self._calls = []  # the auction's actions, with their seats (views list them)
        self._auction = auction  # (the auction setter, written out: once a deal)
        self._unsent = []
        self._free = _free_calls(auction) if native is not None else None
        self.contract: Contract | None = None
        #: When the deal's concealed trump was revealed (None: not, or none is concealed).
        self.revealed: Revealed | None = None
        self._hidden: ConcealedTrump | None = None  # the deal's trump while concealed
        #: The actions taken in this deal's play besides the cards (a contract's calls:
        #: ``Contract.has_play_calls``), each with its seat, in order (public).
        self.play_calls: tuple[tuple[int, Action], ...] = ()
        self._calling = False  # the contract's seats may take calls besides their cards
        self.trick: list[PlayedCard] = []
        self._plain = self._french and self._hidden is None and not self._calling
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self._n
        #: The cards each seat laid away in the auction (a discard after picking up the
        #: stock), a mask per seat: out of play, in no view.
        self.discarded = [0] * self._n
        self._trick_cards: list[int] = []
        # (the cards in the hands of the first stage: the deck less the stock, less the
        # cards of the later stages where the profile deals in stages)
        dealt = 0
        for mask in first:
            dealt |= mask
        self._dealt = dealt  # every card dealt: the cards played are the ones no hand holds
        # The hot path keeps the winning card as cards are played, and the
        # legal mask of the seat to act until the state changes (-1: unknown);
        # whatever changes hands or the trick must reset ``_legal``.
        self._win = -1
        #: The seat whose card wins the trick in progress so far (between tricks, the last
        #: trick's winner; -1 before the deal's first card): with ``beating_mask()``, the
        #: position a playout reads.
        self.winning_seat = -1
        self._legal = -1
        self.leader = -1
        self.phase = "auction"
        self._to_act: int | None = auction.to_act()
        if self._to_act is None:
            self._begin_play()
        elif parts:
            self._deal_stages(self._stages_asked())

    @property
    def auction(self) -> AuctionState:
        """The deal's auction state (the family's object): every call taken so far has
        gone to it."""
        if self._unsent:
            self._send_calls()
        return self._auction

    @auction.setter
    def auction(self, state: AuctionState) -> None:
        """A state that has taken every call of :attr:`_calls`."""
        self._auction = state
        self._unsent = []
        self._free = _free_calls(state) if native is not None else None

    def _state(self) -> AuctionState:
        """:attr:`auction` for the game's own code (no property call when no call waits)."""
        if self._unsent:
            self._send_calls()
        return self._auction

    def _send_calls(self) -> None:
        """Hand the calls the native core took to the auction's state (as ``apply`` would
        have at once): a state that refuses one of the calls it declared free is the
        plugin's bug."""
        state = self._auction
        unsent = self._unsent
        self._unsent = []
        for seat, act in unsent:
            try:
                state.apply(seat, act)
            except Exception as exc:
                error = self._plugin_error(exc)
                raise error from exc
        self._free = None  # (the next call goes to the state, and says which are free)
        if self._to_act != state.to_act():
            raise self._plugin_error(
                ValueError(
                    f"the auction's free_calls() said seat {self._to_act} would act after "
                    f"them; to_act() says {state.to_act()}"
                )
            )

    def _stage_parts(
        self, dealer: int, attempt: int, hands: tuple[int, ...]
    ) -> tuple[tuple[int, ...], ...]:
        """The cards of each stage of a deal under ``[deal] stages`` (masks by seat): the
        seed's deck dealt in stages; a deal by hand as its cards were given (else lowest
        first, as ``Game.from_deal`` deals)."""
        stages = self.rules.deal_stages
        if self.deal_number == self._preset_at and attempt == 0 and self.preset is not None:
            if self._preset_parts is not None:
                return self._preset_parts
            listed = [[i for i in range(self.deck.size) if h >> i & 1] for h in hands]
            return split_stages(listed, stages)
        deck = _deck_indices(self.seed, self.deal_number, attempt, self.deck.size)
        return stage_parts(deck, dealer, self.rules.direction, stages)

    def _stages_asked(self) -> int:
        """The stages the auction wants dealt by now (:meth:`AuctionState.stages_dealt`)."""
        auction = self.auction
        return auction.stages_dealt()

    def _deal_stages(self, upto: int) -> None:
        """Deal the stages of the deal in progress up to the ``upto``-th (all of them at
        most): new lists of hands, so that a state saved before keeps its own."""
        staged = self._stages
        if staged is None or type(upto) is not int or upto <= staged.dealt:
            return
        upto = min(upto, len(staged.parts))
        hands = list(self.hands)
        for part in staged.parts[staged.dealt : upto]:
            for seat, mask in enumerate(part):
                hands[seat] |= mask
                self._dealt |= mask
        self.hands = hands
        self._stages = DealStages(staged.parts, upto)
        self._legal = -1

    def _begin_play(self) -> None:
        auction = self._auction if not self._unsent else self._state()
        contract = auction.result()
        if contract is None:  # pragma: no cover - handled at deal time
            raise CardrulesError("auction ended without a contract")
        after = auction.hands_after()
        if after is not None:  # the auction moved cards between hands
            self.hands = self._exchanged(after)
            self.turned_up_in_stock = self.turned_up is None
        if self._stages is not None:  # every stage left is dealt before the first lead
            self._deal_stages(len(self._stages.parts))
        self._enter_play(contract)
        if not contract.needs_play():  # the auction ended the deal (a board passed out)
            self._finish_deal()

    def _move_hands(self) -> None:
        """The auction moved cards for good before its end (:meth:`AuctionState.hands_moved`):
        the hands are those it gives from now on (once; undo puts the hands back)."""
        after = self.auction.hands_after()
        if after is None or after == tuple(self.hands):
            return
        self._save()
        self.hands = self._exchanged(after)
        self.turned_up_in_stock = self.turned_up is None
        self._legal = -1

    def _enter_play(self, contract: Contract) -> None:
        """The play of ``contract`` begins: its leader is to act."""
        self.contract = contract
        self.phase = "play"
        self.leader = contract.leader
        self._to_act = contract.leader
        order = self.order = self.rules.order_of(contract)
        concealed = self._hidden = contract.concealed
        self._calling = contract.has_play_calls
        self._plain = self._french and self._hidden is None and not self._calling
        self.revealed = None
        if concealed is not None:  # no card counts as a trump until it is revealed
            order = self.order = self.rules.order(None, contract.ranking or None)
        self._trump = order.trump
        self._beats = order.beats
        self._follow = order.follow
        self.trump_mask = order.trumps
        out = contract.sitting_out
        self._active = self._n - len(out)
        self._next = self._seats if not out else _skipping(self._seats, out)
        # The duties' fast form: the Python code calls the function written from
        # their steps (Ruleset.fast_narrow); the native core runs the same steps'
        # codes (Ruleset.fast_codes).  None: narrow(), one duty at a time.
        self._fast = self.rules.fast_narrow
        self._codes = self.rules.fast_codes if native is not None else None
        if concealed is not None:  # the duties one at a time: _narrow adds the asker's trump
            self._codes = self._fast = None
        self._legal = -1

    # -- public state ------------------------------------------------------

    @property
    def preset_stock(self) -> list[Card] | None:
        """The stock of a first deal dealt by hand, top first (the card turned up for
        trumps first, where the profile turns one up); None when it was dealt from the
        seed.  ``new_game(hands=..., stock=game.preset_stock)`` deals it again."""
        if self.preset is None or self._preset_stock is None or self._preset_at != 1:
            return None
        return [self.deck.cards[i] for i in self._preset_stock]

    @property
    def to_act(self) -> int | None:
        """The seat whose call or card is next (dummy's seat on dummy's turn); None at the end."""
        return self._to_act

    @property
    def auction_actions(self) -> tuple[tuple[int, Action], ...]:
        """The actions of this deal's auction so far, each with the seat that took it, in
        order (a view shows another seat's private action without its text)."""
        return tuple(self._calls)

    @property
    def phase_name(self) -> str:
        """:attr:`phase` as the family names it: ``"passing"`` for the Hearts auction,
        ``"bidding"``, ``"auction"``...; ``"play"``, ``"claim"`` and ``"finished"`` as they are."""
        return self.rules.phase_name(self.phase)

    def controller(self, seat: object) -> int:
        """The seat that decides for ``seat`` (declarer for dummy)."""
        seat = _check_seat(seat, self._n)
        if self.contract is not None:
            return self.contract.controller(seat)
        # An auction that knows dummy before the contract may say who decides for it.
        auction = self.auction
        return auction.controller(seat)

    @property
    def cutter(self) -> int:
        """The seat that cut for the current deal: the dealer's left (+1) or right (+3)."""
        n = self._n
        return (self.dealer + (1 if self.rules.profile.cutter == "left" else n - 1)) % n

    def hand(self, seat: object) -> list[Card]:
        """The cards ``seat`` holds now, sorted by suit and rank."""
        seat = _check_seat(seat, self._n)
        return list(self.deck.cards_of(self.hands[seat]))

    @property
    def cards_to_deal(self) -> tuple[int, ...]:
        """The cards still to be dealt to each seat, by seat (public): all 0 but during an
        auction between the stages of a deal dealt in stages (``[deal] stages``).  The
        cards themselves are nobody's yet: in no hand, no view, and not the stock."""
        staged = self._stages
        if staged is None:
            return (0,) * self._n
        return tuple(staged.to_deal(seat) for seat in range(self._n))

    @property
    def stock_shown(self) -> tuple[Card, ...]:
        """The cards of the deal's stock every seat may see now (public), in the order they
        were shown: those the contract shows once the tricks completed so far are
        (:meth:`Contract.stock_shown`); empty before the play and where it shows none."""
        contract = self.contract
        if contract is None:
            return ()
        places = contract.stock_shown(len(self.tricks))
        if not places:
            return ()
        stock = self._deal.stock
        cards = self.deck.cards
        return tuple(cards[stock[place]] for place in places)

    @property
    def stage_order(self) -> tuple[tuple[int, ...], ...] | None:
        """Each seat's card indices in the deal in progress, stage by stage (the whole deal,
        the stages not dealt yet included: not a seat's view), as ``Game.from_deal``'s
        ``dealt`` takes them; None for a deal not dealt in stages."""
        staged = self._stages
        if staged is None:
            return None
        indices = range(self.deck.size)
        return tuple(
            tuple(i for part in staged.parts for i in indices if part[seat] >> i & 1)
            for seat in range(self._n)
        )

    @property
    def first_trick(self) -> bool:
        """True while the deal's first trick is being played."""
        return not self.tricks

    @property
    def last_trick(self) -> Trick | None:
        """The most recently completed trick of this deal, if any."""
        return self.tricks[-1] if self.tricks else None

    def trick_state(self) -> TrickState:
        """The duties' view of the trick in progress."""
        cards = self._trick_cards
        order = self.order
        if not cards:
            return TrickState(
                -1, self._trump, -1, 0, (), not self.tricks, self.played_mask(), order
            )
        win = self._win
        led = order.suit_of[cards[0]]
        return TrickState(
            led if led >= 0 else order.led_place(cards),
            self._trump,
            win,
            self._beats[win],
            tuple(cards),
            not self.tricks,
            self.played_mask(),
            order,
        )

    def _led_mask(self, cards: Sequence[int]) -> int:
        """The cards a follower must follow when the trick was led with a card that sets no
        suit (a free card, the Excuse): the suit of the first card that does."""
        place = self.order.led_place(cards)
        return self.order.suit_masks[place] if place >= 0 else 0

    def played_mask(self) -> int:
        """The cards of the deal's completed tricks (a mask): dealt, held by no one, not on the
        table (worked out when asked, so that playing a card need not keep it)."""
        held = sum(self.hands)  # (no two hands hold the same card: their sum is their union)
        for index in self._trick_cards:
            held |= 1 << index
        return self._dealt & ~held

    def legal_mask(self) -> int:
        """The cards the seat to act may play now, as a mask (the play phase only): what
        :meth:`legal_actions` lists, without making the actions."""
        legal = self._legal
        if legal >= 0:
            return legal
        seat = self._to_act
        assert seat is not None
        fast = self._fast
        cards = self._trick_cards
        # The cards of the completed tricks, for a step that reads them (else 0).
        played = self.played_mask() if self._needs_played else 0
        if fast is not None:  # the interpreted engine's fast form of the duties
            if cards:
                legal = fast(
                    self.hands[seat],
                    self._follow[cards[0]] or self._led_mask(cards),
                    self.trump_mask,
                    self._beats[self._win],
                    not self.tricks,
                    False,
                    played,
                )
            else:
                legal = fast(self.hands[seat], 0, self.trump_mask, 0, not self.tricks, True, played)
        else:
            legal = self._narrow(seat)
        self._legal = legal
        return legal

    # -- the position as masks, for search (rollouts, adapters) ------------

    @property
    def dealt_mask(self) -> int:
        """Every card dealt in this deal, as a mask (the stock's cards are not)."""
        return self._dealt

    def beating_mask(self) -> int:
        """The cards that would beat the card winning the trick in progress (a mask); -1
        (every card) when no card is on it."""
        return self._beats[self._win] if self._trick_cards else -1

    def play_cards(
        self, choose: Callable[[Game, int, int], object], *, record: bool = True
    ) -> None:
        """Play the cards ``choose(game, seat, legal)`` picks (an index, from the mask of the
        cards ``seat`` may play) while the play of this deal goes on: to the end of the
        deal, or to a decision that is not a card.  The playout's loop: no action is read
        or made per card; an index that is not one of ``legal`` is refused with a
        :class:`~cardrules.CardrulesError`.

        Each card is recorded in ``actions`` as :meth:`apply` records it, unless
        ``record=False``, which a playout that only wants the score saves: the game is
        then a playout, not a record, and :meth:`undo` and :meth:`to_json` refuse it.
        """
        if not record:
            self._playout = True
        actions = self.actions
        deal = self.deal_number
        while self.phase == "play" and self.deal_number == deal:
            seat = self._to_act
            assert seat is not None
            legal = self._legal
            if legal < 0:
                legal = self.legal_mask()
            # (an object, checked: anything but an int is refused with a CardrulesError)
            index = choose(self, seat, legal)
            if type(index) is not int or index < 0 or not legal >> index & 1:
                raise CardrulesError(
                    f"invalid card index: {shown(index)} (not a card {seat_words(seat)} "
                    "may play now)"
                )
            if record:
                actions.append(self._texts[index])
            self._play(seat, index)

    @property
    def halt_after_deal(self) -> bool:
        """True: the game stops once the deal in play is scored (its phase ``"scored"``, no
        seat to act) rather than deal the next, as a playout or a one-deal adapter wants."""
        return self._halt

    @halt_after_deal.setter
    def halt_after_deal(self, halt: object) -> None:
        self._halt = bool(halt)

    def _narrow(self, seat: int) -> int:
        """The duties' mask for ``seat``, one duty at a time (a profile off the fast path)."""
        try:
            legal = narrow(self.rules.duties, self.hands[seat], self.trick_state())
        except CardrulesError:
            raise
        except Exception as exc:  # a plugin duty's bug; nothing has changed
            error = self._plugin_error(exc)
            raise error from exc
        if self.revealed is not None and legal & self.trump_mask and self._must_trump(seat):
            legal &= self.trump_mask
        return legal

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take now (empty when the game is over)."""
        if self.phase == "play":
            if self._plain:
                legal = self._legal
                return _plays_of(legal if legal >= 0 else self.legal_mask())
            plays = plays_in(self.legal_mask(), self._plays)
            if self._hidden is None and not self._calling:
                return plays
            return plays + self._calls_now()  # the cards, then any other action
        if self.phase == "claim":
            return [_ACCEPT, _REFUSE]
        if self.phase == "auction":
            try:
                return (self._auction if not self._unsent else self._state()).legal_actions()
            except CardrulesError:
                raise
            except Exception as exc:  # a plugin auction's bug; nothing has changed
                error = self._plugin_error(exc)
                raise error from exc
        return []

    def parse(self, action: object) -> Action:
        """The action a text means in this game now (an action object is returned as it
        is): where families read the same text differently (``3NT``, ``pass``), this
        game's reading; :class:`~cardrules.ActionError` if it reads as no action."""
        if isinstance(action, Action):
            return action  # (the legal actions are only worked out for a text)
        return self._read(action)

    def _read(self, text: object) -> Action:
        """``text`` in this game's words; else, when another installed family reads it, that
        family's action (which the game then refuses citing its rule); else the error of
        this game's words (which lists them)."""
        try:
            return self.rules.vocabulary.read(text, prefer=self._kinds(), deck=self.deck)
        except ActionError as exc:
            try:
                return installed_vocabulary().read(text, deck=self.deck)
            except ActionError:
                raise exc from None

    def is_legal(self, action: object) -> bool:
        """True if ``action`` (an :data:`~cardrules.Action` or its text) may be taken now."""
        try:
            act = self.parse(action)
        except CardrulesError:
            return False
        if self.phase == "play":
            if isinstance(act, Claim):
                return self.rules.profile.claims and 0 <= act.tricks <= self._tricks_left()
            if isinstance(act, RevealTrump):
                return not self._reveal_refused(self._to_act)
            if self._calling and not isinstance(act, Play):
                return act in self._calls_now()
            if not isinstance(act, Play) or self._to_act is None:
                return False
            index = act.card.index
            if self.deck.copies > 1 and not self.hands[self._to_act] >> index & 1:
                held = self._held_copy(self.hands[self._to_act], act.card)
                index = index if held is None else held
            return bool(self.legal_mask() >> index & 1)
        return act in self.legal_actions()

    # -- acting ------------------------------------------------------------

    def apply(self, action: object, *, seat: object = None) -> None:
        """Take an action for the seat to act; ``seat``, if given, must be its controller.

        ``action`` is an :data:`~cardrules.Action` or its text (``"play AH"``);
        ``seat`` a seat number 0..3.

        An illegal action raises :class:`~cardrules.IllegalAction` naming the
        rule, and the game is left exactly as it was.
        """
        if type(action) is Play and seat is None:
            # The common case, kept short: a legal card by the seat to act.  The legal
            # mask (kept in _legal, -1 until worked out) is that of the seat to act in
            # the play; whatever ends the play or changes the seat resets it.  It is a
            # subset of the hand, so one test covers both.  (No guard needed here:
            # legal_mask and _play guard the plugin code they run, the duties and the
            # end of a deal.)
            legal = self._legal
            if legal < 0 and self.phase == "play" and self._to_act is not None:
                legal = self.legal_mask()
            if legal > 0:
                index = action.card.index
                if legal >> index & 1:
                    to_act = self._to_act
                    assert to_act is not None  # (a legal mask is that of the seat to act)
                    self.actions.append(self._texts[index])
                    self._play(to_act, index)
                    return
        to_act = self._to_act
        done = len(self.actions)
        try:
            self._apply(action, seat, to_act)
        except CardrulesError:
            if len(self.actions) != done:  # refused after the action was recorded
                self._restore(done)
            raise
        except Exception as exc:  # a plugin's bug: the game goes back to how it was
            error = self._plugin_error(exc)
            self._restore(done)
            raise error from exc  # (_plugin_error sets __cause__ too)

    def _apply(self, action: object, seat: object, to_act: int | None) -> None:
        """:meth:`apply` of anything but a legal card played by the seat to act."""
        act = action if type(action) is Play else self.parse(action)
        if to_act is None:
            raise IllegalAction("", "the game is over", action=str(act))
        if seat is not None and (type(seat) is not int or not 0 <= seat < self._n):
            expected = f"expected 0..{self._n - 1}"
            raise IllegalAction("", f"invalid seat: {shown(seat)} ({expected})", action=str(act))
        if seat is not None and seat != self.controller(to_act):
            whose = seat_words(to_act) + (
                f", decided by {seat_words(self.controller(to_act))}"
                if self.controller(to_act) != to_act
                else ""
            )
            rule = self._turn_rule(seat, to_act)
            raise IllegalAction(rule, f"it is the turn of {whose}", action=str(act), seat=seat)
        if self.phase == "auction":
            auction = self._auction if not self._unsent else self._state()
            auction.apply(to_act, act)
            self._calls.append((to_act, act))
            self.actions.append(str(act))
            self._to_act = auction.to_act()
            # the calls the core may take next
            self._free = _free_calls(auction) if native and self._to_act is not None else None
            if self._to_act is None:
                self._save()  # the play begins (or the deal ends): undo puts this back
                self._begin_play()
            elif self._stages is not None and self._stages_asked() > self._stages.dealt:
                self._save()  # a stage is dealt: undo puts this back
                self._deal_stages(self._stages_asked())
            elif auction.hands_moved():
                self._move_hands()
            return
        if self.phase == "claim":
            self._answer_claim(to_act, act)
            return
        if isinstance(act, Claim):
            self._make_claim(to_act, act)
            return
        if isinstance(act, RevealTrump):
            self._reveal(to_act, act)
            return
        if self._calling and not isinstance(act, Play):
            self._call_in_play(to_act, act)
            return
        if not isinstance(act, Play):
            raise IllegalAction(
                "",
                "the auction is over: play a card (e.g. 'play AH')",
                action=str(act),
                seat=to_act,
            )
        card = act.card
        index = card.index
        hand = self.hands[to_act]
        bit = 1 << index
        if not hand & bit and self.deck.copies > 1:  # a card's text names each of its copies
            held = self._held_copy(hand, card)
            if held is not None:
                card = self.deck.cards[held]
                index = held
                bit = 1 << index
        if not hand & bit:
            raise IllegalAction(
                "",
                f"{card.symbol()} is not in seat {to_act}'s hand{_letter(to_act)}",
                action=str(act),
                seat=to_act,
            )
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()
        if not legal & bit:
            if self.revealed is not None and legal & self.trump_mask and self._must_trump(to_act):
                assert self.contract is not None and self.contract.concealed is not None
                raise IllegalAction(
                    self.contract.concealed.rule,
                    f"{seat_words(to_act)} asked for the trump and must play a trump",
                    action=str(act),
                    seat=to_act,
                )
            why = explain_mask(self.rules, hand, self.trick_state(), card)
            raise IllegalAction(why.rule, why.reason, action=str(act), seat=to_act)
        self.actions.append(self._texts[index])
        self._play(to_act, index)

    def _held_copy(self, hand: int, card: Card) -> int | None:
        """The index of a copy of ``card`` that ``hand`` holds (a deck of several copies:
        ``play 10C`` plays whichever ten of clubs the seat holds), else None."""
        first = card.index - card.copy
        for index in range(first, first + self.deck.copies):
            if hand >> index & 1:
                return index
        return None

    # -- claims ------------------------------------------------------------

    @property
    def claim(self) -> dict[str, Any] | None:
        """The claim pending (public): the claiming seat, the tricks claimed and the seats
        still to answer; None when there is none."""
        claim = self._claim
        if claim is None:
            return None
        return {"seat": claim.seat, "tricks": claim.tricks, "waiting": list(claim.waiting)}

    def _tricks_left(self) -> int:
        """The tricks of the deal still to play, the one in progress included."""
        return tricks_left(self.hands, self._trick_cards, self._n)

    def _make_claim(self, to_act: int, act: Claim) -> None:
        """``act``: the side of the seat to act claims some of the tricks left; the seats
        of the other side (deciding for themselves) answer in turn."""
        claim = open_claim(self.rules, to_act, act, self._tricks_left(), self.controller)
        self._save(before=True)
        self.actions.append(str(act))
        self._claim = claim
        self.phase = "claim"
        self._to_act = claim.waiting[0]
        self._legal = -1

    def _answer_claim(self, to_act: int, act: Action) -> None:
        """An answer to the claim pending: every answer yes ends the deal as claimed; a
        no lets play go on where it was."""
        claim = self._claim
        assert claim is not None
        if not isinstance(act, ClaimAnswer):
            raise IllegalAction(
                self.rules.profile.claim_rule,
                "a claim is pending: 'accept claim' or 'refuse claim'",
                action=str(act),
                seat=to_act,
            )
        self._save(before=True)
        self.actions.append(str(act))
        if not act.accept:
            self._claim = None
            self.phase = "play"
            self._to_act = claim.seat
            self._legal = -1
            return
        waiting = claim.waiting[1:]
        if waiting:
            self._claim = Claimed(claim.seat, claim.tricks, waiting)
            self._to_act = waiting[0]
            return
        # Accepted by all: the claimer's side takes the tricks claimed, the other the rest.
        left = self._tricks_left()
        won = list(self.tricks_won)  # (a new list: the state saved before keeps the old one)
        won[claim.seat] += claim.tricks
        won[claim.waiting[0]] += left - claim.tricks
        self.tricks_won = won
        self._claim = None
        self.phase = "play"
        self._end_deal()

    # -- a concealed trump -------------------------------------------------

    def _reveal_refused(self, seat: int | None) -> str:
        """Why ``seat`` (to act in the play) may not ask for the trump now ("" when it may):
        while the trump is concealed, a seat that holds no card of the suit led may."""
        concealed = self._hidden
        if concealed is None:
            if self.contract is not None and self.contract.concealed is not None:
                return "the trump was revealed already"
            return "no trump is concealed in this deal"
        if seat is None or self.phase != "play":
            return "the trump may be asked for only during the play"
        cards = self._trick_cards
        if not cards:
            return "the trump may be asked for only by a seat that cannot follow the suit led"
        if seat == concealed.chooser and not concealed.chooser_asks:
            return f"{seat_words(seat)} chose the trump and may not ask for it"
        if self.hands[seat] & (self._follow[cards[0]] or self._led_mask(cards)):
            return f"{seat_words(seat)} holds a card of the suit led and must follow it"
        return ""

    def _reveal(self, to_act: int, act: Action) -> None:
        """``act``: the seat to act asks for the concealed trump; every seat knows it from
        now on, and play counts trumps (the trick in progress too, as the contract says)."""
        why = self._reveal_refused(to_act)
        if why:
            concealed = None if self.contract is None else self.contract.concealed
            rule = "" if concealed is None else concealed.rule
            raise IllegalAction(rule, why, action=str(act), seat=to_act)
        self._save(before=True)
        self.actions.append(str(act))
        self.revealed = Revealed(to_act, len(self.tricks), len(self._trick_cards))
        self._hidden = None
        self._plain = self._french and self._hidden is None and not self._calling
        self._show_trump()

    # -- actions besides the cards ----------------------------------------------

    def _play_state(self, seat: int) -> PlayState:
        """What the contract reads to list ``seat``'s calls (:meth:`Contract.play_calls`)."""
        trick = tuple((played.seat, played.card) for played in self.trick)
        return PlayState(
            seat,
            self.initial_hands[seat],
            self.hands[seat],
            self.tricks,
            trick,
            self.play_calls,
            self.revealed,
        )

    def _calls_now(self) -> list[Action]:
        """The actions besides the cards the seat to act may take now, after the cards in
        :meth:`legal_actions`: the ask for a concealed trump, and the contract's own calls."""
        seat = self._to_act
        calls: list[Action] = []
        if seat is None or self.phase != "play":
            return calls
        if self._hidden is not None and not self._reveal_refused(seat):
            calls.append(REVEAL_TRUMP)
        contract = self.contract
        if self._calling and contract is not None:
            try:
                calls += contract.play_calls(self._play_state(seat))
            except CardrulesError:
                raise
            except Exception as exc:  # a plugin contract's bug; nothing has changed
                error = self._plugin_error(exc)
                raise error from exc
        return calls

    def _call_in_play(self, to_act: int, act: Action) -> None:
        """``act``, a call the contract offers besides the cards (an announcement): recorded
        in :attr:`play_calls` as the contract listed it (an object equal to ``act`` that may
        keep what its text does not say: when it was made); the seat is still to act."""
        contract = self.contract
        assert contract is not None
        listed = self._calls_now()
        if act not in listed:
            rule, why = contract.play_call_refusal(self._play_state(to_act), act)
            raise IllegalAction(rule, why, action=str(act), seat=to_act)
        act = listed[listed.index(act)]
        self._save(before=True)
        self.actions.append(str(act))
        self.play_calls = (*self.play_calls, (to_act, act))
        self._legal = -1

    def _show_trump(self) -> None:
        """The tables of play of the contract's trump, now that it is revealed."""
        assert self.contract is not None
        order = self.order = self.rules.order_of(self.contract)
        self._trump = order.trump
        self._beats = order.beats
        self._follow = order.follow
        self.trump_mask = order.trumps
        if self.trick:
            self._win, self.winning_seat = self._winning()
        self._legal = -1

    def _winning(self) -> tuple[int, int]:
        """The winning card and its seat in the trick in progress, a trump revealed: its
        cards compared in the order of the trump, but where the contract says the trumps
        played before the reveal do not count, those cards as they were compared then."""
        beats = early = self._beats
        split = 0
        revealed = self.revealed
        contract = self.contract
        concealed = None if contract is None else contract.concealed
        if (
            revealed is not None
            and contract is not None
            and concealed is not None
            and not concealed.whole_trick
            and revealed.trick == len(self.tricks)
        ):
            split = revealed.cards
            early = self.rules.order(None, contract.ranking or None).beats
        win = seat = -1
        for i, played in enumerate(self.trick):
            index = played.card.index
            if win < 0 or (early if i < split else beats)[win] >> index & 1:
                win, seat = index, played.seat
        return win, seat

    def _must_trump(self, seat: int) -> bool:
        """Whether ``seat`` asked for the trump before the card it is to play now, under a
        contract that has the asker play a trump then (if it can)."""
        revealed = self.revealed
        contract = self.contract
        return (
            revealed is not None
            and revealed.seat == seat
            and revealed.trick == len(self.tricks)
            and revealed.cards == len(self._trick_cards)
            and contract is not None
            and contract.concealed is not None
            and contract.concealed.must_trump
        )

    def _drawn_trump(self, chooser: int, hand: int) -> Suit:
        """A trump for a world made from a view that does not name the concealed one: a
        suit drawn from the seed, each in proportion to the cards of it the chooser was
        dealt in this world (any suit where it holds none of the deck's suits)."""
        deck = self.deck
        weights = [(deck.suit_masks[s] & hand).bit_count() for s in deck.suits]
        rng = random.Random(f"{self.seed}/{self.deal_number}/concealed trump of {chooser}")
        if not any(weights):
            return rng.choice(deck.suits)
        return rng.choices(deck.suits, weights)[0]

    def _kinds(self) -> frozenset[type[Action]]:
        """The classes of the actions legal now: a text several families read the same
        way (``3NT``, ``pass``) is read as this game's action."""
        if self.phase == "play":
            return _PLAY_KIND
        if self.phase == "claim":
            return _CLAIM_KIND
        if self.phase != "auction":
            return frozenset()
        try:
            return frozenset(type(a) for a in self.auction.legal_actions())
        except Exception:  # a plugin auction's bug surfaces where the action is applied
            return frozenset()

    def _turn_rule(self, seat: int, to_act: int) -> str:
        """The rule a refusal cites when ``seat`` acts while ``to_act`` is to act."""
        contract = self.contract
        if contract is None:  # the auction may name its rule in a ``turn_rule`` attribute
            auction = self.auction
            return auction.turn_rule
        if contract.controller(to_act) != to_act or contract.controller(seat) != seat:
            return contract.control_rule
        return contract.turn_rule

    def _play(self, seat: int, index: int) -> None:
        self.hands[seat] ^= 1 << index  # the card is in the hand: checked by the caller
        self._legal = -1
        cards = self._trick_cards
        if not cards or self._beats[self._win] >> index & 1:
            self._win = index  # the same scan as trick_winner_index, one card at a time
            self.winning_seat = seat
        cards.append(index)
        self.trick.append(self._played_cards[seat][index])
        if len(cards) < self._active:
            seat = self._to_act = self._next[seat]
            # The next seat's legal mask, as legal_mask's fast form works it out: whatever
            # plays the next card asks for it, and here it costs no call.
            fast = self._fast
            if fast is not None and not self._needs_played:
                self._legal = fast(
                    self.hands[seat],
                    self._follow[cards[0]] or self._led_mask(cards),
                    self.trump_mask,
                    self._beats[self._win],
                    not self.tricks,
                    False,
                    0,
                )
            return
        self._trick_complete()

    def _trick_complete(self) -> None:
        """The trick on the table is complete: it goes to its winner, who leads next (the
        native core does this itself where the order has no combination)."""
        cards = self._trick_cards
        winner = self.winning_seat
        if self.order.combos:  # a trick its cards together decide (an order's Combo)
            at = self.order.combo_winner(cards)
            if at >= 0:
                winner = self.winning_seat = self.trick[at].seat
        self.tricks.append(_new_tuple(Trick, (self.leader, tuple(self.trick), winner)))
        self.tricks_won[winner] += 1
        self._trick_cards = []
        self.trick = []
        self.leader = winner
        self._to_act = winner
        self._end_if_decided()

    def _end_if_decided(self) -> None:
        """After a trick: the deal ends when it is played out, or when the contract is
        decided before (Skat's null game)."""
        if not self.hands[self.leader]:  # every seat holds as many cards: played out
            self._end_deal()
            return
        contract = self.contract
        if (
            contract is not None
            and contract.decides_early
            and contract.play_decided(self.tricks_won)
        ):
            self._end_deal()

    def _end_deal(self) -> None:
        """:meth:`_finish_deal` for the card just recorded, undone if a plugin fails in it."""
        saved = self._saved
        if not self._playout and (not saved or saved[-1].done != len(self.actions) - 1):
            self._save()  # (a claim's answer saved one; a playout has no undo)
        try:
            self._finish_deal()
        except CardrulesError:
            self._restore(len(self.actions) - 1)
            raise
        except Exception as exc:  # a plugin's bug: the game goes back to before the card
            error = self._plugin_error(exc)
            self._restore(len(self.actions) - 1)
            raise error from exc

    def _finish_deal(self) -> None:
        assert self.contract is not None
        rules = self.rules
        caller = getcontext()  # (localcontext, written out: this runs once a deal)
        setcontext(SCORE_CONTEXT.copy())
        try:
            tricks = tuple(self.tricks_won)
            scores = rules.scorer.score_finished(
                FinishedDeal(
                    self.contract,
                    tricks,
                    _TakenInTricks(self.tricks, self._n),
                    tuple(self.deals),
                    self.deck,
                    self.initial_hands,
                    self.tricks,
                    self.play_calls,
                )
            )
            totals = dict(self.totals)  # (a new dict: a state saved before keeps the old one)
            for side, value in scores.items():
                totals[side] += value
            self.totals = totals
            self.deals.append(DealResult(self.dealer, self.contract, tricks, scores))
            ended = rules.end.check(self.deals, self.totals)
        finally:
            setcontext(caller)
        if ended is None and len(self.deals) >= MAX_DEALS:
            ended = GameOver(f"the limit of {MAX_DEALS} deals in a game was reached")
        if ended is not None:
            self._ended = ended
            self.phase = "finished"
            self._to_act = None
            # game.over names the winners whatever the end condition: its own, else the
            # sides the standings put first (so that the two always agree).
            if not ended.winners:
                ended = GameOver(ended.reason, ended.rule, leaders(self.totals, rules.end))
            self.over = ended
            return
        if self._halt:  # a playout: the deal scored is all it wanted
            self.phase = "scored"
            self._to_act = None
            return
        self._start_deal(rules.direction.next(self.dealer))

    def _exchanged(self, after: object) -> list[int]:
        """The hands an auction that moves cards hands back, checked: as many cards in
        each hand as before, each card held before or in the stock (a seat may pick up a
        stock, a kitty or a talon and lay cards away in its place: the cards laid away,
        :attr:`discarded`, are out of the deal and in no view).  Anything else is the
        auction plugin's bug, refused with a :class:`PluginError` naming it (the game's
        guards then put the game back as it was)."""
        before = self.hands
        problem = ""
        every = self.deck.all_mask
        if (
            not isinstance(after, tuple)
            or len(after) != len(before)
            or not all(type(h) is int and 0 <= h <= every for h in after)
        ):
            problem = f"{shown(after)} (expected a mask per seat)"
        else:
            all_before = all_after = 0
            for old, new in zip(before, after, strict=True):
                if old.bit_count() != new.bit_count():
                    problem = "a hand changed size"
                if all_after & new:
                    problem = "a card is in two hands"
                all_before |= old
                all_after |= new
            stock = every & ~self._dealt
            if self._stages is not None:  # the cards of stages not dealt are not the stock's
                stock &= ~self._stages.undealt_mask()
            if not problem and all_after & ~(all_before | stock):
                problem = "a card is neither in a hand nor in the stock"
        if problem or not isinstance(after, tuple):
            error = PluginError(
                self.rules.plugin_of(type(self.auction).__module__),
                "cardrules_setup_components",
                "the auction (hands_after)",
                ValueError(f"invalid hands after the auction: {problem}"),
            )
            raise _caused(error)
        hands = list(after)  # (each an int, checked above)
        if all_before & ~all_after:  # cards laid away
            discarded = list(self.discarded)  # (a new list: a state saved before keeps the old)
            for seat, (old, new) in enumerate(zip(before, hands, strict=True)):
                discarded[seat] |= old & ~new & ~all_after
            self.discarded = discarded
        self._dealt = all_after | self._trick_mask()
        return hands

    def _trick_mask(self) -> int:
        mask = 0
        for index in self._trick_cards:
            mask |= 1 << index
        return mask

    # -- results -----------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Sides by total, best first, with competition ranking: equal totals share a place.

        Best is highest, or lowest where the end condition says the lowest total wins
        (penalty points, :attr:`~cardrules.rules.components.EndCondition.lowest_wins`).
        """
        return standings_of(self.totals, self._ended, self.rules.end, self.phase == "finished")

    @property
    def scores(self) -> list[dict[Side, Decimal]]:
        """The scores of each finished deal, by side."""
        return [dict(d.scores) for d in self.deals]

    # -- views -------------------------------------------------------------

    def view(self, seat: object) -> View:
        """What ``seat`` may know: its own hand and public facts only."""
        return make_view(self, _check_seat(seat, self._n))

    def public_view(self) -> View:
        """What a spectator may know: the view of no seat (``seat`` is ``-1``), with the
        hands every seat may see (dummy's, once shown) and no legal actions."""
        return make_view(self, PUBLIC)

    # -- records -----------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """The full server-side state (every hand): never send this to a player."""
        state = {
            "phase": self.phase,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "to_act": self._to_act,
            "hands": [[str(c) for c in self.deck.cards_of(h)] for h in self.hands],
            "dealt": [[str(c) for c in self.deck.cards_of(h)] for h in self.initial_hands],
            "auction": self.auction.public(),
            "contract": None if self.contract is None else self.contract.to_dict(),
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[t.leader, [str(c) for _, c in t.cards], t.winner] for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "throw_ins": [[e.deal_number, e.dealer, e.seat, e.rule] for e in self.throw_ins],
            "deals": [
                {
                    "dealer": d.dealer,
                    "contract": d.contract.to_dict(),
                    "tricks": list(d.tricks),
                    "scores": {str(k): str(v) for k, v in d.scores.items()},
                }
                for d in self.deals
            ],
            "totals": {str(k): str(v) for k, v in self.totals.items()},
            # (the end as the end condition gave it: records written before replay as they were)
            "over": None
            if self._ended is None
            else {
                "reason": self._ended.reason,
                "rule": self._ended.rule,
                "winners": [str(w) for w in self._ended.winners],
            },
        }
        if self.turned_up is not None:  # only where the profile turns one up (older records)
            state["turned_up"] = str(self.turned_up)
        if self._claim is not None:  # (only then: records written before replay as they were)
            state["claim"] = self.claim
        if self.revealed is not None:  # (likewise: only where a concealed trump was revealed)
            state["revealed"] = list(self.revealed)
        if self.play_calls:  # (likewise: only where a contract's calls were taken)
            state["play_calls"] = [[seat, str(call)] for seat, call in self.play_calls]
        return state

    def to_json(self, *, key: object = None) -> str:
        """The whole game as JSON: the rules' name and hash, seed, every action, the full state.

        With ``key`` (bytes or text, a secret of the server's), the record is
        signed: an HMAC-SHA256 of all its bytes comes first, and
        :meth:`from_json` with the same key refuses it if any byte changed.  A game
        played out without a record (``play_cards(record=False)``) has none.
        """
        if self._playout:
            raise CardrulesError(
                "no record: this game was played out without one (play_cards(record=False))"
            )
        preset = (
            None
            if self.preset is None
            else [[str(c) for c in self.deck.cards_of(h)] for h in self.preset]
        )
        if preset is not None and self._preset_parts is not None:  # stage by stage
            preset = [
                [str(c) for part in self._preset_parts for c in self.deck.cards_of(part[seat])]
                for seat in range(self._n)
            ]
        doc = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "profile": self.rules.name,
            "profile_hash": self.rules.profile_hash,
            "deals": self.rules.deals,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "dealt_by_hand": preset is not None,
            "preset_hands": preset,
        }
        stock = self.preset_stock
        if stock:  # (only then: records of deals by hand that leave no stock are as before)
            doc["preset_stock"] = [str(c) for c in stock]
        doc["actions"] = list(self.actions)
        doc["state"] = self.state_dict()
        if self.rules.options_given:  # restored by from_json: the same rules
            doc["options"] = {
                name: option_text(value) for name, value in self.rules.options_given.items()
            }
        text = json.dumps(doc, ensure_ascii=False, indent=1)
        return text if key is None else sign_record(text, key)

    @classmethod
    def from_json(
        cls,
        text: object,
        *,
        rules: object = None,
        key: object = None,
        allow_preset_hands: object = False,
        max_bytes: object = MAX_RECORD_BYTES,
    ) -> Game:
        """Rebuild a game from :meth:`to_json` output (``str`` or ``bytes``), re-checking
        every action.

        ``rules`` is the :class:`Ruleset` the game was played under; without
        it, the record's profile must be installed under its name (a record
        never names a file to open), and either way the hash of the rules
        must match the record's (without ``rules``, a shipped profile's
        earlier version with the record's hash is taken: the record replays
        under the rules it was played under).  ``key`` checks the signature of a record
        written by ``to_json(key=...)``.  A record whose first deal was dealt
        by hand (``new_game(hands=...)``) is refused unless
        ``allow_preset_hands=True``: anyone who writes a record could deal
        themselves every spade.  ``max_bytes`` bounds what is read (4 MiB by
        default; ``None``: no bound).  Anything else than a faithful record
        is a :class:`RecordError` that names the key at fault.
        """
        return replay(
            cls,
            text,
            rules=rules,
            key=key,
            allow_preset_hands=allow_preset_hands,
            max_bytes=max_bytes,
        )

    @classmethod
    def from_view(
        cls,
        view: View,
        hands: object,
        *,
        seed: object = None,
        rules: Ruleset | None = None,
        hidden: Callable[[Game], Action] | None = None,
    ) -> Game:
        """A game in the position ``view`` shows, with ``hands`` as the cards it hides.

        ``hands`` maps each seat whose cards the view does not show to the cards
        it holds now (a mapping seat -> cards, or a list of the hidden seats'
        cards in seat order); the cards neither in a hand nor played are the
        stock, the turned-up card on top.  The game plays on like any other (a
        deal scored, the next dealt from ``seed``), so a bot can try an action
        in a world it imagines (:mod:`cardrules.engine.worlds` samples worlds
        consistent with a view).  Its ``actions`` start empty: it is not a record
        of the real game.

        During the auction the deal is dealt again with these hands and the
        auction's actions replayed; an action the view does not show (a card
        another seat passed) is chosen by ``hidden(game)`` (default: one of the
        legal actions at random, from ``seed``).  The auction factory gives the deal
        back as it was dealt (:meth:`Auction.as_dealt
        <cardrules.rules.components.Auction.as_dealt>`: a stock turned up in the order
        the view shows; once the play has begun, the cards it moved moved back, which
        are then the game's hands dealt).  Where the deal is dealt in stages
        (``[deal] stages``), the cards still to be dealt (``view.to_deal``) are drawn
        from ``seed`` among the cards the view does not show, the view's own seat's too
        (see :func:`~cardrules.engine.positions.world_stages`).  Hands that contradict the
        view (a card seen elsewhere, a hand of the wrong size, a card that could
        not have been played) raise :class:`~cardrules.CardrulesError`.
        """
        if not isinstance(view, View):
            raise CardrulesError(f"invalid view: {shown(view)} (expected a View)")
        if rules is None:
            rules = view.ruleset if view.ruleset is not None else load(view.profile)
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        masks, stock = _world_masks(view, hands, rules, seed)
        if view.phase not in ("auction", "play", "claim"):
            raise CardrulesError(f"invalid view: a game cannot be made at phase {view.phase!r}")
        dealt = masks
        if view.phase == "auction":  # the deal as dealt: the stock as the auction shows it
            as_dealt, stock = world_dealt(view, masks, stock, rules, seed)
            dealt = list(as_dealt)
        problem = ""
        for attempt in range(MAX_CHANCE_REDRAWS):
            if attempt:  # the auction drew by chance what the view shows otherwise
                seed = random.Random(f"{seed}/{attempt}").randrange(2**62)
            game = cls(rules, seed=seed, dealer=view.dealer)
            game.first_dealer = view.dealer
            game.deals = list(view.results)
            game.totals = dict(view.totals)
            game.throw_ins = []
            if view.phase != "auction":
                game._take_position(view, masks, stock)
                game.actions = []
                game._saved = []
                return game
            problem = game._replay_auction(view, dealt, stock, hidden)
            if not problem and game.view(view.seat).auction != view.auction:
                problem = "the auction the view shows differs from the one replayed"
            if not problem:
                game.actions = []
                game._saved = []
                return game
        raise CardrulesError(
            f"invalid hands: the view's auction cannot be replayed with them ({problem})"
        )

    @classmethod
    def from_deal(
        cls,
        rules: Ruleset,
        hands: Sequence[int],
        stock: Sequence[int],
        *,
        dealer: int,
        dealt: Sequence[Sequence[int]] | None = None,
    ) -> Game | None:
        """A game whose first deal is ``hands`` (masks by seat) and ``stock`` (card indices,
        top first), for a caller that deals by itself (the OpenSpiel adapter's chance
        nodes); None when the rules throw that deal in.  The cards are not checked: the
        caller deals each card once (``new_game(hands=..., stock=...)`` checks them).
        ``dealt``: each seat's card indices in the order they were dealt, from which a deal
        in stages (``[deal] stages``) takes each stage's cards (else each hand's lowest
        first)."""
        game = cls(rules, seed=0, dealer=dealer)
        game.deal_number = 0
        game.throw_ins = []
        game.preset = tuple(hands)
        game._preset_at = 1
        game._preset_stock = tuple(stock)
        if dealt is not None and rules.deal_stages:
            game._preset_parts = split_stages(dealt, rules.deal_stages)
        game._start_deal(dealer)
        if game.throw_ins:
            return None
        return game

    def _replay_auction(
        self,
        view: View,
        masks: list[int],
        stock: tuple[int, ...],
        hidden: Callable[[Game], Action] | None,
    ) -> str:
        """Deal ``view``'s deal again with ``masks`` and replay the auction it shows; what
        went wrong ("" when nothing did: what the auction drew by chance, as a Hearts
        passing direction, may differ from the view's, and the caller draws again)."""
        self.deal_number = view.deal_number - 1
        self.preset = tuple(masks)
        self._preset_at = view.deal_number
        self._preset_stock = stock
        if self.rules.deal_stages:  # the cards still to be dealt: drawn, nobody knows them
            self.preset, self._preset_parts, self._preset_stock = world_stages(
                view, masks, stock, self.rules, self.seed
            )
        self._start_deal(view.dealer)
        if self.throw_ins:
            raise CardrulesError(
                "invalid hands: these hands would have been thrown in "
                f"({self.throw_ins[0].reason}), and the view's deal was not"
            )
        return replay_auction(self, view, hidden)

    def _take_position(self, view: View, masks: list[int], stock: tuple[int, ...]) -> None:
        """Become the position of ``view`` (play or claim) with ``masks`` as the hands."""
        contract = view.deal_contract
        if contract is None:
            raise CardrulesError("invalid view: it shows the play but no contract")
        n = self._n
        self.deal_number = view.deal_number
        self.dealer = view.dealer
        played_by = [0] * n
        self.tricks = []
        for leader, cards, winner in view.tricks:
            seat = leader
            entries = []
            for card in cards:
                played_by[seat] |= 1 << card.index
                entries.append(self._played_cards[seat][card.index])
                seat = self._next[seat]
            self.tricks.append(Trick(leader, tuple(entries), winner))
        dealt = 0
        for seat, card in view.trick:
            played_by[seat] |= 1 << card.index
        for seat in range(n):
            dealt |= masks[seat] | played_by[seat]
        # The world's deal as dealt (the cards the auction moved moved back): the hands
        # dealt, and the stock, what a contract's cards shown from it are read from (the
        # deal the game was made with is the seed's, not the world's).
        held = tuple(masks[s] | played_by[s] for s in range(n))
        self.initial_hands, stock = world_dealt(view, held, stock, self.rules, self.seed)
        self._deal = self._deal._replace(stock=stock)
        # The cards each seat was dealt and laid away (in no hand now, not played).
        self.discarded = [self.initial_hands[s] & ~dealt for s in range(n)]
        self.hands = list(masks)
        self._legal = -1  # (a mask worked out for the deal as dealt is not this position's)
        self._stages = None  # (every stage is dealt once the play begins)
        self.turned_up = view.turned_up
        self.turned_up_in_stock = view.turned_up_in_stock
        self.auction = _AuctionShown(view, contract)
        self._calls = [
            (seat, _HIDDEN if text is None else _Shown(text)) for seat, text in view.auction_actions
        ]
        self._dealt = dealt
        self.play_calls = tuple((seat, self._read(text)) for seat, text in view.play_calls)
        if contract.concealed is not None and contract.trump is None:  # concealed from view
            chooser = contract.concealed.chooser
            drawn = self._drawn_trump(chooser, self.initial_hands[chooser])
            contract = dataclasses.replace(contract, trump=drawn)
        self._enter_play(contract)
        if view.revealed is not None:
            self.revealed = Revealed(*view.revealed)
            self._hidden = None
            self._plain = self._french and self._hidden is None and not self._calling
            self._show_trump()
        self._trick_cards = []
        self.trick = []
        self._win = self.winning_seat = -1
        for seat, card in view.trick:
            index = card.index
            if not self._trick_cards or self._beats[self._win] >> index & 1:
                self._win = index
                self.winning_seat = seat
            self._trick_cards.append(index)
            self.trick.append(self._played_cards[seat][index])
        if view.trick:
            self.leader = view.trick[0].seat
        elif view.tricks:
            self.leader = view.tricks[-1][2]
        if self.revealed is not None and self._trick_cards:
            self._win, self.winning_seat = self._winning()
        self.tricks_won = list(view.tricks_won)
        self._to_act = view.to_act
        claim = view.claim
        if claim is not None:
            self._claim = Claimed(claim["seat"], claim["tricks"], tuple(claim["waiting"]))
            self.phase = "claim"

    def copy(self) -> Game:
        """An independent copy of the game (by replay)."""
        return Game.from_json(
            self.to_json(), rules=self.rules, allow_preset_hands=True, max_bytes=None
        )

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: a game copied shares nothing it changes."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy(game)`` is :meth:`copy`."""
        return self.copy()

    def __reduce__(self) -> tuple[Callable[[str], Game], tuple[str]]:
        """A game pickles as its record (:meth:`to_json`) and unpickles by replaying it
        under the profile the record names (installed under that name, as
        :meth:`from_json` without ``rules`` requires): the same on either engine."""
        return _unpickled, (self.to_json(),)

    # -- undo ----------------------------------------------------------------

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``board.pop()``).

        The game becomes exactly what it was before that action: a card played is
        taken back from its trick, a call from the auction; where an action changed
        more (the auction's last call begins the play, the last card of a deal scores
        it and deals the next, a claim), the state saved then is put back.  Nothing
        is replayed from the seed: the cost does not grow with the game.  Raises
        :class:`~cardrules.CardrulesError` when no action has been taken.
        """
        if self._playout:
            raise CardrulesError(
                "nothing to undo: this game was played out without a record "
                "(play_cards(record=False))"
            )
        if not self.actions:
            raise CardrulesError("nothing to undo: no action has been taken in this game")
        text = self._undo_last()
        return self._read(text)  # as the game read it then

    def _save(self, *, before: bool = False) -> None:
        """Save the state for :meth:`undo`: ``before`` the action about to be taken, or
        (by default) during the action just recorded, before what it sets off."""
        done = len(self.actions) if before else len(self.actions) - 1
        self._saved.append(
            _new_tuple(
                _Saved,
                (
                    done,
                    before,
                    len(self.deals),
                    len(self.throw_ins),
                    len(self._calls),
                    tuple(self.trick),  # (a trick played out is a new list: see _play)
                    tuple(self._trick_cards),
                    self.phase,
                    self.deal_number,
                    self.dealer,
                    self.totals,
                    self.over,
                    self._ended,
                    self.initial_hands,
                    self.turned_up,
                    self.turned_up_in_stock,
                    self.hands,
                    self._deal,
                    self._auction if not self._unsent else self._state(),
                    self._calls,
                    self.contract,
                    self.tricks,
                    self.tricks_won,
                    self._dealt,
                    self._win,
                    self.winning_seat,
                    self.leader,
                    self._to_act,
                    self._trump,
                    self._beats,
                    self.trump_mask,
                    self._codes,
                    self._fast,
                    self._claim,
                    self.order,
                    self._follow,
                    self._active,
                    self._next,
                    self.discarded,
                    self.revealed,
                    self._stages,
                    self.play_calls,
                ),
            )
        )

    def _put_back(self, state: _Saved) -> None:
        """Become the state ``state`` saved (but for ``actions``, which the caller trims)."""
        for name, value in zip(_KEPT, state[_FIRST_KEPT:], strict=True):
            setattr(self, name, value)
        del self.deals[state.deals :]
        del self.throw_ins[state.throw_ins :]
        del self._calls[state.called :]
        self.trick = list(state.trick)
        self._trick_cards = list(state.trick_cards)
        contract = state.contract
        concealed = None if contract is None else contract.concealed
        self._hidden = concealed if state.revealed is None and state.phase != "auction" else None
        self._calling = contract is not None and contract.has_play_calls
        self._plain = self._french and self._hidden is None and not self._calling
        self._legal = -1

    def _take_back_call(self) -> None:
        """Take back the auction's last call: its seat is to act again."""
        seat, _ = self._calls.pop()
        self._auction_again()
        self._to_act = seat

    def _auction_again(self) -> None:
        """The deal's auction state made again from its deal and the calls taken: it is the
        plugin's own object, with no way to copy it (nor to trust one a plugin's bug
        left half changed)."""
        auction = self.rules.auction.start(self._deal)
        for seat, act in self._calls:
            auction.apply(seat, act)
        self.auction = auction

    def _take_back_card(self) -> None:
        """Take back the last card played in the deal: the trick it went to says which
        card and which seat (so that playing a card need not save anything)."""
        if self.trick:
            entry = self.trick.pop()
            self._trick_cards.pop()
        else:  # the card completed a trick
            last = self.tricks.pop()
            self.tricks_won[last.winner] -= 1
            self.trick = list(last.cards)
            entry = self.trick.pop()
            self._trick_cards = [played.card.index for played in self.trick]
            self.leader = last.leader
        seat = entry.seat
        self.hands[seat] |= 1 << entry.card.index
        # The winning card as _play kept it: the trick's so far, else the last trick's.
        win = win_seat = -1
        for played in self.trick:
            index = played.card.index
            if win < 0 or self._beats[win] >> index & 1:
                win, win_seat = index, played.seat
        if self.revealed is not None and self.trick:  # (the trick the trump was revealed in)
            win, win_seat = self._winning()
        if win < 0 and self.tricks:
            last = self.tricks[-1]
            win_seat = last.winner
            win = next(p.card.index for p in last.cards if p.seat == win_seat)
        self._win = win
        self.winning_seat = win_seat
        self._to_act = seat
        self._legal = -1

    def _undo_last(self) -> str:
        """Take back the last action recorded; its text."""
        done = len(self.actions) - 1
        saved = self._saved
        if saved and saved[-1].done == done:
            state = saved.pop()
            self._put_back(state)
            if state.before:  # (a claim or its answer: nothing more to take back)
                return self.actions.pop()
        if self.phase == "auction":
            self._take_back_call()
        else:
            self._take_back_card()
        return self.actions.pop()

    def _restore(self, done: int) -> None:
        """Put the game back as it was after its first ``done`` actions (a plugin failed in
        the next, or the rules refused it once it was recorded); a playout, which has no
        record to go back by, stays as it is."""
        if self._playout:
            return
        while len(self.actions) > done:
            self._undo_last()
        saved = self._saved
        while saved and saved[-1].done >= done:
            saved.pop()
        if self.phase == "auction":  # a plugin's auction may have failed half way
            self._auction_again()

    # -- failures of plugins -------------------------------------------------

    def _plugin_error(self, exc: BaseException) -> PluginError:
        """A :class:`PluginError` naming the plugin and hook behind the object that raised."""
        return plugin_error(self.rules, getattr(self, "_auction", None), exc)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name!r} seed={self.seed} deal {self.deal_number} "
            f"{self.phase} to_act={self._to_act}>"
        )

    def __str__(self) -> str:
        """The deal as a card player reads it, every hand shown: see
        :mod:`cardrules.engine.picture` (``str(game.view(seat))`` for one seat's)."""
        from cardrules.engine.picture import text

        return text(self)

    def _repr_html_(self) -> str:
        """The picture as HTML, for notebooks."""
        from cardrules.engine.picture import html

        return html(self)


def _unpickled(record: str) -> Game:
    """A pickled game (:meth:`Game.__reduce__`): its record replayed."""
    return Game.from_json(record, allow_preset_hands=True, max_bytes=None)


class _Saved(NamedTuple):
    """A game's state saved for :meth:`Game.undo` during the action of index ``done``: once
    the auction's last call or a deal's last card is recorded, before the play begins or
    the deal is scored; or ``before`` the action (a claim, an answer to one).

    Little is copied: the lists an action appends to (the deals, the throw-ins, the
    auction's calls) are kept with their lengths; the hands, the tricks and the tricks
    won change in place only as cards are played, and each card is taken back in place
    before a state saved earlier is put back; the totals, and the tricks won by a claim,
    are new objects when they change (_finish_deal, _answer_claim).  Only the trick in
    progress is copied, as tuples (a trick played out leaves its lists for new ones).
    The fields from ``phase`` on are the game's attributes of :data:`_KEPT` as they were
    (named as they are, less a leading underscore); :meth:`Game._save` lists them in
    this order, written out (the fastest way to read them), and ``_put_back`` sets them
    back by name."""

    done: int
    before: bool
    deals: int
    throw_ins: int
    called: int
    trick: tuple[PlayedCard, ...]
    trick_cards: tuple[int, ...]
    phase: str
    deal_number: int
    dealer: int
    totals: dict[Side, Decimal]
    over: GameOver | None
    ended: GameOver | None
    initial_hands: tuple[int, ...]
    turned_up: Card | None
    turned_up_in_stock: bool
    hands: list[int]
    deal: DealInfo
    auction: AuctionState
    calls: list[tuple[int, Action]]
    contract: Contract | None
    tricks: list[Trick]
    tricks_won: list[int]
    dealt: int
    win: int
    winning_seat: int
    leader: int
    to_act: int | None
    trump: int
    beats: tuple[int, ...]
    trump_mask: int
    codes: tuple[tuple[int, ...], tuple[int, ...]] | None
    fast: FastNarrow | None
    claim: Claimed | None
    order: Order
    follow: tuple[int, ...]
    active: int
    next: tuple[int, ...]
    discarded: list[int]
    revealed: Revealed | None
    stages: DealStages | None
    play_calls: tuple[tuple[int, Action], ...]


#: The game's attributes a saved state keeps as they were, in the order of _Saved's
#: fields from ``phase`` on (undo puts each back as it is).
_KEPT: Final = (
    "phase",
    "deal_number",
    "dealer",
    "totals",
    "over",
    "_ended",
    "initial_hands",
    "turned_up",
    "turned_up_in_stock",
    "hands",
    "_deal",
    "auction",
    "_calls",
    "contract",
    "tricks",
    "tricks_won",
    "_dealt",
    "_win",
    "winning_seat",
    "leader",
    "_to_act",
    "_trump",
    "_beats",
    "trump_mask",
    "_codes",
    "_fast",
    "_claim",
    "order",
    "_follow",
    "_active",
    "_next",
    "discarded",
    "revealed",
    "_stages",
    "play_calls",
)
_FIRST_KEPT: Final = _Saved._fields.index("phase")
assert _Saved._fields[_FIRST_KEPT:] == tuple(name.lstrip("_") for name in _KEPT)


#: A ruleset makes games of this class (its module cannot import this one).
Ruleset.game_type = Game

if native is not None:
    # The native core runs legal_actions() and apply() for a card, and calls these, the
    # Python engine's, for anything else (the reference: the same game either way).
    native.setup(Play, Trick, Game.legal_actions, Game.apply)
    for _name in ("legal_actions", "apply"):
        setattr(Game, _name, vars(native.Core)[_name])
