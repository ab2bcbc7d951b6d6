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

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, getcontext, setcontext
from typing import Any, ClassVar, Final, NamedTuple, TypeGuard

from cardrules.cards import CARDS, SUIT_MASKS, Card, cards_of, mask_of, parse_cards
from cardrules.engine.records import (
    MAX_RECORD_BYTES,
    RECORD_FORMAT,
    RECORD_VERSION,
    check_seed,
    read_record,
    sign_record,
)
from cardrules.engine.ruleset import Ruleset, explain_mask, load
from cardrules.engine.steps import run_steps
from cardrules.engine.views import PUBLIC, View, make_view
from cardrules.errors import (
    CardError,
    CardrulesError,
    IllegalAction,
    PluginError,
    RecordError,
    shown,
)
from cardrules.profile.registry import earlier_versions, installed_profile_path
from cardrules.rules.actions import PLAYS, Action, Claim, ClaimAnswer, Play, parse_action
from cardrules.rules.catalog import option_text
from cardrules.rules.components import (
    SCORE_CONTEXT,
    AuctionState,
    Contract,
    DealInfo,
    DealResult,
    DecidesForOthers,
    Direction,
    ExchangesCards,
    ExplainsRedeal,
    GameOver,
    NamesTurnRule,
    RanksLowest,
    ScoresCardsTaken,
    ScoresInGame,
    Side,
    seat_words,
)
from cardrules.rules.duties import BEATS, FastNarrow, TrickState, narrow

__all__ = [
    "Game",
    "PlayedCard",
    "Standing",
    "ThrowInEvent",
    "Trick",
    "deal_cards",
    "deal_from_seed",
    "shuffle_and_cut",
]

MAX_REDEALS = 10_000
#: Games made from a view (Game.from_view) draw again at most this often when what
#: the auction drew by chance (a Hearts passing direction) is not what the view shows.
MAX_CHANCE_REDRAWS = 64
#: The most seats at a table (a profile's ``[table] players`` is 3 to 7).
MAX_PLAYERS: Final = 7
#: The most deals a game may last, whatever its end condition: a game whose
#: totals never reach its target ends here (``game.over.reason`` says so).
MAX_DEALS: Final = 1000


