"""A seat's view as a fixed-size vector, and actions as fixed indices: what the research
adapters (PettingZoo, Gymnasium, OpenSpiel) give learning agents.

Everything here is computed from a :class:`~cardrules.View` alone, so an
observation can hold no card its seat may not see.  Seats are *relative*: slot
0 is the observing seat, slot 1 the next seat in seat order, and so on round
the table of ``n`` seats.  Cards are the profile's deck's (``rules.deck``), by
their index in it: ``C`` of them, 0..C-1 (the French pack's 52: clubs 2 ..
spades ace; a Euchre deck's 24: clubs 9 .. spades ace).

The observation, in order (:meth:`Encoding.segments` names each part and its
length):

``hand`` (C)
    the observing seat's cards.
``shown`` ((n-1) x C)
    for each other seat, the cards of its hand this seat may see (dummy's once
    shown) or knows it holds (the cards it passed in Hearts).
``played`` (n x C)
    for each seat, the cards it played to the deal's completed tricks.
``trick`` (n x C)
    for each seat, the card it has played to the trick in progress.
``auction`` (n x A)
    for each seat, which of the profile's A auction actions it took this deal
    (the calls, the contract, a card passed: only those this seat may see).
``trump`` (S + 1)
    the trump suit among the deck's S suits (in the French pack: clubs,
    diamonds, hearts, spades) or none (or not yet known).
``tricks`` (n)
    tricks each seat has won this deal, divided by the length of the deck's
    longest suit (13 in the French pack; at most the largest hand the profile
    deals over that: 17/13 at a table of three).
``totals`` (n)
    the total of each seat's side, divided by 100 and clipped to -100..100
    (:data:`TOTALS_CLIP`: a total beyond ±10,000 points reads as ±10,000, so that
    the space is bounded; no shipped game's totals come near it but a long
    bridge session's).
``to_act``, ``dealer`` (n each)
    one-hot: the seat to act, the dealer.
``phase`` (3)
    one-hot: auction, play, claim.

Every other part is 0 or 1. :meth:`Encoding.bounds` gives each value's range,
which the observation space (:meth:`Encoding.spaces`) declares.

The environments read each observation and mask from the game itself through a
:class:`GameObserver` (:meth:`Encoding.observer`): the same arrays as the encoding of the
seat's view, without building the view at every step.

The actions: index ``i`` < C plays card ``i`` of the deck; ``C + j`` is the ``j``-th
of the auction's actions (:meth:`~cardrules.rules.components.Auction.every_action`);
then ``reveal trump`` where the auction may conceal its trump
(:meth:`~cardrules.rules.components.Auction.conceals_trump`; a concealed trump is none in
the ``trump`` part of the views that may not see it), then the actions its contracts may
offer in the play besides the cards
(:meth:`~cardrules.rules.components.Auction.every_play_call`: Doppelkopf's announcements,
which the observation does not show), and, where the profile allows claims,
``accept claim`` and ``refuse claim``.
(A claim itself is not offered: agents play every card.)

>>> import cardrules
>>> enc = Encoding(cardrules.load("callbreak-strict"))
>>> enc.actions, enc.size
(64, 696)
>>> game = cardrules.load("callbreak-strict").new_game(seed=1)
>>> vector = enc.observe(game.view(0))
>>> int(vector[:52].sum()), len(vector)
(13, 696)
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Final

from cardrules.errors import CardrulesError
from cardrules.rules.actions import REVEAL_TRUMP, Action, ClaimAnswer, Play, plays_of

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.ruleset import Ruleset
    from cardrules.engine.views import View

__all__ = ["TOTALS_CLIP", "TOTALS_SCALE", "Encoding", "GameObserver"]

_PHASES = ("auction", "play", "claim")

#: The ``totals`` part is a side's total divided by this...
TOTALS_SCALE: Final = 100
#: ...and clipped to ``-TOTALS_CLIP..TOTALS_CLIP``.
TOTALS_CLIP: Final = 100.0


class Encoding:
    """The observation vector and action indices of one ruleset (see the module)."""

    def __init__(self, rules: Ruleset) -> None:
        factory = rules.auction
        self.rules = rules
        self.players = n = rules.players
        #: The deck whose cards the card actions and the card parts are, by index.
        self.deck = deck = rules.deck
        cards = deck.size
        self._plays = plays_of(deck)
        auction = tuple(factory.every_action())
        claims: tuple[Action, ...] = ()
        if rules.profile.claims:
            claims = (ClaimAnswer(True), ClaimAnswer(False))
        #: The non-card actions, in index order from the deck's size.
        reveal: tuple[Action, ...] = ()
        if factory.conceals_trump():
            reveal = (REVEAL_TRUMP,)
        calls = tuple(factory.every_play_call())  # (actions in the play besides the cards)
        self.extra: tuple[Action, ...] = auction + reveal + calls + claims
        self._auction = len(auction)
        self._index = {str(a): cards + i for i, a in enumerate(self.extra)}
        self.actions = cards + len(self.extra)
        #: The ``trump`` part's place of each of the deck's suits, by name (none: the last).
        self._trumps = {suit.name: i for i, suit in enumerate(deck.suits)}
        self._segments = (
            ("hand", cards),
            ("shown", (n - 1) * cards),
            ("played", n * cards),
            ("trick", n * cards),
            ("auction", n * self._auction),
            ("trump", len(deck.suits) + 1),
            ("tricks", n),
            ("totals", n),
            ("to_act", n),
            ("dealer", n),
            ("phase", 3),
        )
        self.size = sum(length for _, length in self._segments)
        self._starts = {name: start for name, start, _ in self.segments()}
        profile = rules.profile
        #: The most tricks a seat can win in one deal: the largest hand dealt.
        self.most_tricks = (
            max(profile.hand_sizes)
            if profile.hand_sizes
            else profile.hand_size_range[1]
            if profile.hand_size_range
            else cards // n
        )
        #: The ``tricks`` part is the tricks won divided by this: the longest suit's length.
        self.tricks_scale = max((m.bit_count() for m in deck.suit_masks.values()), default=cards)
        #: Whether the play offers actions besides the cards (a trump to reveal, calls).
        self.play_extras = bool(reveal or calls)
        self._layout_made: _Layout | None = None

    def _layout(self) -> _Layout:
        """Where each part lies, for :class:`GameObserver` (made once)."""
        if self._layout_made is None:
            self._layout_made = _Layout(self)
        return self._layout_made

    def observer(self, game: Game) -> GameObserver:
        """A :class:`GameObserver` of ``game``: the same observations and masks as
        :meth:`observe` and :meth:`mask` give of its views, read from the game directly."""
        return GameObserver(self, game)

    def segments(self) -> list[tuple[str, int, int]]:
        """Each part of the observation: (name, start, length)."""
        out = []
        at = 0
        for name, length in self._segments:
            out.append((name, at, length))
            at += length
        return out

    # -- actions --------------------------------------------------------------

    def index(self, action: Action) -> int:
        """The index of an action."""
        if type(action) is Play:
            card = action.card
            if card.deck is self.deck:
                return card.index
            raise CardrulesError(
                f"action {str(action)!r} is not in the action space: "
                f"{card} is no card of the {self.deck.name} deck"
            )
        index = self._index.get(str(action))
        if index is None:
            raise CardrulesError(f"action {str(action)!r} is not in the action space")
        return index

    def action(self, index: object) -> Action:
        """The action of an index; :class:`~cardrules.CardrulesError` if there is none."""
        if isinstance(index, bool) or not isinstance(index, int):
            try:
                index = operator.index(index)  # type: ignore[arg-type]  # numpy ints; no float
            except TypeError:
                raise CardrulesError(f"invalid action index: {index!r}") from None
        cards = self.deck.size
        if 0 <= index < cards:
            return self._plays[index]
        if cards <= index < self.actions:
            return self.extra[index - cards]
        raise CardrulesError(f"invalid action index: {index} (expected 0..{self.actions - 1})")

    def mask(self, view: View) -> Any:
        """The legal actions of ``view`` as a 0/1 ``int8`` vector (all 0 when the seat
        does not decide)."""
        import numpy as np

        out = np.zeros(self.actions, dtype=np.int8)
        out[[self.index(action) for action in view.legal_actions]] = 1
        return out

    def bounds(self) -> tuple[Any, Any]:
        """The lowest and highest value of each place of the observation, as two
        ``float32`` vectors of :attr:`size`: 0 and 1 but for ``tricks`` (up to the
        largest hand over :attr:`tricks_scale`) and ``totals`` (``±TOTALS_CLIP``)."""
        import numpy as np

        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        for name, start, length in self.segments():
            if name == "tricks":
                high[start : start + length] = self.most_tricks / self.tricks_scale
            elif name == "totals":
                low[start : start + length] = -TOTALS_CLIP
                high[start : start + length] = TOTALS_CLIP
        return low, high

    def spaces(self) -> tuple[Any, Any]:
        """Gymnasium's observation space (a dict: the vector under ``"observation"``, a
        :class:`~gymnasium.spaces.Box` bounded by :meth:`bounds`, and the mask under
        ``"action_mask"``) and action space of this encoding."""
        import numpy as np
        from gymnasium import spaces

        low, high = self.bounds()
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions,), dtype=np.int8),
            }
        )
        return observation, spaces.Discrete(self.actions)

    # -- observations ---------------------------------------------------------

    def observe(self, view: View) -> Any:
        """The observation of ``view`` as a ``float32`` vector of :attr:`size`."""
        import numpy as np

        n = self.players
        width = self.deck.size  # a card part's length
        me = view.seat
        out = np.zeros(self.size, dtype=np.float32)
        starts = self._starts
        ones: list[int] = [card.index for card in view.hand]  # the positions set to 1

        def rel(seat: int) -> int:
            return (seat - me) % n

        shown = starts["shown"]
        for seat, cards in view.hands.items():
            if seat != me:
                base = shown + (rel(seat) - 1) * width
                ones += [base + card.index for card in cards]
        for seat, cards in view.known.items():
            if seat != me:
                base = shown + (rel(seat) - 1) * width
                ones += [base + card.index for card in cards]
        played = starts["played"]
        step = self.rules.direction.step
        contract = view.deal_contract
        out_seats = contract.sitting_out if contract is not None else frozenset()
        for leader, cards, _ in view.tricks:
            seat = leader
            for card in cards:
                ones.append(played + rel(seat) * width + card.index)
                seat = (seat + step) % n
                while seat in out_seats:  # a seat sitting the deal out plays no card
                    seat = (seat + step) % n
        trick = starts["trick"]
        ones += [trick + rel(seat) * width + card.index for seat, card in view.trick]
        auction = starts["auction"]
        for seat, text in view.auction_actions:
            if text is None:
                continue
            index = self._index.get(text)
            if index is not None and index - width < self._auction:
                ones.append(auction + rel(seat) * self._auction + index - width)
        trumps = self._trumps
        ones.append(starts["trump"] + trumps.get(view.trump or "", len(trumps)))
        if view.to_act is not None:
            ones.append(starts["to_act"] + rel(view.to_act))
        ones.append(starts["dealer"] + rel(view.dealer))
        if view.phase in _PHASES:
            ones.append(starts["phase"] + _PHASES.index(view.phase))
        out[ones] = 1
        for seat, won in enumerate(view.tricks_won):
            out[starts["tricks"] + rel(seat)] = won / self.tricks_scale
        rules = self.rules
        for seat in range(n):
            total = view.totals.get(rules.side_of(seat))
            if total is not None:
                scaled = float(total) / TOTALS_SCALE
                out[starts["totals"] + rel(seat)] = min(max(scaled, -TOTALS_CLIP), TOTALS_CLIP)
        return out

    def __repr__(self) -> str:
        return f"<Encoding of {self.rules.name!r}: {self.size} values, {self.actions} actions>"


class GameObserver:
    """The observations and action masks of one game's seats, read from the game's state
    directly (its hands, tricks and auction as masks and lists) rather than from a
    :class:`~cardrules.View` built and encoded per step: what the environments call on
    every step.

    ``observe(seat)`` is ``encoding.observe(game.view(seat))`` and ``mask(seat)`` is
    ``encoding.mask(game.view(seat))``, array for array (tested on every shipped profile,
    at every step, for every seat): it reads only what the view holds, by the same rules
    (the hands the seat may see, the cards it knows another holds, the auction's actions
    it may see, the trump unless it is concealed from the seat).  What changes only when
    a trick is completed or an auction action taken (the cards each seat played to the
    completed tricks, the auction's actions by seat) is kept and extended as the game goes
    on, and worked out again from the start where the game went back (undo, a new deal).
    """

    __slots__ = (
        "_auction_seen",
        "_changes",
        "_kept",
        "_last_call",
        "_last_trick",
        "_layout",
        "_masks",
        "_played",
        "_private",
        "_public",
        "_totals",
        "_tricks_seen",
        "encoding",
        "game",
    )

    def __init__(self, encoding: Encoding, game: Game) -> None:
        self.encoding = encoding
        self.game = game
        n = encoding.players
        # The cards each seat played to the deal's first _tricks_seen completed tricks (a
        # mask by seat); _last_trick: the last of them (by identity).
        self._tricks_seen = 0
        self._last_trick: object = None
        self._played = [0] * n
        # The bits of the auction part of the deal's first _auction_seen auction actions,
        # by seat: those every seat sees, and the private ones only the seat itself sees.
        self._auction_seen = 0
        self._last_call: object = None
        self._public = [0] * n
        self._private = [0] * n
        # How many times those have changed, and each seat's bits of them as of a count.
        self._changes = 0
        self._kept: list[tuple[int, int] | None] = [None] * n
        # The totals part by seat, as of the deals scored and the totals (by identity).
        self._totals: tuple[tuple[object, ...], list[float]] | None = None
        self._masks: dict[tuple[int, ...], tuple[tuple[Action, ...], Any]] = {}
        self._layout = encoding._layout()

    def _played_by_seat(self) -> list[int]:
        """The cards each seat played to the deal's completed tricks (masks by seat), as
        the view's ``tricks`` tell them to the encoding (seats in turn from the leader)."""
        tricks = self.game.tricks
        seen = self._tricks_seen
        if len(tricks) < seen or (seen and tricks[seen - 1] is not self._last_trick):
            seen = self._tricks_seen = 0  # (another deal, or an undo)
            self._last_trick = None
            self._played = [0] * self.encoding.players
            self._changes += 1
        if len(tricks) > seen:
            enc = self.encoding
            n = enc.players
            step = enc.rules.direction.step
            contract = self.game.contract
            out_seats = contract.sitting_out if contract is not None else frozenset()
            played = self._played
            for leader, cards, _ in tricks[seen:]:
                seat = leader
                for _, card in cards:
                    played[seat] |= 1 << card.index
                    seat = (seat + step) % n
                    while seat in out_seats:  # a seat sitting the deal out plays no card
                        seat = (seat + step) % n
            self._tricks_seen = len(tricks)
            self._last_trick = tricks[-1]
            self._changes += 1
        return self._played

    def _auction_by_seat(self) -> tuple[list[int], list[int]]:
        """The auction part's bits of each seat's actions this deal: (those every seat
        sees, the private ones that only the seat itself sees)."""
        calls = self.game.auction_actions
        seen = self._auction_seen
        if len(calls) < seen or (seen and calls[seen - 1] is not self._last_call):
            seen = self._auction_seen = 0  # (another deal, or an undo)
            self._last_call = None
            n = self.encoding.players
            self._public = [0] * n
            self._private = [0] * n
            self._changes += 1
        if len(calls) > seen:
            enc = self.encoding
            width = enc.deck.size
            index_of = enc._index
            count = enc._auction
            public, private = self._public, self._private
            for seat, action in calls[seen:]:
                index = index_of.get(str(action))
                if index is not None and index - width < count:
                    if action.private:
                        private[seat] |= 1 << (index - width)
                    else:
                        public[seat] |= 1 << (index - width)
            self._auction_seen = len(calls)
            self._last_call = calls[-1]
            self._changes += 1
        return self._public, self._private

    def _public_bits(self, seat: int) -> int:
        """The bits of ``seat``'s observation that the deal's completed tricks and auction
        actions set: the cards each seat played to those tricks, and the auction's actions
        ``seat`` may see (kept for each seat until a trick or an action is added)."""
        played = self._played_by_seat()
        public, private = self._auction_by_seat()
        changes = self._changes
        kept = self._kept[seat]
        if kept is not None and kept[0] == changes:
            return kept[1]
        lay = self._layout
        bits = 0
        for mask, at in zip(played, lay.played_at[seat], strict=True):
            if mask:
                bits |= mask << at
        for other, (mask, at) in enumerate(zip(public, lay.auction_at[seat], strict=True)):
            if other == seat:
                mask |= private[seat]
            if mask:
                bits |= mask << at
        self._kept[seat] = (changes, bits)
        return bits

    def _scaled_totals(self) -> list[float]:
        """Each seat's side's total as the ``totals`` part holds it, by seat (worked out
        again when a deal is scored or taken back)."""
        game = self.game
        deals = game.deals
        key = (len(deals), deals[-1] if deals else None, game.totals)
        kept = self._totals
        if kept is not None and all(map(operator.is_, kept[0], key)):
            return kept[1]
        totals = game.totals
        values = []
        for side in self._layout.sides:
            total = totals.get(side)
            if total is None:
                values.append(0.0)
            else:
                scaled = float(total) / TOTALS_SCALE
                values.append(min(max(scaled, -TOTALS_CLIP), TOTALS_CLIP))
        self._totals = (key, values)
        return values

    def observe(self, seat: int) -> Any:
        """``seat``'s observation: ``encoding.observe(game.view(seat))``."""
        game = self.game
        lay = self._layout
        rel = lay.rel[seat]  # each seat's slot as seen from ``seat``
        hands = game.hands
        phase = game.phase
        contract = game.contract
        auction = game.auction
        # The hands this seat sees (as make_view decides), and the cards it knows.
        if phase == "finished":
            visible: set[int] | frozenset[int] = {seat}
        else:
            visible = {seat, *auction.exposed()}
            if phase == "auction":
                visible -= auction.unseen()
            if contract is not None:
                played = len(game.tricks) * lay.players + len(game.trick)
                visible.update(contract.exposed(played))
        bits = self._public_bits(seat)
        if seat in visible:
            bits |= hands[seat]
        shown = lay.shown[seat]
        for other in visible:
            if other != seat:
                bits |= hands[other] << shown[other]
        if contract is not None:
            for other, mask in auction.known_to(seat).items():
                if other != seat:
                    bits |= (mask & hands[other]) << shown[other]
        # The cards on the trick in progress.
        trick_at = lay.trick_at[seat]
        for other, card in game.trick:
            bits |= 1 << (trick_at[other] + card.index)
        # The trump as this seat knows it.
        if contract is not None:
            if lay.concealed(game, seat):  # (as the view decides it)
                contract = contract.trump_hidden()
            trump = contract.trump
        else:
            trump = lay.trump_fixed
        bits |= 1 << (lay.trump + lay.trumps.get(trump.name if trump is not None else "", lay.none))
        to_act = game.to_act
        if to_act is not None:
            bits |= 1 << (lay.to_act + rel[to_act])
        bits |= 1 << (lay.dealer + rel[game.dealer])
        place = lay.phases.get(phase)
        if place is not None:
            bits |= 1 << place
        np = lay.np
        out = np.unpackbits(
            np.frombuffer(bits.to_bytes(lay.nbytes, "little"), dtype=np.uint8),
            count=lay.size,
            bitorder="little",
        ).astype(np.float32)
        # The tricks won and the totals, seat by seat from ``seat`` round the table.
        scale = lay.tricks_scale
        won = game.tricks_won
        totals = self._scaled_totals()
        order = lay.order[seat]
        values = [won[other] / scale for other in order]
        values += [totals[other] for other in order]
        out[lay.tricks : lay.tricks + 2 * lay.players] = values
        return out

    def mask(self, seat: int) -> Any:
        """``seat``'s legal actions: ``encoding.mask(game.view(seat))``."""
        game = self.game
        enc = self.encoding
        np = self._layout.np
        to_act = game.to_act
        if to_act is None or game.controller(to_act) != seat:
            return np.zeros(enc.actions, dtype=np.int8)
        if game.phase == "play" and not enc.play_extras:  # only cards: the game's mask
            return np.unpackbits(
                np.frombuffer(
                    game.legal_mask().to_bytes(self._layout.action_bytes, "little"),
                    dtype=np.uint8,
                ),
                count=enc.actions,
                bitorder="little",
            ).view(np.int8)
        legal = game.legal_actions()
        # The mask of the same legal actions again (the auctions hand out the same action
        # objects): kept by their ids, the entry holding the actions so that no id is
        # another object's while it is kept.
        key = tuple(map(id, legal))
        kept = self._masks.get(key)
        if kept is not None:
            return kept[1].copy()
        out = np.zeros(enc.actions, dtype=np.int8)
        out[[enc.index(action) for action in legal]] = 1
        if len(self._masks) >= _KEPT_MASKS:
            self._masks.clear()
        self._masks[key] = (tuple(legal), out.copy())
        return out


#: The most masks an observer keeps by their actions.
_KEPT_MASKS = 1024


class _Layout:
    """Where each part of an encoding's observation lies, and each seat's slot as every
    seat sees it: what :class:`GameObserver` reads, made once per encoding."""

    __slots__ = (
        "action_bytes",
        "auction_at",
        "concealed",
        "dealer",
        "nbytes",
        "none",
        "np",
        "order",
        "phases",
        "played_at",
        "players",
        "rel",
        "shown",
        "sides",
        "size",
        "to_act",
        "trick_at",
        "tricks",
        "tricks_scale",
        "trump",
        "trump_fixed",
        "trumps",
    )

    def __init__(self, enc: Encoding) -> None:
        import numpy as np

        from cardrules.engine.views import _concealed

        self.np = np
        #: Whether the deal's trump is concealed from a seat now (the views' test).
        self.concealed = _concealed
        self.players = n = enc.players
        starts = enc._starts
        width = enc.deck.size
        count = enc._auction
        self.size = enc.size
        self.nbytes = (enc.size + 7) // 8
        self.action_bytes = (enc.actions + 7) // 8
        seats = range(n)
        #: rel[me][seat]: the slot of ``seat`` as ``me`` sees it (0: ``me``).
        self.rel = rel = [[(seat - me) % n for seat in seats] for me in seats]
        #: order[me]: the seats in slot order as ``me`` sees them.
        self.order = [[(me + slot) % n for slot in seats] for me in seats]
        #: Where ``seat``'s part starts in ``me``'s observation: [me][seat], for the parts
        #: by seat (``shown`` has no slot for ``me``).
        self.shown = [
            [starts["shown"] + (rel[me][seat] - 1) * width for seat in seats] for me in seats
        ]
        self.played_at = [
            [starts["played"] + rel[me][seat] * width for seat in seats] for me in seats
        ]
        self.trick_at = [
            [starts["trick"] + rel[me][seat] * width for seat in seats] for me in seats
        ]
        self.auction_at = [
            [starts["auction"] + rel[me][seat] * count for seat in seats] for me in seats
        ]
        self.trump = starts["trump"]
        self.trumps = enc._trumps
        self.none = len(enc._trumps)
        #: The trump before a contract names one (the rules' fixed trump, if any).
        self.trump_fixed = enc.rules.trump
        self.to_act = starts["to_act"]
        self.dealer = starts["dealer"]
        self.phases = {phase: starts["phase"] + i for i, phase in enumerate(_PHASES)}
        #: Where the ``tricks`` part starts (the ``totals`` part follows it).
        self.tricks = starts["tricks"]
        assert starts["totals"] == self.tricks + n
        self.tricks_scale = enc.tricks_scale
        self.sides = [enc.rules.side_of(seat) for seat in seats]
