"""A loaded rule set: a profile plus its plugins, resolved once into rule objects.

>>> import cardrules
>>> rules = cardrules.load("callbreak-strict")
>>> [str(c) for c in rules.legal_cards("AH 3H 2S KD", ["7H"])]
['AH']
>>> rules.trick_winner(["AH", "6H", "4S", "2S"])
2
>>> print(rules.explain("AH 3H 2S KD", ["7H"], "3H"))
CBS-3.4: holding A♥, which beats 7♥: must win the trick
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from functools import cached_property
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardrules.cards import Card, Suit, mask_of
from cardrules.deck import DECKS, Deck, Order, Ranking
from cardrules.engine.records import profile_hash
from cardrules.errors import CardError, CardrulesError, ProfileError, did_you_mean, shown
from cardrules.profile.registry import find_profile, is_earlier_version, resolve_data
from cardrules.profile.validated import load_profile
from cardrules.rules.catalog import Components, OptionSpec, option_text
from cardrules.rules.components import (
    PAIRS,
    SCORE_CONTEXT,
    Auction,
    Contract,
    EndCondition,
    ScoreHelpers,
    Scorer,
    Side,
    pair_of,
    seat_words,
)
from cardrules.rules.duties import (
    FastNarrow,
    TrickState,
    compile_narrow,
    duty_steps,
    narrow,
    step_codes,
    steps_need_played,
    steps_of,
)
from cardrules.rules.plugins import (
    Resolved,
    make_plugin_manager,
    raw_name_problems,
    resolve,
    setup_components,
    with_option_defaults,
)
from cardrules.rules.profile import OptionValue, Profile

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.views import View
    from cardrules.rules.actions import Action

__all__ = ["Explanation", "Ruleset", "load"]


class _Default:
    def __repr__(self) -> str:
        return "<profile trump>"


#: Marker for "the profile's fixed trump".
PROFILE_TRUMP = _Default()
TrumpArg = Suit | str | None | _Default
#: The class of a family's scoring helpers, for :meth:`Ruleset.scoring_as`.
H = TypeVar("H", bound=ScoreHelpers)


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a card may or may not be played: ``str()`` is ``"RULE: sentence"``."""

    card: Card
    legal: bool
    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason

    def __bool__(self) -> bool:
        return self.legal


def _hand_mask(hand: int | str | Iterable[Card | str], deck: Deck) -> int:
    if isinstance(hand, int):
        if isinstance(hand, bool) or not 0 <= hand <= deck.all_mask:
            raise CardError(f"invalid hand: mask {hand!r} (expected 0 <= mask < 2**{deck.size})")
        return hand
    cards = deck.spread_copies(deck.parse_cards(hand))  # ("QC QC": both copies)
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        raise CardError(f"invalid hand: a card appears twice in {' '.join(map(str, cards))}")
    return mask


def _check_distinct(cards: Sequence[Card], what: str) -> None:
    if len(set(cards)) != len(cards):
        twice = " ".join(str(c) for c in sorted(set(cards)) if cards.count(c) > 1)
        raise CardError(f"invalid {what}: {twice} appears twice")


