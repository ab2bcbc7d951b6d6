"""Computer players that see only what a seat may see: a :class:`~cardrules.View`.

A bot is asked for the action of the seat it controls (its own seat, or
dummy's when it is declarer) and gets that controlling seat's view, never the
game: it cannot peek at hidden hands (APP-6.1).

>>> import cardrules
>>> game = cardrules.load("callbreak-strict").new_game(seed=5)
>>> autoplay(game, bots_by_name("rule,rule,random,random", seed=1)).phase
'finished'
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

from cardrules.cards import Card, Suit, mask_of
from cardrules.deck import Order
from cardrules.engine.rollouts import outcome, play_out
from cardrules.engine.views import View
from cardrules.engine.worlds import knowledge, sample_masks
from cardrules.errors import CardrulesError, shown
from cardrules.rules.actions import Action, Bid, Play
from cardrules.rules.duties import TrickState, natural

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.ruleset import Ruleset

__all__ = [
    "BOTS",
    "MAX_NAME_CHARS",
    "MAX_SAMPLES",
    "MAX_SECONDS",
    "Bot",
    "BotSpec",
    "MonteCarloBot",
    "RandomBot",
    "RuleBot",
    "autoplay",
    "bots_by_name",
    "make_bot",
    "parse_bot",
    "parse_bots",
    "play_game",
    "side_needs_tricks",
    "sure_tricks",
]


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of ``view.legal_actions``."""

    def choose(self, view: View) -> Action:
        """The action to take, given only the deciding seat's view."""


#: Bot slots: one bot per seat, as a list or a mapping seat -> bot.
BotTable = Mapping[int, Bot] | Sequence[Bot]


def _legal(view: View) -> tuple[Action, ...]:
    if not view.legal_actions:
        raise CardrulesError(
            f"no decision for seat {view.seat}: it is the turn of "
            f"{'nobody' if view.to_act is None else f'seat {view.to_act}'}"
        )
    return view.legal_actions


class RandomBot:
    """Plays uniformly at random among the legal actions; reproducible from ``seed``."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """A legal action drawn uniformly."""
        return self._rng.choice(_legal(view))

    def __repr__(self) -> str:
        return f"RandomBot({self.seed!r})"


# ---------------------------------------------------------------------------
# Hand evaluation


def _trump_index(view: View) -> int:
    return -1 if view.trump is None else int(Suit[view.trump])


def sure_tricks(hand: int, trump: int, order: Order | None = None) -> int:
    """A cautious count of the tricks a hand (a mask) takes with ``trump`` (-1: no-trump),
    in ``order`` (the deal's tables of play; by default the French pack's natural order).

    Trumps: the highest, the second with one guard, the third with two guards, the
    fourth with three, plus every trump beyond the fourth.  Side suits: their highest
    card, and the second with a guard.  Short side suits (void: two, singleton: one)
    add ruffs while trumps not counted above are left over.
    """
    if order is None:
        order = natural(trump)
    tricks = 0
    spare = 0
    place = order.trump
    if place >= 0:
        ranked = order.ranked[place]
        length = (hand & order.suit_masks[place]).bit_count()
        honours = 0
        for above, index in enumerate(ranked[:4]):  # A K Q J in a French suit
            if hand >> index & 1 and length > above:
                honours += 1
        long_trumps = max(0, length - 4)
        tricks += honours + long_trumps
        spare = max(0, length - honours - long_trumps)
    ruffs = 0
    for other, ranked in enumerate(order.ranked):
        if other == place:
            continue
        length = (hand & order.suit_masks[other]).bit_count()
        if ranked and hand >> ranked[0] & 1:
            tricks += 1
        if len(ranked) > 1 and hand >> ranked[1] & 1 and length >= 2:
            tricks += 1
        if place >= 0:
            ruffs += max(0, 2 - length)
    return tricks + min(ruffs, spare)


def side_needs_tricks(view: View, seat: int) -> bool:
    """True while ``seat``'s side still needs tricks in this deal, as its contract says
    (:meth:`Contract.needs_tricks <cardrules.Contract.needs_tricks>`)."""
    contract = view.deal_contract
    return True if contract is None else contract.needs_tricks(seat, view.tricks_won)


def _partner_winning(view: View, seat: int, t: TrickState) -> bool:
    """True when the card winning the trick so far belongs to ``seat``'s partner."""
    if t.winner < 0:
        return False
    partnership = any(isinstance(side, str) for side in view.totals)
    if not partnership:
        return False
    for s, card in view.trick:
        if card.index == t.winner:
            return s == (seat + 2) % 4
    return False


