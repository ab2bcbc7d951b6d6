"""Bots against bots in duplicate: which plays better, with confidence intervals.

A *line-up* names a bot per seat (``mc,rule,rule,rule``).  Each *set* of
games is one seed's deals played once per distinct rotation of the line-up
through the seats (four for ``mc,rule,rule,rule``, two for ``mc,rule,mc,rule``),
so every bot holds every hand: the luck of the cards cancels.  Each bot (an
*entrant*: a distinct name) is reported with the share of the games it won
(a win shared by two sides is half each; its parity is its share of the
sides), its side's mean score per deal, each with a 95% confidence interval
over the sets, the calls it made, and its seconds per decision.

The run is reproducible: the same seed gives the same games on one worker,
on many, or on Ray (:mod:`cardrules.batch.backends`); only the timings differ.
An optional sequential test (SPRT) stops the run once the first entrant's win
share is shown to differ from parity by ``sprt`` or not to.

>>> result = arena("callbreak-strict", "rule,random,random,random", games=8, seed=1)
>>> [(e.name, e.games) for e in result.entrants()]
[('rule', 8), ('random', 8)]
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple

from cardrules.batch.backends import check_backend, run_ordered
from cardrules.engine.bots import make_bot, parse_bots
from cardrules.engine.ruleset import Ruleset, load
from cardrules.errors import CardrulesError
from cardrules.rules.components import Contract, Side

__all__ = [
    "Arena",
    "EntrantStats",
    "GameResult",
    "SeatResult",
    "arena",
    "parse_lineup",
]


# ---------------------------------------------------------------------------
# Bots by name


def parse_lineup(text: str | Sequence[str], rules: Ruleset) -> tuple[str, ...]:
    """One canonical bot name per seat (:func:`~cardrules.engine.bots.parse_bots`), from
    ``"mc,rule,rule,rule"``.  Fewer names than seats: in a game of pairs they repeat
    round the table (``mc,rule``: partners are the same bot), else the last one fills
    the seats left (``mc,rule``: one mc against three rule)."""
    players = rules.players
    names = [spec.name for spec in parse_bots(text)]
    if len(names) > players:
        raise CardrulesError(f"invalid bots: {len(names)} names for {players} seats")
    if rules.partnership:
        if players % len(names):
            raise CardrulesError(
                f"invalid bots: {len(names)} names do not repeat round {players} seats"
            )
        lineup = tuple(names * (players // len(names)))
    else:
        lineup = tuple(names + names[-1:] * (players - len(names)))
    if len(set(lineup)) < 2:
        raise CardrulesError(f"invalid bots: {text!r} (an arena needs two different bots)")
    return lineup


def rotations(lineup: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The distinct rotations of a line-up through the seats, the line-up first."""
    out: list[tuple[str, ...]] = []
    n = len(lineup)
    for r in range(n):
        turned = tuple(lineup[(i - r) % n] for i in range(n))
        if turned not in out:
            out.append(turned)
    return tuple(out)


# ---------------------------------------------------------------------------
# Playing a set


class SeatResult(NamedTuple):
    """One seat's part in one game."""

    bot: str
    #: The seat's share of the game's win (its side's share, split between the
    #: entrants of a side).
    win: float
    #: Its side's total over the game.
    score: Decimal
    deals: int
    #: Undertakings of its own (calls, contracts) made, and in all.
    made: int
    undertaken: int
    decisions: int
    seconds: float


class GameResult(NamedTuple):
    """One game of a set: the set, the rotation, every seat's result."""

    set: int
    rotation: int
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class _SetJob:
    ref: str
    deals_setting: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    index: int
    rotations: tuple[tuple[str, ...], ...]
    samples: int | None
    seconds: float | None


_RULES: dict[tuple[str, int, str], Ruleset] = {}


def _rules_for(job: _SetJob) -> Ruleset:
    key = (job.ref, job.deals_setting, repr(job.options))
    rules = _RULES.get(key)
    if rules is None:
        rules = load(job.ref, deals=job.deals_setting, options=dict(job.options))
        _RULES[key] = rules
    return rules


def game_seed(seed: int, index: int) -> int:
    """The seed of set ``index``'s games."""
    return seed * 2**32 + index


def play_set(job: _SetJob, rules: Ruleset | None = None) -> list[GameResult]:
    """Every rotation of one set: the same deals, the bots moved round the table."""
    rules = rules or _rules_for(job)
    return [_play_game(rules, job, r, lineup) for r, lineup in enumerate(job.rotations)]


