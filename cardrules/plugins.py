"""The typed facade over pluggy: plugin managers, entry points, named components.

A fresh :class:`pluggy.PluginManager` is made for every loaded ruleset (no
module-global manager).  Hook calls return ``Any``; this module is the one
place that turns their answers into typed rule objects.
"""

from __future__ import annotations

import functools
import importlib.metadata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy

from cardrules import hookspecs
from cardrules.components import Auction, Direction, EndCondition, Scorer, ThrowIn
from cardrules.duties import Duty
from cardrules.errors import ProfileError
from cardrules.profile import OptionValue, Profile

__all__ = [
    "Components",
    "OptionSpec",
    "entry_points",
    "make_plugin_manager",
]

AuctionFactory = Callable[[Profile, tuple[int, int]], Auction]
ScorerFactory = Callable[[Profile], Scorer]
ThrowInTest = Callable[[int], bool]

#: The ``[play] trump`` of a profile whose auction chooses each deal's trump.
CHOSEN_TRUMP = "contract"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A declared ``[options]`` setting: a house-rule switch or a plugin setting."""

    name: str
    default: OptionValue
    description: str
    rule: str = ""
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> str | None:
        """None if ``value`` is acceptable, else what was expected."""
        kind = type(self.default)
        if type(value) is not kind:
            return f"must be {kind.__name__} (got {value!r})"
        if self.choices and value not in self.choices:
            return f"must be one of {', '.join(map(repr, self.choices))} (got {value!r})"
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                return f"must be >= {self.minimum} (got {value!r})"
            if self.maximum is not None and value > self.maximum:
                return f"must be <= {self.maximum} (got {value!r})"
        return None


@dataclass(frozen=True, slots=True)
class ThrowInSpec:
    """A named throw-in test a profile can list under ``[deal] throw_in``."""

    name: str
    description: str
    test: ThrowInTest


@dataclass(frozen=True, slots=True)
class AuctionSpec:
    """What a registered auction gives play and scoring, checked against a profile at load.

    Without these a profile could name parts that validate one by one and
    still do not fit: its games would break at the first scoring, or quietly
    play other rules.  Every field defaults to "not declared", which fits
    anything (the auctions of plugins written before the check).

    ``provides``
        The shape of the :class:`~cardrules.components.Contract` it makes:
        ``"calls"`` (``calls`` holds one call per seat) or ``"declarer"``
        (``declarer``, ``dummy``, ``strain``, ``goal`` and ``target`` are
        set); a plugin may coin another name for another shape.
    ``chooses_trump``
        True when each deal's contract carries a trump the auction chose (the
        profile then says ``[play] trump = "contract"``); False when it
        carries the profile's fixed trump or no-trump.
    ``sides``
        The ``[table] sides`` it works with (``"individual"``,
        ``"partnership"``); empty for any.
    """

    name: str
    provides: str = ""
    chooses_trump: bool | None = None
    sides: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ScorerSpec:
    """What a registered scorer needs of the auction and the table, checked at load.

    ``needs`` is the contract shape it reads (the ``provides`` of
    :class:`AuctionSpec`; empty: only what every contract has), ``sides`` the
    ``[table] sides`` whose keys its scores use (empty for any).  See
    :class:`AuctionSpec` for why.
    """

    name: str
    needs: str = ""
    sides: tuple[str, ...] = ()


class Components:
    """The named rule components of one ruleset, filled by ``cardrules_setup_components``."""

    def __init__(self) -> None:
        self.duties: dict[str, type[Duty]] = {}
        self.throw_ins: dict[str, ThrowInSpec] = {}
        self.auctions: dict[str, AuctionFactory] = {}
        self.scorers: dict[str, ScorerFactory] = {}
        self.auction_specs: dict[str, AuctionSpec] = {}
        self.scorer_specs: dict[str, ScorerSpec] = {}
        self.options: dict[str, OptionSpec] = {}

    def add_duty(self, cls: type[Duty]) -> None:
        """Register a :class:`~cardrules.duties.Duty` subclass under its ``name``."""
        self.duties[cls.name] = cls

    def add_throw_in(self, name: str, description: str, test: ThrowInTest) -> None:
        """Register a throw-in test: ``test(hand_mask)`` true forces a redeal."""
        self.throw_ins[name] = ThrowInSpec(name, description, test)

    def add_auction(
        self,
        name: str,
        factory: AuctionFactory,
        *,
        provides: str = "",
        chooses_trump: bool | None = None,
        sides: str | Iterable[str] = (),
    ) -> None:
        """Register an auction factory ``(profile, bounds) -> Auction``.

        The keywords declare what it gives, so that a profile whose parts do
        not fit is refused at load rather than mid-game (see
        :class:`AuctionSpec`): ``provides`` the contract shape (``"calls"``,
        ``"declarer"``), ``chooses_trump`` whether it picks each deal's trump
        (``[play] trump = "contract"``), ``sides`` the ``[table] sides`` it
        plays with.  Left out, each fits anything::

            components.add_auction(
                "my_auction", make, provides="declarer", chooses_trump=True, sides="partnership"
            )
        """
        self.auctions[name] = factory
        self.auction_specs[name] = AuctionSpec(name, provides, chooses_trump, _sides(sides))

    def add_scorer(
        self,
        name: str,
        factory: ScorerFactory,
        *,
        needs: str = "",
        sides: str | Iterable[str] = (),
    ) -> None:
        """Register a scorer factory ``(profile) -> Scorer``.

        The keywords declare what it reads, checked at load like an auction's
        (see :class:`ScorerSpec`): ``needs`` the contract shape an auction
        ``provides`` (``"calls"``, ``"declarer"``), ``sides`` the
        ``[table] sides`` its scores are keyed by (seats for ``"individual"``,
        pairs for ``"partnership"``).  Left out, each fits anything::

            components.add_scorer("my_scorer", make, needs="calls", sides="individual")
        """
        self.scorers[name] = factory
        self.scorer_specs[name] = ScorerSpec(name, needs, _sides(sides))

    def add_option(self, spec: OptionSpec) -> None:
        """Declare an ``[options]`` setting (a house-rule switch)."""
        self.options[spec.name] = spec


def _sides(sides: str | Iterable[str]) -> tuple[str, ...]:
    """Sides as a tuple; one name alone is one side, not its letters."""
    return (sides,) if isinstance(sides, str) else tuple(sides)


@functools.cache
def entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The installed plugins of the ``cardrules`` entry-point group, by name."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=hookspecs.PROJECT)}


def make_plugin_manager(
    names: Sequence[str], extra: Iterable[object] = (), *, source: str = ""
) -> pluggy.PluginManager:
    """A fresh plugin manager with the kernel defaults, the named entry points and ``extra``."""
    from cardrules import builtin

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(builtin, name="cardrules.builtin")
    known = entry_points()
    problems = []
    for i, name in enumerate(names):
        ep = known.get(name)
        if ep is None:
            problems.append(
                (
                    f"profile.plugins[{i}]",
                    f"plugin {name!r} is not installed; installed: "
                    f"{', '.join(sorted(known)) or '(none)'}",
                )
            )
            continue
        if pm.get_plugin(name) is None:
            pm.register(ep.load(), name=name)
    if problems:
        raise ProfileError(source, problems)
    try:
        for plugin in extra:
            pm.register(plugin)
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise ProfileError(
            source, f"a plugin does not match the hook specifications: {exc}"
        ) from None
    return pm


def all_plugins_manager() -> pluggy.PluginManager:
    """A plugin manager with every installed plugin, for listing profiles."""
    return make_plugin_manager(sorted(entry_points()))


def profile_dirs(pm: pluggy.PluginManager) -> list[Path]:
    """Profile directories contributed by plugins."""
    dirs: list[Path] = []
    for result in pm.hook.cardrules_profile_dirs():
        dirs.extend(Path(p) for p in result)
    return dirs


@dataclass(frozen=True, slots=True)
class Resolved:
    """The rule objects of a profile, asked of the hooks once."""

    direction: Direction
    throw_ins: tuple[ThrowIn, ...]
    bounds: tuple[int, int]
    auction: Auction
    duties: tuple[Duty, ...]
    scorer: Scorer
    end: EndCondition
    components: Components


def resolve(pm: pluggy.PluginManager, profile: Profile, deals: int) -> Resolved:
    """Ask the hooks for every rule object of ``profile``; all problems at once."""
    components = Components()
    pm.hook.cardrules_setup_components(components=components)
    problems = check_names(profile, components)
    if problems:
        raise ProfileError(profile.path, problems)
    hook = pm.hook
    direction: Direction = hook.cardrules_deal_direction(profile=profile)
    throw_ins: list[ThrowIn] = []
    for result in hook.cardrules_deal_throw_ins(profile=profile, components=components):
        throw_ins.extend(result)
    bounds: tuple[int, int] = hook.cardrules_auction_bid_bounds(profile=profile)
    auction: Auction = hook.cardrules_auction_create(
        profile=profile, bounds=bounds, components=components
    )
    duties: list[Duty] = hook.cardrules_play_duties(profile=profile, components=components)
    scorer: Scorer = hook.cardrules_score_scorer(profile=profile, components=components)
    end: EndCondition = hook.cardrules_game_end_condition(profile=profile, deals=deals)
    return Resolved(
        direction, tuple(throw_ins), bounds, auction, tuple(duties), scorer, end, components
    )


def _known(table: Mapping[str, object]) -> str:
    return ", ".join(sorted(table)) or "(none)"


def _unknown(where: str, what: str, name: str, table: Mapping[str, object]) -> tuple[str, str]:
    """The problem of a component name ``table`` does not know, listing the known ones."""
    return (where, f"unknown {what} {name!r}; known: {_known(table)}")


def raw_name_problems(data: dict[str, Any], extra: Iterable[object] = ()) -> list[tuple[str, str]]:
    """The component-name problems of a profile table that failed its schema, best effort.

    So one :class:`ProfileError` lists a misspelt duty together with the
    schema's problems; a table too broken to name its plugins adds nothing.
    The messages are those of :func:`check_names`.
    """
    meta = data.get("profile")
    names = meta.get("plugins", []) if isinstance(meta, dict) else []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return []
    components = Components()
    try:
        make_plugin_manager(names, extra).hook.cardrules_setup_components(components=components)
    except ProfileError:
        return []

    def section(key: str) -> dict[str, Any]:
        value = data.get(key)
        return value if isinstance(value, dict) else {}

    problems: list[tuple[str, str]] = []
    lists: tuple[tuple[str, str, dict[str, Any], str], ...] = (
        ("play", "duties", components.duties, "duty"),
        ("deal", "throw_in", components.throw_ins, "throw-in"),
    )
    for key, field, table, what in lists:
        refs = section(key).get(field)
        for i, ref in enumerate(refs if isinstance(refs, list) else []):
            name = ref.get("name") if isinstance(ref, dict) else None
            if isinstance(name, str) and name not in table:
                problems.append(_unknown(f"{key}.{field}[{i}].name", what, name, table))
    kinds: tuple[tuple[str, dict[str, Any], str], ...] = (
        ("auction", components.auctions, "auction"),
        ("scoring", components.scorers, "scorer"),
    )
    for key, table, what in kinds:
        name = section(key).get("kind")
        if isinstance(name, str) and name not in table:
            problems.append(_unknown(f"{key}.kind", what, name, table))
    return problems


def check_names(profile: Profile, components: Components) -> list[tuple[str, str]]:
    """Problems with component names and options that the schema alone cannot see.

    Also whether the named auction and scorer fit each other and the table
    (:func:`fit_problems`): all problems at once, one :class:`ProfileError`.
    """
    problems = [
        _unknown(f"play.duties[{i}].name", "duty", ref.name, components.duties)
        for i, ref in enumerate(profile.duties)
        if ref.name not in components.duties
    ]
    problems += [
        _unknown(f"deal.throw_in[{i}].name", "throw-in", ref.name, components.throw_ins)
        for i, ref in enumerate(profile.throw_in)
        if ref.name not in components.throw_ins
    ]
    if profile.auction_kind not in components.auctions:
        problems.append(
            _unknown("auction.kind", "auction", profile.auction_kind, components.auctions)
        )
    if profile.scoring_kind not in components.scorers:
        problems.append(
            _unknown("scoring.kind", "scorer", profile.scoring_kind, components.scorers)
        )
    problems += fit_problems(profile, components)
    for key, value in profile.options.items():
        spec = components.options.get(key)
        if spec is None:
            problems.append(
                (f"options.{key}", f"unknown option; known: {_known(components.options)}")
            )
            continue
        what = spec.check(value)
        if what:
            problems.append((f"options.{key}", what))
    return problems


def fit_problems(profile: Profile, components: Components) -> list[tuple[str, str]]:
    """Where the named auction, the named scorer, ``[table] sides`` and ``[play] trump`` clash.

    Each part validates on its own, yet together they may not make a game: a
    scorer keyed by seats at a partnership table raises at the first scoring,
    a scorer that reads calls cannot score a contract without them, and an
    auction that never chooses a trump quietly plays no-trump under
    ``trump = "contract"``.  Only what the components declared is compared
    (:class:`AuctionSpec`, :class:`ScorerSpec`); unknown names are left to
    :func:`check_names`.  A plugin that replaces the auction or the scorer
    through its hook, whatever the profile names, answers for the fit itself.
    """
    auction = components.auction_specs.get(profile.auction_kind)
    scorer = components.scorer_specs.get(profile.scoring_kind)
    problems: list[tuple[str, str]] = []
    if auction is not None:
        problems += _sides_problems(
            "auction.kind", f"auction {auction.name!r}", auction.sides, profile.sides
        )
        problems += _trump_problems(auction, profile.trump)
    if scorer is not None:
        problems += _sides_problems(
            "scoring.kind", f"scorer {scorer.name!r}", scorer.sides, profile.sides
        )
        if auction is not None and scorer.needs and auction.provides not in ("", scorer.needs):
            problems.append(
                (
                    "scoring.kind",
                    f"scorer {scorer.name!r} needs {scorer.needs!r} contracts "
                    f"(auction.kind is {auction.name!r}, which makes "
                    f"{auction.provides!r} contracts)",
                )
            )
    return problems


def _sides_problems(
    key: str, who: str, allowed: tuple[str, ...], sides: str
) -> list[tuple[str, str]]:
    """A component (named at ``key``) that does not play with the profile's ``[table] sides``."""
    if not allowed or sides in allowed:
        return []
    needed = " or ".join(allowed)
    return [(key, f"{who} needs {needed} sides (table.sides is {sides!r})")]


def _trump_problems(auction: AuctionSpec, trump: str) -> list[tuple[str, str]]:
    """``[play] trump = "contract"`` without an auction choosing it, or a fixed one with such."""
    if auction.chooses_trump is None:
        return []
    if auction.chooses_trump and trump != CHOSEN_TRUMP:
        return [
            (
                "play.trump",
                f"must be {CHOSEN_TRUMP!r} (got {trump!r}): auction.kind is "
                f"{auction.name!r}, which chooses the trump each deal",
            )
        ]
    if not auction.chooses_trump and trump == CHOSEN_TRUMP:
        return [
            (
                "play.trump",
                f"{CHOSEN_TRUMP!r} needs an auction that chooses the trump "
                f"(auction.kind is {auction.name!r}, which does not)",
            )
        ]
    return []