def _rank_key(order: Order) -> Callable[[Card], tuple[bool, int, int]]:
    # Lowest rank first, trumps last ("keep trumps"), then suit for determinism.
    trumps, position, suit_of = order.trumps, order.position, order.suit_of
    return lambda c: (trumps >> c.index & 1 == 1, position[c.index], suit_of[c.index])


class RuleBot:
    """A simple rule-following player.

    Calls the tricks its hand surely takes (:func:`sure_tricks`), clamped to
    the legal calls.  A family's own action is chosen as its class advises
    (:meth:`Action.advise <cardrules.Action.advise>`).  In play, while its side
    still needs tricks it plays the cheapest card that wins the trick now;
    otherwise, or when nothing wins, its lowest card, keeping trumps.

    It is deterministic; ``seed`` is accepted (and ignored) so that every bot
    is built the same way.
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        """The action for the seat to act (its own, or dummy's when declarer)."""
        legal = _legal(view)
        first = legal[0]
        if isinstance(first, Bid):
            return self.call(view, legal)
        if isinstance(first, Play):
            # A call of the play besides the cards (an announcement, Twenty-Nine's pair): its
            # class says whether a rule-following player makes it now (None: a card).
            if not isinstance(legal[-1], Play):
                for kind in dict.fromkeys(type(a) for a in legal if not isinstance(a, Play)):
                    advised = kind.advise(view, legal)
                    if advised is not None:
                        return advised
            return self.play(view, legal)
        # A family's own action: its class says what a rule-following player takes.
        return type(first).advise(view, legal) or first

    # -- auction ---------------------------------------------------------

    def call(self, view: View, legal: Sequence[Action]) -> Action:
        """The call nearest to the sure tricks of the hand, among the legal calls."""
        bids = [a for a in legal if isinstance(a, Bid)]
        if not bids:
            return legal[0]
        want = sure_tricks(mask_of(view.acting_hand), _trump_index(view), view.order)
        return min(bids, key=lambda b: (abs(b.tricks - want), b.tricks))

    # -- play ------------------------------------------------------------

    def play(self, view: View, legal: Sequence[Action]) -> Action:
        """The cheapest winning card while the side needs tricks, else the lowest card."""
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]
        order = view.order
        seat = view.to_act if view.to_act is not None else view.seat
        cards = sorted((p.card for p in plays), key=_rank_key(order))
        t = TrickState.of([c for _, c in view.trick], trump=None, order=order)
        lowest = Play(cards[0])
        if not side_needs_tricks(view, seat):
            return lowest
        if t.leading:
            return Play(self._lead(view, cards, order))
        if _partner_winning(view, seat, t):
            return lowest
        winners = [c for c in cards if t.beats >> c.index & 1]
        return Play(winners[0]) if winners else lowest

    @staticmethod
    def _lead(view: View, cards: Sequence[Card], order: Order) -> Card:
        """A master card (the highest left in its suit) if held, trumps last; else the lowest."""
        gone = 0
        for _, played, _ in view.tricks:
            gone |= mask_of(played)
        masters = []
        for card in cards:
            if not order.higher[card.index] & ~gone & ~mask_of(cards):
                masters.append(card)
        side_masters = [c for c in masters if not order.trumps >> c.index & 1]
        if side_masters:
            return side_masters[-1]
        return cards[0]

    def __repr__(self) -> str:
        return "RuleBot()"


# ---------------------------------------------------------------------------
# Monte Carlo

#: The worlds a :class:`MonteCarloBot` imagines per decision unless told.
DEFAULT_SAMPLES: Final = 20
#: The most worlds a decision any Monte Carlo bot is given, by name or not: far beyond
#: what a person waits for, so a larger budget is a mistake or an attack.
MAX_SAMPLES: Final = 1_000_000
#: The most seconds of thinking a decision (an hour), for the same reason.
MAX_SECONDS: Final = 3_600