def _play_game(rules: Ruleset, job: _SetJob, rotation: int, lineup: tuple[str, ...]) -> GameResult:
    n = rules.players
    game = rules.new_game(seed=game_seed(job.seed, job.index))
    bots = [
        make_bot(
            name,
            f"{job.seed}/{job.index}/{rotation}/{seat}",
            samples=job.samples,
            seconds=job.seconds,
        )
        for seat, name in enumerate(lineup)
    ]
    decisions = [0] * n
    spent = [0.0] * n
    clock = time.perf_counter
    while game.to_act is not None:
        seat = game.controller(game.to_act)
        start = clock()
        action = bots[seat].choose(game.view(seat))
        spent[seat] += clock() - start
        decisions[seat] += 1
        game.apply(action, seat=seat)
    made, undertaken = _undertakings(rules, game.deals, lineup)
    wins = _win_shares(rules, game.standings(), lineup)
    seats = tuple(
        SeatResult(
            lineup[s],
            wins[s],
            game.totals.get(rules.side_of(s), Decimal(0)),
            len(game.deals),
            made[s],
            undertaken[s],
            decisions[s],
            spent[s],
        )
        for s in range(n)
    )
    return GameResult(job.index, rotation, seats)


def _win_shares(rules: Ruleset, standings: Sequence[Any], lineup: tuple[str, ...]) -> list[float]:
    """Each seat's share of the win: a winning side's share (one over the winners) split
    between its seats."""
    winners = [st.side for st in standings if st.winner]
    shares = [0.0] * len(lineup)
    for side in winners:
        seats = [s for s in range(len(lineup)) if rules.side_of(s) == side]
        for s in seats:
            shares[s] = 1 / len(winners) / len(seats)
    return shares


def _undertakings(
    rules: Ruleset, deals: Sequence[Any], lineup: tuple[str, ...]
) -> tuple[list[int], list[int]]:
    """Per seat: the undertakings (``Contract.made``) it had a part in that were made,
    and all of them; an undertaking of a side counts once, for its first seat."""
    n = len(lineup)
    made = [0] * n
    undertaken = [0] * n
    for deal in deals:
        for label, ok in deal.contract.made(deal.tricks).items():
            seats = _label_seats(rules, deal.contract, label)
            if seats:
                undertaken[seats[0]] += 1
                made[seats[0]] += bool(ok)
    return made, undertaken


def _label_seats(rules: Ruleset, contract: Contract, label: str) -> list[int]:
    """The seats an undertaking's label names: ``seat N``, a side, or (``""``) the seats
    that decide for another (declarer) and the one it decides for."""
    n = rules.players
    if label.startswith("seat ") and label[5:].isdigit():
        seat = int(label[5:])
        return [seat] if seat < n else []
    side_seats = [s for s in range(n) if str(rules.side_of(s)) == label]
    if side_seats:
        return side_seats
    if label == "":
        declaring = sorted(
            {contract.controller(s) for s in range(n) if contract.controller(s) != s}
        )
        return declaring
    return []


# ---------------------------------------------------------------------------
# Statistics