class PlayedCard(NamedTuple):
    """A card played to a trick and the seat it came from; ``str()`` is the card."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return str(self.card)


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order (seat, card), who won."""

    leader: int
    cards: tuple[PlayedCard, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class ThrowInEvent:
    """The cards were thrown in and redealt by the same dealer."""

    deal_number: int
    dealer: int
    seat: int | None
    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class Standing:
    """One side's place in the standings (competition ranking: 1, 1, 3, 4)."""

    place: int
    side: Side
    total: Decimal
    winner: bool


def shuffle_and_cut(seed: int, deal_number: int, attempt: int = 0) -> tuple[Card, ...]:
    """The deck of one deal after the seeded shuffle and the cut, top card first.

    ``deal_number`` is 1-based; ``attempt`` counts redeals of the same deal.
    """
    return tuple(CARDS[i] for i in _deck_indices(seed, deal_number, attempt))


#: (i, i + 1, (i + 1).bit_length()) for the Fisher-Yates steps of a 52-card shuffle.
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def _deck_indices(seed: int, deal_number: int, attempt: int) -> list[int]:
    """:func:`shuffle_and_cut` as card indices, for the hot path.

    The loop is ``random.Random.shuffle`` written out (its ``_randbelow``
    draws ``getrandbits(k)`` until below ``n``): the same deck for the same
    seed, without a method call per card.  tests/test_simulate.py checks it
    against ``shuffle`` itself.
    """
    rng = random.Random(f"{seed}/{deal_number}/{attempt}")
    getrandbits = rng.getrandbits
    deck = list(range(52))
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    cut = rng.randint(1, 51)  # the cutter's cut: the top part goes under
    return deck[cut:] + deck[:cut]


def deal_cards(
    deck: Sequence[Card], dealer: int, direction: Direction, size: int | None = None
) -> tuple[int, ...]:
    """Hand masks by seat: one card at a time from the top, starting after the dealer.

    Card ``i`` goes to ``direction.next(dealer, i + 1)``, so the dealer gets the last
    one; each seat gets ``size`` cards (all the deck shared out, by default).
    """
    n = direction.players
    return _deal_masks([card.index for card in deck], dealer, direction, size or len(deck) // n)


def _deal_masks(
    deck: Sequence[int], dealer: int, direction: Direction, size: int
) -> tuple[int, ...]:
    """:func:`deal_cards` of a deck of card indices: a mask per seat, built a seat at a time."""
    order = direction.order(direction.next(dealer))
    n = len(order)
    hands = [0] * n
    for position in range(n):  # card i goes to order[i % n]
        mask = 0
        for index in deck[position : n * size : n]:
            mask |= 1 << index
        hands[order[position]] = mask
    return tuple(hands)


def deal_from_seed(
    seed: int, deal_number: int, attempt: int, dealer: int, direction: Direction
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The deck after shuffle and cut, and the hands dealt from it (masks by seat)."""
    deck = shuffle_and_cut(seed, deal_number, attempt)
    return deck, deal_cards(deck, dealer, direction)


#: The kinds of action of the play phase, and of a claim's answer.
_PLAY_KIND: Final = frozenset({Play, Claim})
_CLAIM_KIND: Final = frozenset({ClaimAnswer})
_ACCEPT: Final = ClaimAnswer(True)
_REFUSE: Final = ClaimAnswer(False)


class Claimed(NamedTuple):
    """A claim pending: the seat whose turn it was (its side claims), the tricks claimed,
    and the seats of the other side still to answer, in turn."""

    seat: int
    tricks: int
    waiting: tuple[int, ...]


def _letter(seat: int) -> str:
    """`` (N)`` after a seat's number where the seat has a letter (the first four)."""
    words = seat_words(seat)
    return words[len(f"seat {seat}") :]


def _installed_rules(
    name: str, deals: int, options: dict[str, bool | int | str], digest: str | None = None
) -> Ruleset:
    """The rules of the installed profile ``name`` (never a path: records name no files).

    When the current rules' hash is not ``digest`` (the record's ``profile_hash``),
    the earlier version of the profile that has it, if one does: the record
    replays under the rules it was played under.
    """
    path = installed_profile_path(name)  # the name is [a-z0-9._-]: no path
    if path is None:
        raise RecordError(
            f"invalid record: 'profile' {name!r} is not an installed profile; a game of a "
            "profile loaded from a file is restored with Game.from_json(text, rules=...)"
        )
    try:
        rules = load(path, deals=deals, options=options)
    except CardrulesError as exc:
        raise RecordError(f"invalid record: profile {name!r}: {exc}") from None
    if digest is None or rules.profile_hash == digest:
        return rules
    for earlier in earlier_versions(name):
        try:
            before = load(earlier, deals=deals, options=options)
        except CardrulesError:
            continue  # that version does not take the record's options: not the one
        if before.name == name and before.profile_hash == digest:
            return before
    return rules


#: Every card of the pack, as a mask.
_FULL_PACK: Final = (1 << 52) - 1
_NEXT_SEATS: Final[dict[Direction, tuple[int, ...]]] = {}


def _next_seats(direction: Direction) -> tuple[int, ...]:
    """The seat after each seat in the order of play (worked out once per direction)."""
    seats = _NEXT_SEATS.get(direction)
    if seats is None:
        seats = _NEXT_SEATS[direction] = tuple(
            direction.next(seat) for seat in range(direction.players)
        )
    return seats


#: (class, protocol) -> whether the class's objects have the protocol's members.
_CONFORMS: Final[dict[tuple[type, object], bool]] = {}


def _conforms(obj: object, protocol: object) -> bool:
    """``isinstance(obj, protocol)`` for a protocol of optional members, worked out once
    per class (a runtime protocol check looks up every member each time)."""
    key = (type(obj), protocol)
    known = _CONFORMS.get(key)
    if known is None:
        known = _CONFORMS[key] = isinstance(obj, protocol)  # type: ignore[arg-type]
    return known


def _explains_redeal(state: object) -> TypeGuard[ExplainsRedeal]:
    return _conforms(state, ExplainsRedeal)


def _decides_for_others(state: object) -> TypeGuard[DecidesForOthers]:
    return _conforms(state, DecidesForOthers)


def _names_turn_rule(state: object) -> TypeGuard[NamesTurnRule]:
    return _conforms(state, NamesTurnRule)


def _scores_in_game(scorer: object) -> TypeGuard[ScoresInGame]:
    return _conforms(scorer, ScoresInGame)


def _scores_cards_taken(scorer: object) -> TypeGuard[ScoresCardsTaken]:
    return _conforms(scorer, ScoresCardsTaken)


def _exchanges_cards(state: object) -> TypeGuard[ExchangesCards]:
    return _conforms(state, ExchangesCards)


def lowest_wins(end: object) -> bool:
    """Whether the lowest total wins under an end condition (:class:`RanksLowest`)."""
    return _conforms(end, RanksLowest) and bool(getattr(end, "lowest_wins", False))


def _check_seat(seat: object, players: int) -> int:
    """``seat`` as a seat number; anything but an int 0..n-1 (a bool is not a seat) is refused."""
    if type(seat) is not int or not 0 <= seat < players:
        raise CardrulesError(f"invalid seat: {shown(seat)} (expected 0..{players - 1})")
    return seat


class Game:
    """A game of several deals under one ruleset.  Make one with ``rules.new_game()``.

    Arguments that come from outside (seats, actions, seeds, records) are
    typed ``object`` here and checked at run time: anything else than the
    documented type is refused with a :class:`~cardrules.CardrulesError`,
    in the pure-Python build and in the compiled one alike (mypyc would
    otherwise refuse a wrongly typed argument with a bare ``TypeError``).
    """

    # Slots: more attributes than a dict shares keys for, and the hot path reads them.
    __slots__ = (
        "_beats",
        "_calls",
        "_claim",
        "_codes",
        "_dealt",
        "_ended",
        "_fast",
        "_halt",
        "_legal",
        "_n",
        "_needs_played",
        "_next",
        "_preset_at",
        "_preset_stock",
        "_size",
        "_tm",
        "_to_act",
        "_trick_cards",
        "_trump",
        "_turn_up",
        "_win",
        "_win_seat",
        "actions",
        "auction",
        "contract",
        "deal_number",
        "dealer",
        "deals",
        "first_dealer",
        "hands",
        "initial_hands",
        "leader",
        "over",
        "phase",
        "preset",
        "rules",
        "seed",
        "throw_ins",
        "totals",
        "trick",
        "tricks",
        "tricks_won",
        "turned_up",
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
        self._size = 0 if rules.profile.hand_sizes else 52 // n
        self._turn_up = rules.profile.trump == "turn_up"
        self._needs_played = rules.fast_needs_played
        self.seed: int = seed
        self.preset: tuple[int, ...] | None = None
        # The deal the preset hands are for, and its stock (None: the cards not dealt in
        # pack order, as a deal by hand left them before stock= and turn_up=).
        self._preset_at = 1
        self._preset_stock: tuple[int, ...] | None = None
        self._calls: list[tuple[int, Action]] = []
        # True: the game stops once the deal in play is scored (a bot's playout).
        self._halt = False
        if hands is not None:
            self.preset = _preset_masks(hands, n, rules.hand_size(1))
            self._preset_stock = _preset_stock(self.preset, stock, turn_up, seed, rules)
        elif stock is not None or turn_up is not None:
            what = "stock" if stock is not None else "turn_up"
            raise CardrulesError(
                f"invalid {what}: it goes with hands= (the first deal dealt by hand); a deal "
                "from the seed has its own"
            )
        if dealer is None:
            dealer = rules.first_dealer  # the rules may fix it (duplicate boards)
        if dealer is None:
            dealer = random.Random(f"{seed}/dealer").randrange(n)
        self.first_dealer = dealer
        self.dealer = dealer
        self.deal_number = 0
        self.actions: list[str] = []
        self.deals: list[DealResult] = []
        self.throw_ins: list[ThrowInEvent] = []
        self.totals: dict[Side, Decimal] = {side: Decimal(0) for side in rules.sides}
        #: Why the game ended, with its winners (None while it goes on): see _finish_deal.
        self.over: GameOver | None = None
        # The end as the end condition gave it (its winners, if any, override the top of
        # the standings); records keep it as it is.
        self._ended: GameOver | None = None
        self.phase = "auction"
        # Set for real when play begins (_begin_play); set here so that a
        # game can always be copied attribute by attribute (_take).
        self._trump = -1
        self._beats = BEATS[4]
        self._next = _next_seats(rules.direction)
        self._tm = 0
        self._codes: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._fast: FastNarrow | None = None
        self._claim: Claimed | None = None
        try:
            self._start_deal(dealer)
        except CardrulesError:
            raise
        except Exception as exc:
            raise self._plugin_error(exc) from exc  # (see apply)

    # -- dealing -----------------------------------------------------------

    def _deal_cards(self, dealer: int, attempt: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The hands (masks by seat) and the stock (card indices, top first) of a deal."""
        size = self._size or self.rules.hand_size(self.deal_number)
        if self.deal_number == self._preset_at and attempt == 0 and self.preset is not None:
            if self._preset_stock is not None:
                return self.preset, self._preset_stock
            dealt = 0
            for mask in self.preset:
                dealt |= mask
            return self.preset, tuple(i for i in range(52) if not dealt >> i & 1)
        deck = _deck_indices(self.seed, self.deal_number, attempt)
        hands = _deal_masks(deck, dealer, self.rules.direction, size)
        dealt = self._n * size
        return hands, (tuple(deck[dealt:]) if dealt < 52 else ())

    def _start_deal(self, dealer: int) -> None:
        self.deal_number += 1
        self.dealer = dealer
        rules = self.rules
        for attempt in range(MAX_REDEALS):
            hands, stock = self._deal_cards(dealer, attempt)
            thrown = None
            for throw_in in rules.throw_ins:
                seat = throw_in.applies(hands)
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
                hands,
                rules.direction,
                stock,
                dict(self.totals),
                self.seed,
                self.deal_number,
            )
            auction = rules.auction.start(deal)
            if auction.to_act() is None and auction.result() is None:
                self.throw_ins.append(
                    ThrowInEvent(
                        self.deal_number,
                        dealer,
                        None,
                        rules.profile.auction_rule,
                        auction.redeal_reason
                        if _explains_redeal(auction)
                        else "the auction calls for a redeal",
                    )
                )
                continue
            break
        else:  # pragma: no cover - astronomically unlikely
            raise CardrulesError(f"no playable deal after {MAX_REDEALS} redeals")
        self.initial_hands = hands
        #: The card turned up for trumps, where the profile says so (public).
        self.turned_up = deal.turned_up if self._turn_up else None
        self.hands = list(hands)
        self.auction: AuctionState = auction
        self.contract: Contract | None = None
        self.trick: list[PlayedCard] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self._n
        self._trick_cards: list[int] = []
        self._calls = []  # the auction's actions, with their seats (views list them)
        dealt = _FULL_PACK
        for index in stock:
            dealt ^= 1 << index
        self._dealt = dealt  # every card dealt: the cards played are the ones no hand holds
        # The hot path keeps the winning card as cards are played, and the
        # legal mask of the seat to act until the state changes (-1: unknown);
        # whatever changes hands or the trick must reset ``_legal``.
        self._win = -1
        self._win_seat = -1
        self._legal = -1
        self.leader = -1
        self.phase = "auction"
        self._to_act: int | None = auction.to_act()
        if self._to_act is None:
            self._begin_play()

    def _begin_play(self) -> None:
        contract = self.auction.result()
        if contract is None:  # pragma: no cover - handled at deal time
            raise CardrulesError("auction ended without a contract")
        if _exchanges_cards(self.auction):  # the auction moved cards between hands
            self.hands = self._exchanged(self.auction.hands_after())
        self._enter_play(contract)
        if not contract.needs_play():  # the auction ended the deal (a board passed out)
            self._finish_deal()

    def _enter_play(self, contract: Contract) -> None:
        """The play of ``contract`` begins: its leader is to act."""
        self.contract = contract
        self.phase = "play"
        self.leader = contract.leader
        self._to_act = contract.leader
        self._trump = -1 if contract.trump is None else int(contract.trump)
        self._beats = BEATS[self._trump if self._trump >= 0 else 4]
        self._tm = SUIT_MASKS[self._trump] if self._trump >= 0 else 0
        # The duties' fast form: the compiled engine runs their step codes in
        # its own loop (run_steps); the interpreted one calls the function
        # written from the same steps (Ruleset.fast_narrow).  None: narrow().
        self._codes = self.rules.fast_codes if _COMPILED else None
        self._fast = self.rules.fast_narrow if self._codes is None else None
        self._legal = -1

    # -- public state ------------------------------------------------------

    @property
    def preset_stock(self) -> list[Card] | None:
        """The stock of a first deal dealt by hand, top first (the card turned up for
        trumps first, where the profile turns one up); None when it was dealt from the
        seed.  ``new_game(hands=..., stock=game.preset_stock)`` deals it again."""
        if self.preset is None or self._preset_stock is None or self._preset_at != 1:
            return None
        return [CARDS[i] for i in self._preset_stock]

    @property
    def to_act(self) -> int | None:
        """The seat whose call or card is next (dummy's seat on dummy's turn); None at the end."""
        return self._to_act

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
        return auction.controller(seat) if _decides_for_others(auction) else seat

    @property
    def cutter(self) -> int:
        """The seat that cut for the current deal: the dealer's left (+1) or right (+3)."""
        n = self._n
        return (self.dealer + (1 if self.rules.profile.cutter == "left" else n - 1)) % n

    def hand(self, seat: object) -> list[Card]:
        """The cards ``seat`` holds now, sorted by suit and rank."""
        seat = _check_seat(seat, self._n)
        return list(cards_of(self.hands[seat]))

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
        if not cards:
            return TrickState(-1, self._trump, -1, 0, (), not self.tricks, self._played())
        win = self._win
        return TrickState(
            cards[0] // 13,
            self._trump,
            win,
            self._beats[win],
            tuple(cards),
            not self.tricks,
            self._played(),
        )

    def _played(self) -> int:
        """The cards of the deal's completed tricks (a mask): dealt, held by no one, not on the
        table (worked out when asked, so that playing a card need not keep it)."""
        held = 0
        for mask in self.hands:
            held |= mask
        for index in self._trick_cards:
            held |= 1 << index
        return self._dealt & ~held

    def _legal_mask(self) -> int:
        legal = self._legal
        if legal < 0:
            seat = self._to_act
            assert seat is not None
            fast = self._fast
            cards = self._trick_cards
            codes = self._codes
            # The cards of the completed tricks, for a step that reads them (else 0).
            played = self._played() if self._needs_played else 0
            if codes is not None:
                first = not self.tricks
                tm = self._tm
                if cards:
                    lm = SUIT_MASKS[cards[0] // 13]
                    beats = self._beats[self._win]
                    legal = run_steps(codes[1], self.hands[seat], lm, tm, beats, first, played)
                else:
                    legal = run_steps(codes[0], self.hands[seat], 0, tm, 0, first, played)
            elif fast is None:
                legal = self._narrow(seat)
            elif cards:
                lm = SUIT_MASKS[cards[0] // 13]
                beats = self._beats[self._win]
                legal = fast(self.hands[seat], lm, self._tm, beats, not self.tricks, False, played)
            else:
                legal = fast(self.hands[seat], 0, self._tm, 0, not self.tricks, True, played)
            self._legal = legal
        return legal

    def _narrow(self, seat: int) -> int:
        """The duties' mask for ``seat``, one duty at a time (a profile off the fast path)."""
        try:
            return narrow(self.rules.duties, self.hands[seat], self.trick_state())
        except CardrulesError:
            raise
        except Exception as exc:  # a plugin duty's bug; nothing has changed
            error = self._plugin_error(exc)
            raise error from exc

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take now (empty when the game is over)."""
        if self.phase == "play":
            return _plays_of(self._legal_mask())
        if self.phase == "claim":
            return [_ACCEPT, _REFUSE]
        if self.phase == "auction":
            try:
                return self.auction.legal_actions()
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
        return parse_action(action, prefer=self._kinds())

    def is_legal(self, action: object) -> bool:
        """True if ``action`` (an :data:`~cardrules.Action` or its text) may be taken now."""
        try:
            act = self.parse(action)
        except CardrulesError:
            return False
        if self.phase == "play":
            if isinstance(act, Claim):
                return self.rules.profile.claims and 0 <= act.tricks <= self._tricks_left()
            return isinstance(act, Play) and bool(self._legal_mask() >> act.card.index & 1)
        return act in self.legal_actions()

    # -- acting ------------------------------------------------------------

    def apply(self, action: object, *, seat: object = None) -> None:
        """Take an action for the seat to act; ``seat``, if given, must be its controller.

        ``action`` is an :data:`~cardrules.Action` or its text (``"play AH"``);
        ``seat`` a seat number 0..3.

        An illegal action raises :class:`~cardrules.IllegalAction` naming the
        rule, and the game is left exactly as it was.
        """
        to_act = self._to_act
        if type(action) is Play and seat is None and self.phase == "play" and to_act is not None:
            # The common case, kept short: a legal card by the seat to act.
            # The legal mask is a subset of the hand, so one test covers both.
            # (No guard needed here: _legal_mask and _play guard the plugin
            # code they run, the duties and the end of a deal.)
            index = action.card.index
            legal = self._legal
            if legal < 0:
                legal = self._legal_mask()
            if legal >> index & 1:
                self.actions.append(_PLAY_TEXTS[index])
                self._play(to_act, index)
                return
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
            raise error from exc  # (_plugin_error sets __cause__ too: mypyc's raise-from may not)

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
            self.auction.apply(to_act, act)
            self._calls.append((to_act, act))
            self.actions.append(str(act))
            self._to_act = self.auction.to_act()
            if self._to_act is None:
                self._begin_play()
            return
        if self.phase == "claim":
            self._answer_claim(to_act, act)
            return
        if isinstance(act, Claim):
            self._make_claim(to_act, act)
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
        if not hand & bit:
            raise IllegalAction(
                "",
                f"{card.symbol()} is not in seat {to_act}'s hand{_letter(to_act)}",
                action=str(act),
                seat=to_act,
            )
        legal = self._legal
        if legal < 0:
            legal = self._legal_mask()
        if not legal & bit:
            why = explain_mask(self.rules, hand, self.trick_state(), card)
            raise IllegalAction(why.rule, why.reason, action=str(act), seat=to_act)
        self.actions.append(_PLAY_TEXTS[index])
        self._play(to_act, index)

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
        cards = sum(h.bit_count() for h in self.hands) + len(self._trick_cards)
        return cards // self._n

    def _make_claim(self, to_act: int, act: Claim) -> None:
        """``act``: the side of the seat to act claims some of the tricks left; the seats
        of the other side (deciding for themselves) answer in turn."""
        rules = self.rules
        rule = rules.profile.claim_rule
        if not rules.profile.claims:
            raise IllegalAction(rule, "claims are not played in these rules", action=str(act))
        left = self._tricks_left()
        if not 0 <= act.tricks <= left:
            raise IllegalAction(
                rule,
                f"a claim is of 0 to {left} tricks, the tricks left (got {act.tricks})",
                action=str(act),
                seat=self.controller(to_act),
            )
        side = rules.side_of(to_act)
        order = rules.direction.order(to_act)
        waiting = tuple(s for s in order if rules.side_of(s) != side and self.controller(s) == s)
        self.actions.append(str(act))
        self._claim = Claimed(to_act, act.tricks, waiting)
        self.phase = "claim"
        self._to_act = waiting[0]

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
        self.tricks_won[claim.seat] += claim.tricks
        self.tricks_won[claim.waiting[0]] += left - claim.tricks
        self._claim = None
        self.phase = "play"
        self._end_deal()

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
            return auction.turn_rule if _names_turn_rule(auction) else ""
        if contract.controller(to_act) != to_act or contract.controller(seat) != seat:
            return contract.control_rule
        return contract.turn_rule

    def _play(self, seat: int, index: int) -> None:
        self.hands[seat] ^= 1 << index  # the card is in the hand: checked by the caller
        self._legal = -1
        cards = self._trick_cards
        if not cards or self._beats[self._win] >> index & 1:
            self._win = index  # the same scan as trick_winner_index, one card at a time
            self._win_seat = seat
        cards.append(index)
        self.trick.append(_PLAYED_CARDS[seat][index])
        if len(cards) < self._n:
            self._to_act = self._next[seat]
            return
        winner = self._win_seat
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
        self.tricks_won[winner] += 1
        self._trick_cards = []
        self.trick = []
        self.leader = winner
        self._to_act = winner
        if not self.hands[winner]:  # every seat holds as many cards: the deal is played out
            self._end_deal()

    def _end_deal(self) -> None:
        """:meth:`_finish_deal` for the card just recorded, undone if a plugin fails in it."""
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
            scorer = rules.scorer
            tricks = tuple(self.tricks_won)
            if _scores_cards_taken(scorer):
                scores = scorer.score_taken(self.contract, tricks, self._taken())
            elif _scores_in_game(scorer):
                scores = scorer.score_in_game(self.contract, tricks, tuple(self.deals))
            else:
                scores = scorer.score(self.contract, tricks)
            for side, value in scores.items():
                self.totals[side] += value
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
                top = tuple(st.side for st in self.standings() if st.winner)
                ended = GameOver(ended.reason, ended.rule, top)
            self.over = ended
            return
        if self._halt:  # a playout: the deal scored is all it wanted
            self.phase = "scored"
            self._to_act = None
            return
        self._start_deal(rules.direction.next(self.dealer))

    def _exchanged(self, after: object) -> list[int]:
        """The hands an auction that moves cards hands back, checked: the same cards as
        before, as many in each hand.  Anything else is the auction plugin's bug,
        refused with a :class:`PluginError` naming it (the game's guards then put the
        game back as it was)."""
        before = self.hands
        problem = ""
        if (
            not isinstance(after, tuple)
            or len(after) != len(before)
            or not all(type(h) is int and 0 <= h < 1 << 52 for h in after)
        ):
            problem = f"{shown(after)} (expected a mask per seat)"
        else:
            all_before = all_after = 0
            for old, new in zip(before, after, strict=True):
                if old.bit_count() != new.bit_count():
                    problem = "a hand changed size"
                all_before |= old
                all_after |= new
            if not problem and all_before != all_after:
                problem = "the cards are not the ones dealt"
        if problem or not isinstance(after, tuple):
            error = PluginError(
                self.rules.plugin_of(type(self.auction).__module__),
                "cardrules_auction_create",
                "the auction (hands_after)",
                ValueError(f"invalid hands after the auction: {problem}"),
            )
            raise _caused(error)
        return [int(h) for h in after]

    def _taken(self) -> tuple[int, ...]:
        """The cards each seat took in the deal's tricks (a mask per seat)."""
        taken = [0] * self._n
        for trick in self.tricks:
            for _, card in trick.cards:
                taken[trick.winner] |= 1 << card.index
        return tuple(taken)

    # -- results -----------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Sides by total, best first, with competition ranking: equal totals share a place.

        Best is highest, or lowest where the end condition says the lowest total wins
        (penalty points, :class:`~cardrules.rules.components.RanksLowest`).
        """
        ended = self._ended
        winners = set(ended.winners) if ended is not None and ended.winners else set()
        lowest = lowest_wins(self.rules.end)
        # A side's merit: the higher the better (its total, or minus its penalty points);
        # copy_negate is exact in any decimal context (the caller's may trap rounding).
        merit = {
            side: total.copy_negate() if lowest else total for side, total in self.totals.items()
        }
        items = sorted(
            self.totals.items(), key=lambda kv: (kv[0] not in winners, merit[kv[0]].copy_negate())
        )
        out = []
        top = max(merit.values())
        for side, total in items:
            mine = merit[side]
            if winners:
                if side in winners:
                    place = 1
                else:
                    place = (
                        1
                        + len(winners)
                        + sum(1 for s, v in merit.items() if s not in winners and v > mine)
                    )
                winner = side in winners
            else:
                place = 1 + sum(1 for v in merit.values() if v > mine)
                winner = self.phase == "finished" and mine == top
            out.append(Standing(place, side, total, winner))
        return out

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
            "hands": [[str(c) for c in cards_of(h)] for h in self.hands],
            "dealt": [[str(c) for c in cards_of(h)] for h in self.initial_hands],
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
        return state

    def to_json(self, *, key: object = None) -> str:
        """The whole game as JSON: the rules' name and hash, seed, every action, the full state.

        With ``key`` (bytes or text, a secret of the server's), the record is
        signed: an HMAC-SHA256 of all its bytes comes first, and
        :meth:`from_json` with the same key refuses it if any byte changed.
        """
        preset = (
            None if self.preset is None else [[str(c) for c in cards_of(h)] for h in self.preset]
        )
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
        head = read_record(text, key=key, max_bytes=max_bytes)
        if rules is None:
            rules = _installed_rules(head.profile, head.deals, head.options, head.profile_hash)
        if not isinstance(rules, Ruleset):
            raise RecordError(
                f"invalid rules: {shown(rules)} (expected a Ruleset from cardrules.load)"
            )
        if rules.name != head.profile:
            raise RecordError(
                f"invalid record: 'profile' is {head.profile!r}, but the rules are {rules.name!r}"
            )
        if rules.deals != head.deals:
            raise RecordError(
                f"invalid record: 'deals' is {head.deals}, but the rules play {rules.deals}"
            )
        if head.profile_hash is not None and head.profile_hash != rules.profile_hash:
            raise RecordError(
                f"invalid record: 'profile_hash' does not match the rules of {rules.name!r} "
                "(the game was played under other rules of that name)"
            )
        if head.preset_hands is not None and allow_preset_hands is not True:
            raise RecordError(
                "invalid record: 'preset_hands': the first deal was dealt by hand, not from "
                "the seed; replay it with allow_preset_hands=True only if you trust its author"
            )
        stock: object = head.preset_stock
        if head.preset_hands is not None and stock is None:
            stock = _PACK_ORDER  # written before stock=: the cards not dealt in pack order
        try:
            game = cls(
                rules,
                seed=head.seed,
                dealer=head.first_dealer,
                hands=head.preset_hands,
                stock=stock,
            )
        except CardrulesError as exc:
            raise RecordError(f"invalid record: {exc}") from None
        for i, action in enumerate(head.actions):
            try:
                game.apply(action)
            except CardrulesError as exc:
                raise RecordError(f"invalid record: 'actions'[{i}]: {exc}") from None
        if head.state is not None:
            state = json.loads(json.dumps(game.state_dict()))
            if head.state != state:
                diff = [k for k, v in state.items() if v != head.state.get(k)]
                diff += sorted(k for k in head.state if k not in state)
                raise RecordError(
                    "invalid record: 'state' does not match the replay "
                    f"(differs in: {shown(', '.join(diff))[1:-1]})"
                )
        return game

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
        legal actions at random, from ``seed``).  Hands that contradict the
        view (a card seen elsewhere, a hand of the wrong size, a card that could
        not have been played) raise :class:`~cardrules.CardrulesError`.
        """
        if not isinstance(view, View):
            raise CardrulesError(f"invalid view: {shown(view)} (expected a View)")
        if rules is None:
            rules = view.ruleset if view.ruleset is not None else load(view.profile)
        masks, stock = _world_masks(view, hands, rules)
        if view.phase not in ("auction", "play", "claim"):
            raise CardrulesError(f"invalid view: a game cannot be made at phase {view.phase!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
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
                return game
            problem = game._replay_auction(view, masks, stock, hidden)
            if not problem and game.view(view.seat).auction != view.auction:
                problem = "the auction the view shows differs from the one replayed"
            if not problem:
                game.actions = []
                return game
        raise CardrulesError(
            f"invalid hands: the view's auction cannot be replayed with them ({problem})"
        )

    @classmethod
    def _with_deal(
        cls, rules: Ruleset, hands: Sequence[int], stock: tuple[int, ...], dealer: int
    ) -> Game | None:
        """A game whose first deal is ``hands`` (masks by seat) and ``stock`` (top card
        first), for a caller that deals by itself (the OpenSpiel adapter's chance nodes);
        None when the rules throw that deal in."""
        game = cls(rules, seed=0, dealer=dealer)
        game.deal_number = 0
        game.throw_ins = []
        game.preset = tuple(hands)
        game._preset_at = 1
        game._preset_stock = stock
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
        self._start_deal(view.dealer)
        if self.throw_ins:
            raise CardrulesError(
                "invalid hands: these hands would have been thrown in "
                f"({self.throw_ins[0].reason}), and the view's deal was not"
            )
        rng = random.Random(f"{self.seed}/hidden")
        for seat, text in view.auction_actions:
            if self.phase != "auction" or self._to_act != seat:
                return f"the auction replayed does not wait for seat {seat}"
            try:
                if text is None:
                    act = hidden(self) if hidden is not None else rng.choice(self.legal_actions())
                else:
                    act = self.parse(text)
                self.apply(act, seat=self.controller(seat))
            except IllegalAction as exc:
                return str(exc)
        return ""

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
                entries.append(_PLAYED_CARDS[seat][card.index])
                seat = self._next[seat]
            self.tricks.append(Trick(leader, tuple(entries), winner))
        dealt = 0
        for seat, card in view.trick:
            played_by[seat] |= 1 << card.index
        for seat in range(n):
            dealt |= masks[seat] | played_by[seat]
        self.initial_hands = tuple(masks[s] | played_by[s] for s in range(n))
        self.hands = list(masks)
        self.turned_up = view.turned_up
        self.auction = _AuctionShown(view, contract)
        self._calls = [
            (seat, _HIDDEN if text is None else _Shown(text)) for seat, text in view.auction_actions
        ]
        self._dealt = dealt
        self._enter_play(contract)
        self._trick_cards = []
        self.trick = []
        self._win = self._win_seat = -1
        for seat, card in view.trick:
            index = card.index
            if not self._trick_cards or self._beats[self._win] >> index & 1:
                self._win = index
                self._win_seat = seat
            self._trick_cards.append(index)
            self.trick.append(_PLAYED_CARDS[seat][index])
        self.tricks_won = list(view.tricks_won)
        if view.trick:
            self.leader = view.trick[0].seat
        elif view.tricks:
            self.leader = view.tricks[-1][2]
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

    # -- failures of plugins -------------------------------------------------

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``board.pop()``).

        The game becomes exactly what it was before that action (it is replayed
        from the seed up to there: the cost grows with the game's length). A
        deal scored and the next one dealt are taken back too. Raises
        :class:`~cardrules.CardrulesError` when no action has been taken.
        """
        if not self.actions:
            raise CardrulesError("nothing to undo: no action has been taken in this game")
        again = self._replayed(len(self.actions) - 1)
        last = parse_action(self.actions[-1], prefer=again._kinds())  # read as that game did
        self._take(again)
        return last

    def _replayed(self, done: int) -> Game:
        """A new game of the same rules, seed and hands, after this one's first ``done``
        actions."""
        hands = None if self.preset is None else [list(cards_of(m)) for m in self.preset]
        stock = self._preset_stock if hands is not None else None
        again = Game(
            self.rules,
            seed=self.seed,
            dealer=self.first_dealer,
            hands=hands,
            stock=None if stock is None else [CARDS[i] for i in stock],
        )
        for action in self.actions[:done]:
            again.apply(action)
        return again

    def _restore(self, done: int) -> None:
        """Put the game back as it was after its first ``done`` actions (by replay)."""
        try:
            again = self._replayed(done)
        except Exception:  # pragma: no cover - a plugin that fails on replay too
            return  # nothing better to offer: the caller gets the PluginError
        self._take(again)

    def _take(self, other: Game) -> None:
        """Become ``other``: every attribute, so that it works compiled too (no ``__dict__``)."""
        self.preset = other.preset
        self._preset_at = other._preset_at
        self._preset_stock = other._preset_stock
        self._calls = other._calls
        self._halt = other._halt
        self.first_dealer = other.first_dealer
        self.dealer = other.dealer
        self.deal_number = other.deal_number
        self.actions = other.actions
        self.deals = other.deals
        self.throw_ins = other.throw_ins
        self.totals = other.totals
        self.over = other.over
        self._ended = other._ended
        self.phase = other.phase
        self.initial_hands = other.initial_hands
        self.turned_up = other.turned_up
        self.hands = other.hands
        self.auction = other.auction
        self.contract = other.contract
        self.trick = other.trick
        self.tricks = other.tricks
        self.tricks_won = other.tricks_won
        self._trick_cards = other._trick_cards
        self._dealt = other._dealt
        self._win = other._win
        self._win_seat = other._win_seat
        self._legal = other._legal
        self.leader = other.leader
        self._to_act = other._to_act
        self._trump = other._trump
        self._beats = other._beats
        self._next = other._next
        self._tm = other._tm
        self._codes = other._codes
        self._fast = other._fast
        self._claim = other._claim

    def _plugin_error(self, exc: BaseException) -> PluginError:
        """A :class:`PluginError` naming the plugin and hook behind the object that raised."""
        rules = self.rules
        roles: list[tuple[object, str, str]] = [
            (rules.scorer, "cardrules_score_scorer", "the scorer"),
            (rules.end, "cardrules_game_end_condition", "the end condition"),
            (rules.auction, "cardrules_auction_create", "the auction"),
            (getattr(self, "auction", None), "cardrules_auction_create", "the auction"),
            *((duty, "cardrules_play_duties", f"the duty {duty.name!r}") for duty in rules.duties),
            *((t, "cardrules_deal_throw_ins", f"the throw-in {t.name!r}") for t in rules.throw_ins),
        ]
        # The innermost frame that runs a method of one of the rule objects.
        frames = []
        tb = exc.__traceback__
        while tb is not None:
            frames.append(tb.tb_frame)
            tb = tb.tb_next
        for frame in reversed(frames):
            owner = frame.f_locals.get("self")
            for obj, hook, what in roles:
                if obj is not None and owner is obj:
                    component = f"{what} ({frame.f_code.co_name})"
                    plugin = rules.plugin_of(type(obj).__module__)
                    return _caused(PluginError(plugin, hook, component, exc))
        module = frames[-1].f_globals.get("__name__", "?") if frames else "?"
        return _caused(PluginError(rules.plugin_of(str(module)), "?", "a rule object", exc))

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


def _caused(error: PluginError) -> PluginError:
    """``error`` with its cause set (the compiled build's ``raise ... from`` may not set it)."""
    error.__cause__ = error.error
    return error


#: A ruleset makes games of this class (its module cannot import this one).
Ruleset.game_type = Game

#: True in the compiled wheel, where this module is an extension module.
_COMPILED: Final = not __file__.endswith(".py")


#: The text of each play action, by card index (``"play AH"``), for the record.
_PLAY_TEXTS: Final[tuple[str, ...]] = tuple(str(p) for p in PLAYS)
#: PlayedCard(seat, card) by seat and card index: the trick entries, made once.
_PLAYED_CARDS: Final[tuple[tuple[PlayedCard, ...], ...]] = tuple(
    tuple(PlayedCard(seat, card) for card in CARDS) for seat in range(MAX_PLAYERS)
)

#: _BYTE_PLAYS[k][b]: the play actions of the cards whose bits are set in
#: byte ``b`` of a mask's byte ``k`` (cards 8k..8k+7), lowest index first.
_BYTE_PLAYS: Final[tuple[tuple[tuple[Play, ...], ...], ...]] = tuple(
    tuple(
        tuple(PLAYS[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < 52)
        for b in range(256)
    )
    for k in range(7)
)
_B0: Final = _BYTE_PLAYS[0]
_B1: Final = _BYTE_PLAYS[1]
_B2: Final = _BYTE_PLAYS[2]
_B3: Final = _BYTE_PLAYS[3]
_B4: Final = _BYTE_PLAYS[4]
_B5: Final = _BYTE_PLAYS[5]
_B6: Final = _BYTE_PLAYS[6]


def _plays_of(mask: int) -> list[Action]:
    """The play actions of a mask, lowest card index first (as ``cards_of``).

    Seven table lookups, one per byte of the 52-bit mask, written out: the
    same code is fast interpreted and compiled.
    """
    out: list[Action] = []
    if mask & 0xFF:
        out += _B0[mask & 0xFF]
    if mask & 0xFF00:
        out += _B1[mask >> 8 & 0xFF]
    if mask & 0xFF0000:
        out += _B2[mask >> 16 & 0xFF]
    if mask & 0xFF000000:
        out += _B3[mask >> 24 & 0xFF]
    if mask & 0xFF00000000:
        out += _B4[mask >> 32 & 0xFF]
    if mask & 0xFF0000000000:
        out += _B5[mask >> 40 & 0xFF]
    if mask >> 48:
        out += _B6[mask >> 48]
    return out


def _preset_masks(hands: object, players: int, size: int) -> tuple[int, ...]:
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise CardError(f"invalid hands: expected {players} hands of {size} cards")
    masks = []
    seen = 0
    for seat, hand in enumerate(hands):
        if not isinstance(hand, str | Iterable):
            raise CardError(f"invalid hands: seat {seat} must hold a list of cards (got {hand!r})")
        cards = parse_cards(hand)
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            twice = " ".join(str(c) for c in sorted(set(cards)) if cards.count(c) > 1)
            raise CardError(f"invalid hands: {twice} given twice (seat {seat})")
        if len(cards) != size or mask.bit_count() != size:
            raise CardError(
                f"invalid hands: seat {seat} must hold {size} different cards (got {len(cards)})"
            )
        if mask & seen:
            dup = " ".join(str(c) for c in cards_of(mask & seen))
            raise CardError(f"invalid hands: {dup} dealt twice (seat {seat})")
        seen |= mask
        masks.append(mask)
    return tuple(masks)


#: ``stock=`` of a record written before ``stock=`` and ``turn_up=``: its deal by hand left
#: the cards not dealt in pack order (the lowest card turned up), and replays so.
_PACK_ORDER: Final = object()


def _card_place(index: int, hands: Sequence[int]) -> str:
    """Where a card that is not in the stock is: the seat whose hand holds it."""
    seat = next(s for s, mask in enumerate(hands) if mask >> index & 1)
    return f"{CARDS[index]} is in the hand of {seat_words(seat)}"


def _preset_stock(
    hands: tuple[int, ...], stock: object, turn_up: object, seed: int, rules: Ruleset
) -> tuple[int, ...]:
    """The stock (card indices, top first) of a first deal dealt by hand.

    ``stock``: every card not dealt, in order, top first; ``turn_up``: the card on top
    (the rest in the order the seed shuffles them); neither: the cards not dealt in the
    order the seed's shuffle puts them, so the card turned up varies with the seed.
    Anything else than the cards not dealt is a :class:`~cardrules.CardError` that names
    the card and where it is.
    """
    dealt = 0
    for mask in hands:
        dealt |= mask
    if stock is _PACK_ORDER:
        return tuple(i for i in range(52) if not dealt >> i & 1)
    rest = [i for i in _deck_indices(seed, 1, 0) if not dealt >> i & 1]
    if stock is not None:
        if isinstance(stock, Card) or not isinstance(stock, str | Iterable):
            raise CardError(
                f"invalid stock: {shown(stock)} (expected the cards not dealt, top first, "
                "as text such as '7H 2C' or a list)"
            )
        try:
            cards = parse_cards(stock)
        except CardError as exc:
            raise CardError(f"invalid stock: {str(exc).removeprefix('invalid card: ')}") from None
        seen = 0
        for card in cards:
            bit = 1 << card.index
            if dealt & bit:
                raise CardError(f"invalid stock: {_card_place(card.index, hands)}")
            if seen & bit:
                raise CardError(f"invalid stock: {card} given twice")
            seen |= bit
        if len(cards) != len(rest):
            missing = " ".join(str(CARDS[i]) for i in sorted(rest) if not seen >> i & 1)
            given = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
            raise CardError(
                f"invalid stock: {given}, but {len(rest)} are not dealt (missing: {missing})"
            )
        rest = [card.index for card in cards]
    if turn_up is not None:
        if not isinstance(turn_up, Card | str):
            raise CardError(f"invalid turn_up: {shown(turn_up)} (expected one card, such as 'QC')")
        try:
            card = turn_up if isinstance(turn_up, Card) else Card.parse(turn_up)
        except CardError as exc:
            raise CardError(f"invalid turn_up: {str(exc).removeprefix('invalid card: ')}") from None
        if rules.profile.trump != "turn_up":
            raise CardrulesError(
                f"invalid turn_up: {card}: the rules of {rules.name!r} turn no card up "
                "for trumps (give stock= for the order of the cards not dealt)"
            )
        if not rest:
            raise CardrulesError(
                f"invalid turn_up: {card}: the hands hold every card, none is left to turn up"
            )
        if dealt >> card.index & 1:
            raise CardError(f"invalid turn_up: {_card_place(card.index, hands)}")
        if stock is not None and rest[0] != card.index:
            raise CardError(
                f"invalid turn_up: {card} is not the top of the stock given ({CARDS[rest[0]]})"
            )
        rest.remove(card.index)
        rest.insert(0, card.index)
    return tuple(rest)


class _Hidden(Action):
    """An auction action a view did not show (its text is not known)."""

    __slots__ = ()
    private: ClassVar[bool] = True

    def __str__(self) -> str:
        return "(not shown)"

    def __repr__(self) -> str:
        return "<an action not shown>"


_HIDDEN: Final = _Hidden()


class _Shown(Action):
    """An auction action as a view showed it: its text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<action {self.text!r} as a view showed it>"


class _AuctionShown:
    """The auction of a game made from a view once the play has begun
    (:meth:`Game.from_view`): what the view showed of it."""

    __slots__ = ("_contract", "_exposed", "_known", "_public", "_viewer")

    def __init__(self, view: View, contract: Contract) -> None:
        self._public = dict(view.auction)
        self._exposed = frozenset(s for s in view.hands if s != view.seat)
        self._contract = contract
        self._viewer = view.seat
        self._known = {s: mask_of(cards) for s, cards in view.known.items()}

    def known_to(self, seat: int) -> dict[int, int]:
        return dict(self._known) if seat == self._viewer else {}

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("", "the auction is over", action=str(action), seat=seat)

    def result(self) -> Contract | None:
        return self._contract

    def public(self) -> dict[str, Any]:
        return dict(self._public)

    def exposed(self) -> frozenset[int]:
        return self._exposed

    def __repr__(self) -> str:
        return f"<auction as a view showed it: {self._contract!r}>"


def _world_masks(view: View, hands: object, rules: Ruleset) -> tuple[list[int], tuple[int, ...]]:
    """The hands (masks by seat) and the stock (turned-up card first) of a world made of
    ``view`` and the hidden ``hands``; :class:`CardError` when they contradict it."""
    n = rules.players
    hidden = [s for s in range(n) if s not in view.hands]
    if isinstance(hands, Mapping):
        given = dict(hands)
    elif isinstance(hands, Sequence) and not isinstance(hands, str) and len(hands) == len(hidden):
        given = dict(zip(hidden, hands, strict=True))
    else:
        raise CardError(
            f"invalid hands: {shown(hands)} (expected the cards of seats "
            f"{', '.join(map(str, hidden)) or '(none)'}, by seat)"
        )
    seen = 0
    masks = [0] * n
    for seat, cards in view.hands.items():
        masks[seat] = mask_of(cards)
        seen |= masks[seat]
    for _, cards, _ in view.tricks:
        seen |= mask_of(cards)
    for _, card in view.trick:
        seen |= 1 << card.index
    if view.turned_up is not None:
        seen |= 1 << view.turned_up.index
    for seat in hidden:
        if seat not in given:
            raise CardError(f"invalid hands: no cards for seat {seat}, which the view hides")
        held: object = given.pop(seat)
        if type(held) is int and 0 <= held < 1 << 52:  # a mask
            mask = held
            count = mask.bit_count()
        elif isinstance(held, str | Iterable):
            parsed = parse_cards(held)
            mask = mask_of(parsed)
            count = len(parsed)
        else:
            raise CardError(f"invalid hands: seat {seat} must hold a list of cards")
        if count != view.hand_sizes[seat] or mask.bit_count() != count:
            raise CardError(
                f"invalid hands: seat {seat} holds {view.hand_sizes[seat]} different cards "
                f"(got {count})"
            )
        if mask & seen:
            twice = " ".join(str(c) for c in cards_of(mask & seen))
            raise CardError(f"invalid hands: {twice} (seat {seat}) seen elsewhere already")
        seen |= mask
        masks[seat] = mask
    if given:
        extra = ", ".join(map(str, sorted(given, key=str)))
        raise CardError(f"invalid hands: seat {extra} is not hidden by the view")
    stock = [i for i in range(52) if not seen >> i & 1]
    if view.turned_up is not None:
        stock.insert(0, view.turned_up.index)
    return masks, tuple(stock)