def _check_budget(samples: object, seconds: object) -> None:
    """Refuse a budget that is not ``samples`` in 1..MAX_SAMPLES, ``seconds`` in
    (0, MAX_SECONDS], each or both None."""
    if samples is not None and (type(samples) is not int or not 1 <= samples <= MAX_SAMPLES):
        raise CardrulesError(
            f"invalid samples: {shown(samples)} (expected a whole number from 1 to {MAX_SAMPLES:,})"
        )
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 < seconds <= MAX_SECONDS
    ):
        raise CardrulesError(
            f"invalid seconds: {shown(seconds)} (expected a number above 0, at most "
            f"{MAX_SECONDS:,})"
        )


#: Worlds in a row that no game can be rebuilt in before the Monte Carlo bot decides by
#: the rules instead.
MAX_REFUSED_WORLDS = 8


class MonteCarloBot:
    """A player that plans: it imagines the hidden hands and plays each choice out.

    For each decision it draws worlds consistent with its view
    (:func:`~cardrules.engine.worlds.sample_hands`: the cards played, the
    suits a seat showed it lacks, what the auction told, the cards it passed),
    and in each world tries every candidate action, playing the rest of the
    deal out with the rule bot's policy for every seat
    (:mod:`~cardrules.engine.rollouts`).  It takes the action with the best
    total: its side's score in the deal, and on a deal that ends the game its
    share of the win first.  Calls are chosen the same way (the calls near the
    tricks its hand surely takes, each played out), and so is a family's own
    action (a contract, a card to pass).

    The budget is ``samples`` worlds per decision, or ``seconds`` of thinking
    per decision (at least one world), or both: it stops at whichever comes
    first, so ``seconds`` is a hard cap on a budget of worlds (as a server
    sets).  The clock is read between worlds: a decision takes at most
    ``seconds`` and one world's playouts.  With ``samples`` alone and a
    ``seed`` it plays the same way every time.  A budget is at most
    :data:`MAX_SAMPLES` worlds and :data:`MAX_SECONDS` seconds.  It sees
    only the view it is given.

    >>> import cardrules
    >>> game = cardrules.load("callbreak-strict").new_game(seed=5)
    >>> bot = MonteCarloBot(seed=1, samples=4)
    >>> game.is_legal(bot.choose(game.view(game.to_act)))
    True
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        samples: int | None = None,
        seconds: float | None = None,
        candidates: int = 6,
    ) -> None:
        _check_budget(samples, seconds)
        if type(candidates) is not int or candidates < 2:
            raise CardrulesError(
                f"invalid candidates: {candidates!r} (expected a whole number >= 2)"
            )
        if samples is None and seconds is None:
            samples = DEFAULT_SAMPLES
        self.seed = seed
        self.samples = samples
        self.seconds = seconds
        self.candidates = candidates
        self._rng = random.Random(seed)
        self._rule = RuleBot()
        #: Decisions taken, and worlds played out for them (for reports); worlds drawn that
        #: no game could be rebuilt in (left out).
        self.decisions = 0
        self.worlds = 0
        self.refused = 0

    def choose(self, view: View) -> Action:
        """The action whose playouts score best over the worlds drawn."""
        legal = _legal(view)
        if len(legal) == 1:
            return legal[0]
        rules = _rules_of(view)
        options = self._candidates(view, legal, rules)
        if len(options) == 1:
            return options[0]
        self.decisions += 1
        rng = self._rng
        know = knowledge(view, rules)
        seat = view.seat
        deal_index = len(view.results)
        totals = [0.0] * len(options)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        worlds = 0
        refused = 0
        while True:
            masks = sample_masks(know, rng)
            if masks is None:  # no consistent world found: play by the rules
                break
            hands = {s: masks[s] for s in know.hidden}
            world_seed = rng.getrandbits(62)
            try:
                games = [rules.game_from_view(view, hands, seed=world_seed) for _ in options]
                for option, game in zip(options, games, strict=True):
                    game.apply(option, seat=seat)  # (refused where the world's auction differs)
            except CardrulesError:
                # A world the view allows but the game cannot be rebuilt in (what an
                # auction shows that the worlds do not model): left out; when such worlds
                # outnumber the others, the worlds found decide (none: the rule bot).
                refused += 1
                self.refused += 1
                if refused >= MAX_REFUSED_WORLDS * (worlds + 1):
                    break
                continue
            for j, game in enumerate(games):
                play_out(game, self._decide, halt=True)
                totals[j] += outcome(game, seat, deal_index)
            worlds += 1
            if self.samples is not None and worlds >= self.samples:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.worlds += worlds
        if not worlds:
            return self._rule.choose(view)
        best = max(range(len(options)), key=lambda j: (totals[j], -j))
        return options[best]

    def _decide(self, game: Game) -> Action:
        """Any decision but a card in a playout: the rule bot's, from the deciding seat's view."""
        seat = game.to_act
        assert seat is not None
        return self._rule.choose(game.view(game.controller(seat)))

    def _candidates(self, view: View, legal: Sequence[Action], rules: Ruleset) -> list[Action]:
        """The actions worth playing out: cards that are not equivalent to a lower one,
        the calls near the rule bot's, or (a family's actions) the rule bot's choice and
        the first others, up to ``candidates``."""
        if all(type(a) is Play for a in legal):
            if rules.scorer.reads_taken:  # each card may score: all differ
                return list(legal)
            return _distinct_cards(view, legal)
        plays: list[Action] = [a for a in legal if type(a) is Play]
        if plays and view.phase == "play":  # the cards, and the play's other actions (an ask)
            if not rules.scorer.reads_taken:
                plays = _distinct_cards(view, plays)
            return [*plays, *(a for a in legal if type(a) is not Play)]
        ruled = self._rule.choose(view)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and len(legal) > self.candidates:  # the calls nearest the rule bot's
            want = ruled.tricks if isinstance(ruled, Bid) else bids[0].tricks
            bids.sort(key=lambda b: abs(b.tricks - want))
            near: list[Action] = list(bids[: self.candidates - 1])
            return near if ruled in near else [ruled, *near]
        if len(legal) <= self.candidates:
            return list(legal)
        return [ruled, *[a for a in legal if a != ruled][: self.candidates - 1]]

    def __repr__(self) -> str:
        budget = f"samples={self.samples}" if self.seconds is None else f"seconds={self.seconds}"
        if self.seconds is not None and self.samples is not None:
            budget = f"samples={self.samples}, seconds={self.seconds}"
        return f"MonteCarloBot({self.seed!r}, {budget})"


def _rules_of(view: View) -> Ruleset:
    if view.ruleset is not None:
        return view.ruleset
    from cardrules.engine.ruleset import load

    return load(view.profile)


def _distinct_cards(view: View, legal: Sequence[Action]) -> list[Action]:
    """The legal cards, less each card that is one more in a run of the same suit: two
    cards of a suit are equivalent when every card between them is in the hand or
    gone in an earlier trick (the lowest of each run is kept)."""
    held = mask_of(view.acting_hand)
    gone = 0
    for _, cards, _ in view.tricks:
        gone |= mask_of(cards)
    order = view.order
    suit_of, strength, higher = order.suit_of, order.strength, order.higher
    out: list[Action] = []
    last = -1

    def rank(action: Action) -> tuple[int, int, int]:
        index = action.card.index if isinstance(action, Play) else 0
        return (suit_of[index], strength[index], index)

    for action in sorted(legal, key=rank):
        assert isinstance(action, Play)
        index = action.card.index
        if last >= 0 and suit_of[index] == suit_of[last] and suit_of[index] >= 0:
            # the cards of the suit between the two, as play ranks them
            between = higher[last] & ~higher[index] & ~(1 << index)
            if not between & ~(held | gone):
                last = index
                continue
        out.append(action)
        last = index
    return out


# ---------------------------------------------------------------------------
# Bots by name

#: Bot constructors by name, for :func:`parse_bot` and :func:`make_bot`.
BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomBot,
    "rule": RuleBot,
    "mc": MonteCarloBot,
}

#: The longest text :func:`parse_bot` reads (``"mc:1000000:3600000ms"`` is 20).
MAX_NAME_CHARS: Final = 32
#: What surrounds a name and is dropped: ASCII whitespace only.
_SPACE: Final = " \t\n\r\x0b\x0c"
#: ``mc``, ``mc:N``, ``mc:Tms``, ``mc:N:Tms`` (lower case, ASCII, stripped).
_MC_NAME: Final = re.compile(r"mc(?::([0-9]+))?(?::([0-9]+)ms)?")
_MAX_MS: Final = MAX_SECONDS * 1000


def _known() -> str:
    return ", ".join(sorted(BOTS))


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot as a name says it: its kind, and for ``mc`` its budget a decision.

    ``samples`` is a number of worlds, ``seconds`` a time (whole milliseconds);
    with both the bot stops at whichever comes first, with neither it takes the
    budget :func:`make_bot` is given (else :data:`DEFAULT_SAMPLES` worlds).
    ``name`` is the canonical name, and ``parse_bot(spec.name) == spec``.

    >>> parse_bot(" MC:50 ")
    BotSpec('mc', samples=50)
    >>> BotSpec("mc", samples=50, seconds=0.02).name
    'mc:50:20ms'
    """

    kind: str
    samples: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in BOTS:
            raise CardrulesError(f"invalid bots: unknown bot {shown(self.kind)}; known: {_known()}")
        if self.kind != "mc" and (self.samples is not None or self.seconds is not None):
            raise CardrulesError(f"invalid bots: only mc takes a budget (got {self!r})")
        _check_budget(self.samples, self.seconds)
        if self.seconds is not None:
            ms = round(self.seconds * 1000)
            if ms < 1 or ms / 1000 != self.seconds:
                raise CardrulesError(
                    f"invalid seconds: {shown(self.seconds)} (a bot's name gives whole "
                    "milliseconds: at least 0.001)"
                )
            object.__setattr__(self, "seconds", ms / 1000)  # 2 and 2.0: one spec, one repr

    @property
    def name(self) -> str:
        """The canonical name: ``rule``, ``mc``, ``mc:50``, ``mc:20ms``, ``mc:50:20ms``."""
        parts = [self.kind]
        if self.samples is not None:
            parts.append(str(self.samples))
        if self.seconds is not None:
            parts.append(f"{round(self.seconds * 1000)}ms")
        return ":".join(parts)

    def capped(self, seconds: float) -> BotSpec:
        """The same bot thinking at most ``seconds`` a decision: a hard cap on top of its
        budget (a bare ``mc`` keeps its :data:`DEFAULT_SAMPLES` worlds under the cap).
        Bots that do not plan are returned as they are.

        >>> parse_bot("mc").capped(2).name
        'mc:20:2000ms'
        >>> parse_bot("mc:10ms").capped(2).name
        'mc:10ms'
        """
        if self.kind != "mc":
            return self
        samples = self.samples
        if samples is None and self.seconds is None:
            samples = DEFAULT_SAMPLES
        if self.seconds is not None:
            seconds = min(self.seconds, seconds)
        return BotSpec(self.kind, samples, seconds)

    def __repr__(self) -> str:
        args = [repr(self.kind)]
        if self.samples is not None:
            args.append(f"samples={self.samples}")
        if self.seconds is not None:
            args.append(f"seconds={self.seconds!r}")
        return f"BotSpec({', '.join(args)})"