@dataclass(frozen=True, slots=True)
class EntrantStats:
    """One bot's figures over a run: means with the half-width of their 95% interval."""

    name: str
    seats: int
    games: int
    #: The share of the sides it holds: what it wins with no edge.
    parity: float
    wins: float
    wins_ci: float
    score: float
    score_ci: float
    made: int
    undertaken: int
    decisions: int
    seconds: float

    @property
    def made_rate(self) -> float | None:
        """The share of its undertakings made; None when it undertook none."""
        return self.made / self.undertaken if self.undertaken else None

    @property
    def seconds_per_decision(self) -> float:
        """Its mean thinking time per decision (seconds)."""
        return self.seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            "bot": self.name,
            "seats": self.seats,
            "games": self.games,
            "parity": self.parity,
            "wins": self.wins,
            "wins_ci95": self.wins_ci,
            "score_per_deal": self.score,
            "score_per_deal_ci95": self.score_ci,
            "made": self.made,
            "undertaken": self.undertaken,
            "made_rate": self.made_rate,
            "decisions": self.decisions,
            "seconds_per_decision": self.seconds_per_decision,
        }


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass(slots=True)
class Sprt:
    """The sequential test: the first entrant's win share, set by set, against parity
    and against parity +/- ``delta`` (normal approximation; errors ``alpha``, ``beta``)."""

    delta: float
    alpha: float = 0.05
    beta: float = 0.05
    #: At least this many sets before a decision.
    minimum: int = 10
    values: list[float] = field(default_factory=list)
    decision: str = ""

    def add(self, value: float) -> str:
        """Count one set's value (win share minus parity); the decision once made."""
        self.values.append(value)
        if self.decision or len(self.values) < self.minimum:
            return self.decision
        var = max(statistics.pvariance(self.values), 1e-6)
        upper = math.log((1 - self.beta) / self.alpha)
        lower = math.log(self.beta / (1 - self.alpha))
        better, worse = self.llr(self.delta, var), self.llr(-self.delta, var)
        if better >= upper:
            self.decision = "better"
        elif worse >= upper:
            self.decision = "worse"
        elif better <= lower and worse <= lower:
            self.decision = "no difference"
        return self.decision

    def llr(self, mu: float, var: float) -> float:
        """The log-likelihood ratio of a mean ``mu`` against 0, given the sets so far."""
        return sum(mu * x - mu * mu / 2 for x in self.values) / var


@dataclass(slots=True)
class Arena:
    """A run's games and what they show (:meth:`entrants`, :meth:`summary`)."""

    profile: str
    seed: int
    lineup: tuple[str, ...]
    asked: int
    games: list[GameResult] = field(default_factory=list)
    sprt: Sprt | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: Each bot's share of the sides (:func:`_sides`): its win share with no edge.
    parities: dict[str, float] = field(default_factory=dict)

    @property
    def sets(self) -> int:
        """Sets of games played."""
        return len({g.set for g in self.games})

    def entrants(self) -> list[EntrantStats]:
        """Each bot's figures, in the order of the line-up."""
        names = list(dict.fromkeys(self.lineup))
        out = []
        for name in names:
            by_set: dict[int, list[tuple[float, float]]] = {}
            made = undertaken = decisions = 0
            seconds = 0.0
            games = 0
            for g in self.games:
                mine = [s for s in g.seats if s.bot == name]
                if not mine:
                    continue
                games += 1
                win = sum(s.win for s in mine)
                score = statistics.fmean(float(s.score) / max(s.deals, 1) for s in mine)
                by_set.setdefault(g.set, []).append((win, score))
                made += sum(s.made for s in mine)
                undertaken += sum(s.undertaken for s in mine)
                decisions += sum(s.decisions for s in mine)
                seconds += sum(s.seconds for s in mine)
            wins, wins_ci = _mean_ci([statistics.fmean(w for w, _ in v) for v in by_set.values()])
            score, score_ci = _mean_ci([statistics.fmean(x for _, x in v) for v in by_set.values()])
            out.append(
                EntrantStats(
                    name,
                    self.lineup.count(name),
                    games,
                    self.parities.get(name, 0.0),
                    wins,
                    wins_ci,
                    score,
                    score_ci,
                    made,
                    undertaken,
                    decisions,
                    seconds,
                )
            )
        return out

    def summary(self) -> list[str]:
        """The table as lines of text."""
        head = (
            f"{self.profile}: {len(self.games)} games in {self.sets} duplicate sets, "
            f"seed {self.seed}, line-up {','.join(self.lineup)}"
        )
        lines = [head, ""]
        lines.append(
            f"{'bot':<12} {'games won':>22} {'parity':>7} {'score per deal':>22} "
            f"{'made':>7} {'s/decision':>11}"
        )
        for e in self.entrants():
            made = "-" if e.made_rate is None else f"{100 * e.made_rate:.1f}%"
            lines.append(
                f"{e.name:<12} {100 * e.wins:>8.1f}% ± {100 * e.wins_ci:>5.1f} "
                f"({_interval(e.wins, e.wins_ci)}) {100 * e.parity:>6.1f}% "
                f"{e.score:>9.2f} ± {e.score_ci:>7.2f}    {made:>7} "
                f"{e.seconds_per_decision:>11.4f}"
            )
        if self.sprt is not None:
            decision = self.sprt.decision or "undecided"
            lines.append("")
            lines.append(
                f"SPRT ({self.lineup[0]} vs parity, delta {self.sprt.delta:g}): {decision} "
                f"after {len(self.sprt.values)} sets"
            )
        return lines

    def to_dict(self) -> dict[str, Any]:
        """The run as JSON-ready data."""
        out: dict[str, Any] = {
            "profile": self.profile,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "games": len(self.games),
            "sets": self.sets,
            "entrants": [e.to_dict() for e in self.entrants()],
        }
        if self.options:
            out["options"] = dict(self.options)
        if self.sprt is not None:
            out["sprt"] = {
                "delta": self.sprt.delta,
                "decision": self.sprt.decision or "undecided",
                "sets": len(self.sprt.values),
            }
        return out