class Ruleset:
    """The rules of one profile, ready to play: apps get one from :func:`load`."""

    #: The class of the games :meth:`new_game` makes: :class:`~cardrules.Game`, set
    #: where it is defined (the game module imports this one, not the other way).
    game_type: ClassVar[type[Game]]

    def __init__(
        self,
        profile: Profile,
        resolved: Resolved,
        deals: int,
        plugins: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.profile = profile
        #: (name, module) of each registered plugin, to name one in a PluginError.
        self.plugins = tuple(plugins)
        self.name = profile.name
        self.title = profile.title
        self.deals = deals
        #: The number of seats at the table.
        self.players = profile.players
        self.direction = resolved.direction
        self.throw_ins = resolved.throw_ins
        self.bounds = resolved.bounds
        self.auction = resolved.auction
        self.duties = resolved.duties
        self.scorer = resolved.scorer
        self.end = resolved.end
        self.components = resolved.components
        #: The families whose games these are (:class:`~cardrules.rules.family.Family`).
        self.families = resolved.families
        #: The words this ruleset's actions are read in: the kernel's and its families'.
        self.vocabulary = resolved.vocabulary
        #: The cards each seat receives at each stage of a deal (``[deal] stages``), in
        #: order, with an auction between them; empty: the whole hand at once.
        self.deal_stages: tuple[int, ...] = profile.deal_stages
        self.partnership = profile.sides == "partnership"
        self.sides: tuple[Side, ...] = PAIRS if self.partnership else tuple(range(self.players))
        self.trump: Suit | None = profile.fixed_trump
        #: The cards played with (``[deck]``): card text, parsing and numbering follow it.
        self.deck: Deck = Deck(profile.deck)
        # The deck's orders this ruleset asked for, by (trump, ranking): a game asks once a deal.
        self._orders: dict[tuple[Suit | None, str | None], Order] = {}
        rankings = self.components.rankings
        if profile.order not in rankings:
            raise ProfileError(
                profile.path,
                [
                    (
                        "play.order",
                        f"unknown ranking {profile.order!r}; known: {', '.join(sorted(rankings))}"
                        + did_you_mean(profile.order, rankings),
                    )
                ],
            )
        #: The duties' fast form as data (None when one has none); checked here,
        #: at load, so that a plugin's malformed step never surfaces mid-game.
        self.fast_steps = steps_of(self.duties)
        self._check_bases()
        #: The seat that deals first, where the rules fix it: the auction's own
        #: ``first_dealer`` (bridge's board number), else ``[deal] first_dealer``; None:
        #: chance picks it from each game's seed.
        chosen = self.auction.first_dealer
        fixed = type(chosen) is int and 0 <= chosen < self.players
        self.first_dealer: int | None = chosen if fixed else profile.first_dealer
        #: Why no other seat may deal the first deal, when the auction fixes its dealer
        #: (:attr:`~cardrules.rules.components.Auction.first_dealer_reason`): :meth:`new_game`
        #: refuses another ``dealer``.  None: a dealer given is the first dealer
        #: (``[deal] first_dealer`` is only the default).
        self.first_dealer_reason: str | None = None
        if fixed:
            reason = self.auction.first_dealer_reason
            self.first_dealer_reason = (
                reason if isinstance(reason, str) and reason else "the rules fix the first dealer"
            )
        #: The family's word for the auction phase (``"passing"``, ``"bidding"``), as its
        #: auction is registered (:class:`~cardrules.rules.catalog.AuctionTraits`); the
        #: games' ``phase`` stays ``"auction"``.
        traits = self.components.auction_specs.get(profile.auction_kind)
        named = "" if traits is None else traits.phase_name
        self.auction_name = named if isinstance(named, str) and named else "auction"
        #: The ``[options]`` given to :func:`load` (a game's record carries them).
        self.options_given: Mapping[str, OptionValue] = MappingProxyType({})
        #: Whether a fast step reads the cards of the completed tricks (``played``).
        self.fast_needs_played = self.fast_steps is not None and steps_need_played(self.fast_steps)

    def __repr__(self) -> str:
        return f"<Ruleset {self.name!r}>"

    def phase_name(self, phase: str) -> str:
        """A game's ``phase`` as its family names it: the auction's own word (Hearts'
        ``"passing"``), any other phase as it is.

        >>> import cardrules
        >>> rules = cardrules.load("hearts")
        >>> rules.phase_name("auction"), rules.phase_name("play")
        ('passing', 'play')
        """
        return self.auction_name if phase == "auction" else phase

    @cached_property
    def profile_hash(self) -> str:
        """A hash of the resolved profile (``"sha256:..."``): records carry it, and a
        record is only replayed under rules with the same hash.

        A value under ``[options]`` that only restates its declared default is left
        out of what is hashed, so a profile that restates a default and one that
        leaves it out have the same hash (see :func:`hashed_table`).
        """
        return profile_hash(hashed_table(self.profile, self.components.options))

    def _check_bases(self) -> None:
        """Refuse, at load, an auction, a scorer or an end condition that does not subclass
        its base (the game reads the bases' members directly)."""
        parts: tuple[tuple[object, type, str], ...] = (
            (self.auction, Auction, "auction"),
            (self.scorer, Scorer, "scorer"),
            (self.end, EndCondition, "end condition"),
        )
        for obj, base, what in parts:
            if not isinstance(obj, base):
                plugin = self.plugin_of(type(obj).__module__)
                raise CardrulesError(
                    f"profile {self.name!r}: the {what} of plugin {plugin!r} is {shown(obj)}, "
                    f"not a subclass of cardrules.rules.components.{base.__name__}"
                )

    def plugin_of(self, module: str) -> str:
        """The name of the registered plugin whose package holds ``module`` (else ``module``)."""
        top = module.partition(".")[0]
        for name, home in self.plugins:
            if home == module:
                return name
        for name, home in self.plugins:
            if home.partition(".")[0] == top and top != "cardrules":
                return name
        return "cardrules.builtin" if top == "cardrules" else module

    @property
    def off_fast_path(self) -> str:
        """Why the duties run off the fast path (through each duty's ``narrow``), or "".

        The game (in Python and in the native core) and the batch path run the duties' fast
        steps; one duty without them sends the whole profile to the slow path.
        """
        slow = self.duty_without_steps
        if slow is None:
            return ""
        return (
            f"the duty {slow!r} declares no fast steps, so every duty is checked "
            "through its narrow() (slower; the batch path cannot vectorise it)"
        )

    @property
    def duty_without_steps(self) -> str | None:
        """The name of the first duty that declares no fast steps (None: every duty does)."""
        return next((d.name for d in self.duties if duty_steps(d) is None), None)

    @cached_property
    def fast_narrow(self) -> FastNarrow | None:
        """The duties compiled into one function for the game's hot path (None: no fast form)."""
        return compile_narrow(self.duties, self.name)

    @cached_property
    def fast_codes(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The duties' fast steps as codes, (leading, following), for the native core."""
        return None if self.fast_steps is None else step_codes(self.fast_steps)

    def order(self, trump: Suit | None, ranking: str | None = None) -> Order:
        """The tables of play of a deal with ``trump`` (None: no-trump) under ``ranking``
        (default: the profile's ``[play] order``), built once per deck and ranking."""
        found = self._orders.get((trump, ranking))
        if found is not None:
            return found
        name = ranking or self.profile.order
        build = self.components.rankings.get(name)
        if build is None:
            raise CardrulesError(
                f"unknown ranking {name!r}; known: {', '.join(sorted(self.components.rankings))}"
            )
        found = self._orders[trump, ranking] = self.deck.order(Ranking(name, trump), build)
        return found

    def order_of(self, contract: Contract) -> Order:
        """The tables of play of a deal under ``contract``: its trump, and the ranking it
        names (``contract.ranking``; "": the profile's)."""
        key = (contract.trump, contract.ranking or None)
        found = self._orders.get(key)
        return self.order(*key) if found is None else found

    def hand_size(self, deal_number: int, seed: int | None = None) -> int:
        """The cards each seat is dealt in deal ``deal_number`` (1-based): the profile's
        ``[deal] hand_sizes`` in turn, one drawn from ``[deal] hand_size_range`` by the
        game's ``seed`` (the deal's own chance: the same game deals the same sizes; without
        a seed, the range's highest), else the whole pack shared out."""
        span = self.profile.hand_size_range
        if span is not None:
            if seed is None:
                return span[1]
            return random.Random(f"{seed}/{deal_number}/hand size").randint(*span)
        sizes = self.profile.hand_sizes
        return sizes[(deal_number - 1) % len(sizes)] if sizes else self.deck.size // self.players

    def side_of(self, seat: int) -> Side:
        """The side a seat scores for: the seat itself, or its pair."""
        if self.partnership:
            return pair_of(seat)
        return seat

    def new_game(
        self,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        hands: Sequence[Iterable[Card | str] | str] | None = None,
        stock: Iterable[Card | str] | str | None = None,
        turn_up: Card | str | None = None,
    ) -> Game:
        """A new game, reproducible from ``seed``; ``hands`` presets the first deal.

        ``dealer`` is the seat that deals first (default: the rules' first dealer,
        else one drawn from the seed).  Where the rules fix it (bridge: the first
        board's dealer, :attr:`first_dealer_reason`), another seat is refused with a
        :class:`~cardrules.CardrulesError` naming both.

        With ``hands``, the cards not dealt are the stock: ``stock`` gives them all,
        top first, and ``turn_up`` the card on top, the one turned up for trumps where
        the profile turns one up (Oh Hell); without either, the seed puts them in
        order, so the card turned up varies with the seed.  A card in a hand, a card
        given twice or a missing one is a :class:`~cardrules.CardError` naming it.
        The record keeps the stock, so the game replays.

        Where the profile deals in stages (``[deal] stages``), each hand holds its whole
        cards, each seat's first cards listed being its first stage, and so on.
        """
        fixed = self.first_dealer
        reason = self.first_dealer_reason
        if (
            reason is not None
            and fixed is not None
            and type(dealer) is int
            and 0 <= dealer < self.players
            and dealer != fixed
        ):
            raise CardrulesError(
                f"invalid dealer: {seat_words(dealer)}, but {reason}: give dealer={fixed} "
                "or leave it out"
            )
        return self.game_type(
            self, seed=seed, dealer=dealer, hands=hands, stock=stock, turn_up=turn_up
        )

    def game_from_view(
        self,
        view: View,
        hands: Mapping[int, Iterable[Card | str] | str | int]
        | Sequence[Iterable[Card | str] | str | int],
        *,
        seed: int | None = None,
        hidden: Callable[[Game], Action] | None = None,
    ) -> Game:
        """A game in the position ``view`` shows, with ``hands`` (by seat: cards, or a
        52-bit mask) as the cards the view hides: see :meth:`Game.from_view
        <cardrules.Game.from_view>`.  :func:`cardrules.engine.worlds.sample_hands`
        draws such hands."""
        return self.game_type.from_view(view, hands, seed=seed, rules=self, hidden=hidden)

    # -- stateless helpers -------------------------------------------------

    def _trump(self, trump: TrumpArg) -> int:
        if isinstance(trump, _Default):
            return -1 if self.trump is None else int(self.trump)
        if trump is None:
            return -1
        if isinstance(trump, str):
            if trump.upper() in ("NT", "NONE"):
                return -1
            return int(Suit.parse(trump))
        if isinstance(trump, Suit) or (type(trump) is int and 0 <= trump <= 3):
            return int(trump)
        raise CardError(f"invalid trump: {trump!r} (expected a suit such as 'S', or None)")

    def _order(self, trump: TrumpArg) -> Order:
        number = self._trump(trump)
        return self.order(None if number < 0 else Suit(number))

    def _state(
        self,
        trick: Iterable[Card | str] | str,
        first_trick: bool,
        trump: TrumpArg,
        played_before: Iterable[Card | str] | str = (),
    ) -> TrickState:
        cards = self.deck.spread_copies(self.deck.parse_cards(trick))  # (equal cards: copies)
        most = self.players - 1
        if len(cards) > most:
            raise CardError(f"invalid trick: {len(cards)} cards already played (at most {most})")
        _check_distinct(cards, "trick")
        if not isinstance(first_trick, bool):
            raise CardError(f"invalid first_trick: {first_trick!r} (expected True or False)")
        before = self.deck.spread_copies(self.deck.parse_cards(played_before), mask_of(cards))
        _check_distinct(before, "played_before")
        mask = mask_of(before)
        if mask & mask_of(cards):
            raise CardError(
                "invalid played_before: a card of the trick is also in an earlier trick"
            )
        if mask and first_trick:
            raise CardError("invalid played_before: no trick was played before the first trick")
        order = self._order(trump)
        return TrickState.of(
            cards, trump=None, first_trick=first_trick, played_before=mask, order=order
        )

    def legal_cards(
        self,
        hand: int | str | Iterable[Card | str],
        trick: Iterable[Card | str] | str = (),
        *,
        first_trick: bool = False,
        trump: TrumpArg = PROFILE_TRUMP,
        played_before: Iterable[Card | str] | str = (),
    ) -> list[Card]:
        """The cards of ``hand`` that may be played to ``trick`` (led card first).

        ``played_before`` holds the cards of the deal's earlier tricks, for a duty
        that reads them (spades or hearts not yet broken).
        """
        mask = _hand_mask(hand, self.deck)
        state = self._state(trick, first_trick, trump, played_before)
        if mask & state.played_before:
            raise CardError("invalid played_before: a card of the hand was played before")
        return list(self.deck.cards_of(narrow(self.duties, mask, state)))

    def trick_winner(
        self, trick: Iterable[Card | str] | str, *, trump: TrumpArg = PROFILE_TRUMP
    ) -> int:
        """Index in play order of the card that wins ``trick``."""
        cards = self.deck.spread_copies(self.deck.parse_cards(trick))  # (equal cards: copies)
        if not cards:
            raise CardError("invalid trick: no cards")
        if len(cards) > self.players:
            raise CardError(f"invalid trick: {len(cards)} cards (at most {self.players})")
        _check_distinct(cards, "trick")
        return self._order(trump).winner([c.index for c in cards])

    def explain(
        self,
        hand: int | str | Iterable[Card | str],
        trick: Iterable[Card | str] | str,
        card: Card | str,
        *,
        first_trick: bool = False,
        trump: TrumpArg = PROFILE_TRUMP,
        played_before: Iterable[Card | str] | str = (),
    ) -> Explanation:
        """Why ``card`` may or may not be played from ``hand`` to ``trick`` (``played_before``:
        the cards of the deal's earlier tricks, as for :meth:`legal_cards`)."""
        mask = _hand_mask(hand, self.deck)
        state = self._state(trick, first_trick, trump, played_before)
        return explain_mask(self, mask, state, self.deck.parse_cards([card])[0])

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Exact scores of one finished deal by side, from its contract and tricks per seat.

        Computed in :data:`~cardrules.rules.components.SCORE_CONTEXT`, whatever
        decimal context the caller has set.
        """
        with localcontext(SCORE_CONTEXT):
            return self.scorer.score(contract, tricks)

    def score_deal(self, **given: object) -> dict[Side, Decimal]:
        """Scores of one finished deal described by hand, in the shape the family's scorer
        reads.

        Call Break reads calls and tricks per seat
        (``score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3])``), Minibridge a
        contract, its declarer and the declaring side's tricks
        (``score_deal(contract="contract S game", declarer=2, tricks=10)``): the
        scorer says (:meth:`~cardrules.rules.components.Scorer.score_deal`; a scorer that
        scores none refuses with a :class:`~cardrules.CardrulesError`).
        """
        with localcontext(SCORE_CONTEXT):
            return self.scorer.score_deal(self, **given)

    @cached_property
    def scoring(self) -> ScoreHelpers:
        """The family's stateless scoring helpers, bound to these rules (a
        :class:`~cardrules.ScoreHelpers`; the base offers none): Call Break's
        ``rules.scoring.score_calls(calls, tricks)``, Minibridge's and bridge's
        ``rules.scoring.score_contract(contract, declarer, tricks)``.  Each computes
        exact decimals whatever the caller's decimal context; :meth:`scoring_as` gives
        them typed as the family's class."""
        kind: object = self.scorer.score_helpers
        if not (isinstance(kind, type) and issubclass(kind, ScoreHelpers)):
            plugin = self.plugin_of(type(self.scorer).__module__)
            raise CardrulesError(
                f"profile {self.name!r}: the scorer of plugin {plugin!r} names score_helpers "
                f"{shown(kind)}, not a subclass of cardrules.ScoreHelpers"
            )
        return kind(self)

    def scoring_as(self, kind: type[H]) -> H:
        """:attr:`scoring` as the family's class ``kind``, so that type checkers and IDEs
        know its methods: ``rules.scoring_as(CallScoring).score_calls([3, 4, 2, 3], [5, 3,
        2, 3])``; a :class:`~cardrules.CardrulesError` when these rules score otherwise."""
        scoring = self.scoring
        if not isinstance(scoring, kind):
            raise CardrulesError(
                f"profile {self.name!r} scores with {type(scoring).__name__}, "
                f"not {getattr(kind, '__name__', kind)!r}"
            )
        return scoring

    def __getattr__(self, name: str) -> Callable[..., Any]:
        """Each of the family's scoring helpers as the ruleset's own:
        ``rules.score_calls(calls, tricks)`` is ``rules.scoring.score_calls(calls, tricks)``
        (see :attr:`scoring`)."""
        if name.startswith("_") or name == "scoring" or "scorer" not in self.__dict__:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        scoring = self.scoring
        if name not in scoring.names:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        helper: Callable[..., Any] = getattr(scoring, name)
        return helper

    def __dir__(self) -> list[str]:
        try:
            names = self.scoring.names
        except CardrulesError:
            names = ()
        return sorted({*super().__dir__(), *names})