def parse_bot(name: str, *, seat: int | None = None) -> BotSpec:
    """The bot a name says: ``random``, ``rule``, ``mc``, ``mc:N`` (N worlds a decision),
    ``mc:Tms`` (T milliseconds) or ``mc:N:Tms`` (both: whichever comes first).

    ASCII whitespace around the name is dropped and case does not matter
    (``" MC:50"`` is ``mc:50``); anything else is refused with a
    :class:`~cardrules.CardrulesError` that quotes the text (and names
    ``seat``, when given): spaces inside, budgets that are not whole ASCII
    numbers, or are 0, or above :data:`MAX_SAMPLES` worlds or
    :data:`MAX_SECONDS` seconds, names longer than :data:`MAX_NAME_CHARS`.
    Every place that reads a bot's name reads it here.

    >>> parse_bot("mc:20ms")
    BotSpec('mc', seconds=0.02)
    >>> parse_bot("rule").name
    'rule'
    """
    at = "" if seat is None else f" at seat {seat}"
    if not isinstance(name, str):
        raise CardrulesError(
            f"invalid bots: {shown(name)}{at} (expected a name; known: {_known()})"
        )
    if len(name) > MAX_NAME_CHARS:
        raise CardrulesError(
            f"invalid bots: {shown(name)}{at} (a bot's name is at most {MAX_NAME_CHARS} characters)"
        )
    key = name.strip(_SPACE)
    if key.isascii():  # no other letter may fold into a name (the Kelvin sign into "k")
        key = key.lower()
    kind, colon, _ = key.partition(":")
    if kind not in BOTS:
        raise CardrulesError(f"invalid bots: unknown bot {shown(name)}{at}; known: {_known()}")
    if kind != "mc":
        if colon:
            raise CardrulesError(
                f"invalid bots: {shown(name)}{at} (only mc takes a budget, e.g. 'mc:50')"
            )
        return BotSpec(kind)
    match = _MC_NAME.fullmatch(key)
    samples = None if match is None or match[1] is None else int(match[1])
    ms = None if match is None or match[2] is None else int(match[2])
    if (
        match is None
        or (samples is not None and not 1 <= samples <= MAX_SAMPLES)
        or (ms is not None and not 1 <= ms <= _MAX_MS)
    ):
        raise CardrulesError(
            f"invalid bots: {shown(name)}{at} (the budget of mc is a number of worlds, "
            f"'mc:50', of milliseconds, 'mc:20ms', or both, 'mc:50:20ms'; at most "
            f"{MAX_SAMPLES:,} worlds and {_MAX_MS:,} ms)"
        )
    return BotSpec("mc", samples, None if ms is None else ms / 1000)