def _interval(mean: float, half: float) -> str:
    """The 95% interval of a share, in percent, within 0-100."""
    return f"{max(0.0, 100 * (mean - half)):.1f}-{min(100.0, 100 * (mean + half)):.1f}"


def _sides(rules: Ruleset, lineup: tuple[str, ...]) -> dict[str, float]:
    """Each entrant's share of the sides (a side held by two entrants is half each)."""
    by_side: dict[Side, list[str]] = {}
    for seat, name in enumerate(lineup):
        by_side.setdefault(rules.side_of(seat), []).append(name)
    out: dict[str, float] = {}
    for names in by_side.values():
        for name in names:
            out[name] = out.get(name, 0.0) + 1 / len(names) / len(by_side)
    return out


# ---------------------------------------------------------------------------
# The run


def arena(
    profile: str | Path | Ruleset,
    bots: str | Sequence[str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    samples: int | None = None,
    seconds: float | None = None,
    sprt: float | None = None,
    progress: Callable[[int], object] | None = None,
    keep: list[Arena] | None = None,
) -> Arena:
    """Play at least ``games`` games of ``bots`` (a line-up) in duplicate sets.

    ``samples`` or ``seconds`` is the budget of each ``mc`` bot (``mc:50`` and
    ``mc:20ms`` name their own).  ``workers`` > 1 plays sets on that many
    processes (``backend="ray"``: Ray tasks), which load the profile again by name
    or path with the ruleset's ``[options]``.  ``sprt`` (a win share, e.g. 0.05)
    stops once the first bot's share of wins is shown to be above or below
    parity by that much, or within it.  ``progress(n)`` is called as each set's
    ``n`` games finish.  The games do not depend on ``workers`` or ``backend``.
    ``keep``, a list, gets the result as soon as it is made: what a caller
    interrupted by Ctrl-C reports (the games done).
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise CardrulesError(f"invalid games: {games!r} (expected a whole number >= 1)")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CardrulesError(f"invalid seed: {seed!r} (expected an integer)")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise CardrulesError(f"invalid workers: {workers!r} (expected a whole number >= 1)")
    check_backend(backend)
    if sprt is not None and (isinstance(sprt, bool) or not 0 < float(sprt) < 1):
        raise CardrulesError(f"invalid sprt: {sprt!r} (expected a win share between 0 and 1)")
    make_bot("mc", "check", samples=samples, seconds=seconds)  # the budget, checked
    if isinstance(profile, Ruleset):
        rules = profile
        ref = rules.profile.path or rules.name
    else:
        rules = load(profile)
        ref = str(profile)
    lineup = parse_lineup(bots, rules)
    turns = rotations(lineup)
    sets = -(-games // len(turns))
    options = tuple(rules.options_given.items())
    jobs = [
        _SetJob(str(ref), rules.deals, options, seed, i, turns, samples, seconds)
        for i in range(sets)
    ]
    result = Arena(
        rules.name,
        seed,
        lineup,
        games,
        sprt=None if sprt is None else Sprt(float(sprt)),
        options=dict(rules.options_given),
        parities=_sides(rules, lineup),
    )
    if keep is not None:
        keep.append(result)
    parity = result.parities[lineup[0]]
    if backend == "local" and workers == 1:
        results: Iterator[list[GameResult]] = (play_set(job, rules) for job in jobs)
    else:
        results = run_ordered(play_set, jobs, backend=backend, workers=workers)
    try:
        for set_games in results:
            result.games.extend(set_games)
            if progress is not None:
                progress(len(set_games))
            if result.sprt is not None:
                share = statistics.fmean(
                    sum(s.win for s in g.seats if s.bot == lineup[0]) for g in set_games
                )
                if result.sprt.add(share - parity):
                    break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return result