def explain_mask(rules: Ruleset, hand: int, t: TrickState, card: Card) -> Explanation:
    """Explanation of ``card`` for a hand mask and trick state (shared with the game)."""
    if not hand >> card.index & 1:
        return Explanation(card, False, "", f"{card.symbol()} is not in the hand")
    legal = hand
    for duty in rules.duties:
        narrowed = duty.narrow(hand, legal, t)
        if not narrowed >> card.index & 1:
            return Explanation(card, False, duty.rule, duty.reason(hand, narrowed, t, card))
        legal = narrowed
    return Explanation(card, True, "", f"{card.symbol()} may be played")


def _name_problems(ref: str | Path, plugins: Iterable[object]) -> list[tuple[str, str]]:
    try:
        data = resolve_data(find_profile(ref))
    except ProfileError:
        return []
    return raw_name_problems(data, plugins)


def load(
    ref: str | Path,
    *,
    plugins: Iterable[object] = (),
    deals: int | None = None,
    options: Mapping[str, object] | None = None,
    **switches: object,
) -> Ruleset:
    """The rules of a profile, by name (``"callbreak-strict"``) or path to a ``.toml`` file.

    ``plugins`` registers extra plugin objects (modules or instances with
    hook implementations) for this ruleset only; ``deals`` picks another
    allowed number of deals (``[game] deals``, ``deal_choices``, ``deal_range``).

    House rules are chosen here too, as a table of players would: ``options``
    (a mapping) and keyword arguments set the profile's ``[options]``, checked
    as a profile file's are; a mistake names the option, what it allows and
    its rule id::

        cardrules.load("callbreak-app", target_score=30, big_call_8=True, deals=3)

    The options given are kept (:attr:`Ruleset.options_given`) and a game's
    record carries them, so ``Game.from_json`` restores the same rules.
    """
    if not isinstance(ref, str | Path):
        raise ProfileError(repr(ref), "expected a profile name or a path to a .toml file")
    if deals is not None and type(deals) is not int:
        raise ProfileError(str(ref), [("deals", f"must be a whole number (got {shown(deals)})")])
    if isinstance(plugins, str) or not isinstance(plugins, Iterable):
        raise ProfileError(str(ref), f"plugins must be a list of plugin objects (got {plugins!r})")
    if options is not None and not isinstance(options, Mapping):
        raise ProfileError(
            str(ref), f"options must be a mapping of names to values (got {shown(options)})"
        )
    given = {**(options or {}), **switches}
    plugins = tuple(plugins)
    try:
        profile = load_profile(ref)
    except ProfileError as exc:
        # The schema stops before component names are checked: add those problems too.
        seen = {path for path, _ in exc.problems}
        more = [p for p in _name_problems(ref, plugins) if p[0] not in seen]
        if not more:
            raise
        raise ProfileError(exc.source, [*exc.problems, *more]) from None
    pm = make_plugin_manager(profile.plugins, plugins, source=profile.path)
    n = profile.deals if deals is None else deals
    if not profile.allows_deals(n):
        # The rule of [game] fixes the number (CBS-5.1: five deals), as an option's names its.
        rule = f" ({profile.game_rule})" if profile.game_rule else ""
        raise ProfileError(
            f"{profile.name!r} (as loaded)",
            [(f"deals{rule}", f"must be {profile.deals_allowed} under these rules (got {n})")],
        )
    components = setup_components(pm)
    profile = _with_deck(ref, profile, components)
    chosen: dict[str, OptionValue] = {}
    if given:
        profile, chosen = _with_options(profile, given, components)
    profile = with_option_defaults(profile, components)
    homes = [(_plugin_name(name, plugin), _home(plugin)) for name, plugin in pm.list_name_plugin()]
    rules = Ruleset(profile, resolve(pm, profile, n, components), n, homes)
    rules.options_given = MappingProxyType(chosen)
    return rules