def parse_bots(names: str | Sequence[str | BotSpec]) -> list[BotSpec]:
    """The bots of a comma-separated list of names (``"rule, mc:50,random"``) or of a
    list of names and specs, each read by :func:`parse_bot`.

    >>> [spec.name for spec in parse_bots("Rule, MC:50")]
    ['rule', 'mc:50']
    """
    items = names.split(",") if isinstance(names, str) else list(names)
    if not items or any(isinstance(n, str) and not n.strip(_SPACE) for n in items):
        raise CardrulesError(
            f"invalid bots: {shown(names)} (expected names separated by commas, "
            f"e.g. 'rule,rule,random'; known: {_known()})"
        )
    return [n if isinstance(n, BotSpec) else parse_bot(n) for n in items]


def make_bot(
    name: str | BotSpec,
    seed: int | str | None = None,
    *,
    samples: int | None = None,
    seconds: float | None = None,
) -> Bot:
    """A bot from its name or spec (:func:`parse_bot`).  ``samples`` and ``seconds`` are
    the budget of a bare ``mc``, whose name gives none (else :data:`DEFAULT_SAMPLES`
    worlds); an ``mc`` name with a budget keeps its own."""
    spec = name if isinstance(name, BotSpec) else parse_bot(name)
    if spec.kind != "mc":
        return BOTS[spec.kind](seed)
    if spec.samples is not None or spec.seconds is not None:
        samples, seconds = spec.samples, spec.seconds
    return MonteCarloBot(seed, samples=samples, seconds=seconds)


