"""The typed facade over pluggy: plugin managers, entry points, named components.

A fresh :class:`pluggy.PluginManager` is made for every loaded ruleset (no
module-global manager).  Hook calls return ``Any``; this module is the one
place that turns their answers into typed rule objects.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.metadata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy

from cardrules.errors import ProfileError
from cardrules.rules import builtin, hookspecs
from cardrules.rules.actions import KERNEL_VOCABULARY, Vocabulary
from cardrules.rules.catalog import (
    CHOSEN_TRUMP,
    AuctionTraits,
    Components,
    OptionSpec,
)
from cardrules.rules.components import Auction, Direction, EndCondition, Scorer, ThrowIn
from cardrules.rules.duties import Duty
from cardrules.rules.family import Family, vocabulary_of
from cardrules.rules.hookspecs import hookimpl
from cardrules.rules.profile import Profile

__all__ = [
    "Components",
    "FamilyPlugin",
    "OptionSpec",
    "entry_points",
    "families_of",
    "installed_families",
    "make_plugin_manager",
]


@functools.cache
def entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The installed plugins of the ``cardrules`` entry-point group, by name."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=hookspecs.PROJECT)}


class FamilyPlugin:
    """A :class:`~cardrules.rules.family.Family` as pluggy sees it: the two hooks a
    declaration answers (its components, its profile directories)."""

    def __init__(self, family: Family, home: str) -> None:
        self.family = family
        #: The module the family is declared in (where plugin blame looks).
        self.home = home

    def __repr__(self) -> str:
        return f"FamilyPlugin({self.family.name!r})"

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        self.family.setup(components)

    @hookimpl
    def cardrules_profile_dirs(self) -> list[Path]:
        return self.family.profile_dirs()


def _family_home(family: Family) -> str:
    """The module a family given as an object was declared in, as near as it says."""
    makes: list[object] = [kind.make for kind in family.auctions]
    makes += [kind.make for kind in family.scorers]
    for make in makes:
        module = getattr(make, "__module__", None)
        if isinstance(module, str):
            return module
    return __name__


def _register(pm: pluggy.PluginManager, plugin: object, name: str | None, home: str) -> None:
    """Register ``plugin`` in ``pm``: a family with its hooks, else the plugin itself."""
    if isinstance(plugin, Family):
        pm.register(FamilyPlugin(plugin, home), name=name or f"family:{plugin.name}")
        for i, hooks in enumerate(plugin.hooks):
            pm.register(hooks, name=f"{name or plugin.name}:hooks{i}")
    else:
        pm.register(plugin, name=name)


def make_plugin_manager(
    names: Sequence[str], extra: Iterable[object] = (), *, source: str = ""
) -> pluggy.PluginManager:
    """A fresh plugin manager with the kernel defaults, the named entry points and ``extra``
    (plugins or :class:`~cardrules.rules.family.Family` objects)."""
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
            _register(pm, ep.load(), name, ep.module)
    if problems:
        raise ProfileError(source, problems)
    try:
        for plugin in extra:
            if isinstance(plugin, Family):
                _register(pm, plugin, None, _family_home(plugin))
            else:
                pm.register(plugin)
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise ProfileError(
            source, f"a plugin does not match the hook specifications: {exc}"
        ) from None
    return pm


def families_of(pm: pluggy.PluginManager) -> tuple[Family, ...]:
    """The families registered in ``pm``, in the order they were registered."""
    return tuple(p.family for _, p in pm.list_name_plugin() if isinstance(p, FamilyPlugin))


@functools.cache
def installed_families() -> tuple[Family, ...]:
    """Every installed family (the ``cardrules`` entry points naming a
    :class:`~cardrules.rules.family.Family`), by entry-point name; a plugin that fails to
    load is left out here (it is reported when a profile names it)."""
    found = []
    for _, ep in sorted(entry_points().items()):
        try:
            plugin = ep.load()
        except Exception:  # reported by make_plugin_manager when a profile names it
            continue
        if isinstance(plugin, Family):
            found.append(plugin)
    return tuple(found)


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
    #: The families of the ruleset, and the words its actions are read in (theirs and the kernel's).
    families: tuple[Family, ...] = ()
    vocabulary: Vocabulary = KERNEL_VOCABULARY


def setup_components(pm: pluggy.PluginManager) -> Components:
    """The components every plugin of ``pm`` registers (``cardrules_setup_components``)."""
    components = Components()
    pm.hook.cardrules_setup_components(components=components)
    return components


def with_option_defaults(profile: Profile, components: Components) -> Profile:
    """``profile`` knowing the default of every option its plugins declare, so that
    :meth:`Profile.option` answers for a setting the profile leaves out."""
    defaults = {name: spec.default for name, spec in components.options.items()}
    return dataclasses.replace(profile, option_defaults=defaults)


def resolve(
    pm: pluggy.PluginManager, profile: Profile, deals: int, components: Components
) -> Resolved:
    """The rule objects of ``profile`` (all problems at once): the auction and scorer it
    names, built by their registered factories, and what the hooks answer.

    ``components`` are ``pm``'s (:func:`setup_components`), and ``profile`` knows
    their options' defaults (:func:`with_option_defaults`), as :func:`cardrules.load`
    makes them.
    """
    problems = check_names(profile, components)
    if problems:
        raise ProfileError(profile.path, problems)
    hook = pm.hook
    direction = Direction.named(profile.direction, profile.players)
    throw_ins: list[ThrowIn] = []
    for result in hook.cardrules_deal_throw_ins(profile=profile, components=components):
        throw_ins.extend(result)
    bounds = (profile.min_call, profile.max_call)
    auction = components.auctions[profile.auction_kind](profile, bounds)
    duties: list[Duty] = hook.cardrules_play_duties(profile=profile, components=components)
    scorer = components.scorers[profile.scoring_kind](profile)
    end: EndCondition = hook.cardrules_game_end_condition(
        profile=profile, deals=deals, components=components
    )
    families = families_of(pm)
    return Resolved(
        direction,
        tuple(throw_ins),
        bounds,
        auction,
        tuple(duties),
        scorer,
        end,
        components,
        families,
        vocabulary_of(families),
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
    (:class:`AuctionTraits`, :class:`ScorerTraits`); unknown names are left to
    :func:`check_names`.  The auction and the scorer played are always the ones
    named, so what is compared is what is played.
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


def _trump_problems(auction: AuctionTraits, trump: str) -> list[tuple[str, str]]:
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