def hashed_table(profile: Profile, specs: Mapping[str, OptionSpec]) -> Mapping[str, Any]:
    """The table :attr:`Ruleset.profile_hash` hashes: the profile's, without the
    ``[options]`` values that only restate their declared default (and without
    ``[options]`` when nothing else is left in it).

    So a profile that writes ``target = 100`` (the default) and one that leaves it
    out hash alike, a profile that restates no default hashes as written, and a
    plugin declaring a new option changes no hash.  An earlier version of a shipped
    profile (``earlier/<name>/``) is hashed as written: it is kept unchanged so that
    the records played under it replay, and it is hashed as it was when it was current.
    """
    written = profile.data.get("options")
    if not isinstance(written, Mapping) or is_earlier_version(profile.path):
        return profile.data
    kept = {
        name: value
        for name, value in written.items()
        if name not in specs or not _is_default(specs[name], value)
    }
    if len(kept) == len(written):
        return profile.data
    table = {key: value for key, value in profile.data.items() if key != "options"}
    if kept:
        table["options"] = kept
    return table


def _with_deck(ref: str | Path, profile: Profile, components: Components) -> Profile:
    """``profile`` playing the deck its ``[deck] name`` names among those its plugins
    declare (``components.decks``): validated again knowing that deck, so that its call
    bounds and hand sizes are checked against its size.  A name neither built-in nor
    declared is refused at ``deck.name`` with the names known, and so is an inline deck
    given the name of a declared one (the profile would name one deck and play another)."""
    decks = components.decks
    name = profile.deck_name
    if profile.deck_pending:
        if name not in decks:
            known = [*DECKS, *sorted(decks)]
            hint = did_you_mean(name, known)
            raise ProfileError(
                profile.path,
                [("deck.name", f"unknown deck {shown(name)}; {hint}known: {', '.join(known)}")],
            )
        return load_profile(ref, decks)
    if name in decks:  # an inline deck (a built-in's name is never declared)
        raise ProfileError(
            profile.path,
            [
                (
                    "deck.name",
                    f"{name!r} is the name of a deck the profile's plugins declare; "
                    "name the deck declared here otherwise (or leave out its suits and "
                    "ranks to play that one)",
                )
            ],
        )
    return profile