def bots_by_name(names: str | Sequence[str | BotSpec], *, seed: int | None = None) -> list[Bot]:
    """Bots from a comma-separated list of names (``"rule,rule,random,random"``), or a
    list of names and specs (:func:`parse_bots`).

    Each bot gets its own seed derived from ``seed`` and its position, so a list
    of bots plays the same way every time for the same ``seed``.
    """
    specs = parse_bots(names)
    return [make_bot(spec, None if seed is None else f"{seed}/{i}") for i, spec in enumerate(specs)]


def _table(bots: BotTable, players: int) -> dict[int, Bot]:
    if isinstance(bots, Mapping):
        return dict(bots)
    if len(bots) != players:
        raise CardrulesError(
            f"invalid bots: need one bot per seat, {players} in all (got {len(bots)})"
        )
    return dict(enumerate(bots))


def autoplay(
    game: Game,
    bots: BotTable,
    *,
    until: Callable[[Game], bool] | None = None,
    on_action: Callable[[Game, int, Action], None] | None = None,
) -> Game:
    """Drive ``game`` with bots until it is finished (or ``until(game)`` is true).

    The bot of the seat that controls the seat to act (``game.controller``)
    is asked, with that seat's view.  ``on_action(game, seat, action)`` is
    called before each action is applied.  Stops, without error, at a seat
    that has no bot (a human's turn).
    """
    table = _table(bots, game.rules.players)
    while game.to_act is not None and not (until is not None and until(game)):
        seat = game.controller(game.to_act)
        bot = table.get(seat)
        if bot is None:
            break
        action = bot.choose(game.view(seat))
        if on_action is not None:
            on_action(game, seat, action)
        game.apply(action, seat=seat)
    return game


def play_game(game: Game, bots: BotTable) -> Game:
    """Play ``game`` to the end with one bot per seat; returns the game."""
    table = _table(bots, game.rules.players)
    missing = [s for s in range(game.rules.players) if s not in table]
    if missing:
        raise CardrulesError(f"invalid bots: no bot for seat {', '.join(map(str, missing))}")
    return autoplay(game, table)