def _is_default(spec: OptionSpec, value: object) -> bool:
    """Whether ``value`` (as a profile's table holds it) is ``spec``'s default."""
    if isinstance(spec.default, Decimal):
        return spec.exact(value) == spec.default
    return type(value) is type(spec.default) and value == spec.default


def _with_options(
    profile: Profile, given: Mapping[str, object], components: Components
) -> tuple[Profile, dict[str, OptionValue]]:
    """``profile`` with the ``[options]`` ``given`` to :func:`load`, each checked against
    what the plugins declare (every problem at once, with a did-you-mean)."""
    specs = components.options
    problems = []
    values: dict[str, OptionValue] = {}
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None:
            hint = did_you_mean(str(name), specs)
            known = ", ".join(sorted(specs)) or "(none)"
            problems.append((f"option {shown(name)}", f"unknown option; {hint}known: {known}"))
            continue
        what = spec.check(value)
        if what is not None:
            allowed = f"; {spec.description}" if spec.description else ""
            rule = f" ({spec.rule})" if spec.rule else ""
            problems.append((f"option {name!r}{rule}", f"{what}{allowed}"))
            continue
        number = spec.exact(value) if isinstance(spec.default, Decimal) else None
        values[name] = number if number is not None else value  # type: ignore[assignment]
    if problems:
        raise ProfileError(f"{profile.name!r} (the options given to load)", problems)
    data = dict(profile.data)
    data["options"] = {**dict(profile.data.get("options", {})), **_json_options(values)}
    changed = dataclasses.replace(profile, options={**profile.options, **values}, data=data)
    return changed, values


def _json_options(values: Mapping[str, OptionValue]) -> dict[str, object]:
    """Options as the profile's data holds them (a decimal as its text, as records write it)."""
    return {k: option_text(v) for k, v in values.items()}


def _plugin_name(name: str | None, plugin: object) -> str:
    """How a message names a plugin: its entry point, else its module or class."""
    if name and name != str(id(plugin)):  # pluggy names an unnamed plugin by its id
        return name
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return f"{type(plugin).__module__}.{type(plugin).__qualname__}"


def _home(plugin: object) -> str:
    """The module a plugin lives in: the module itself, or its class's module."""
    name = getattr(plugin, "__name__", None) if isinstance(plugin, ModuleType) else None
    return name if isinstance(name, str) else type(plugin).__module__
