"""The profile schema: TOML in, validated once, frozen dataclasses out.

A profile is one TOML file per named rule set.  It is read with ``tomllib``,
merged over its ``extends`` parent, validated as a whole by the pydantic
models below (unknown keys are errors, every field has a description) and
turned into the frozen :class:`Profile` the engine and the hooks see.  Hooks
never see pydantic models.

Errors name the file, the key path and the expectation, all problems at once::

    invalid profile profiles/my-house.toml:
      auction.min_call -> must be >= 0 (got -1)
      play.duties[2].name -> unknown duty 'must_overtrumpp'; known: follow_suit, ...
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardrules.cards import Suit
from cardrules.errors import ProfileError

__all__ = [
    "ComponentRef",
    "Profile",
    "ProfileModel",
    "dump_profile",
    "dump_resolved",
    "format_validation_error",
    "read_profile_file",
]

OptionValue = bool | int | str


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ComponentRefModel(_Strict):
    """A named rule component (a duty, a throw-in) with the rule id it implements."""

    name: str = Field(description="Name of the component, as registered by the kernel or a plugin.")
    rule: str = Field("", description="Rule id this component implements, shown in refusals.")


class ProfileMetaModel(_Strict):
    """The ``[profile]`` table: identity of the rule set."""

    name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9._-]*$",
        description="Name apps load the profile by (lower case, digits, '-').",
    )
    title: str = Field(description="Human title of the rule set.")
    version: str = Field("1", description="Version of this profile's rules.")
    summary: str = Field("", description="One paragraph on what this rule set is.")
    source: str = Field("", description="Where the rules come from.")
    plugins: list[str] = Field(
        default_factory=list, description="Entry points (group 'cardrules') this profile needs."
    )
    extends: str | None = Field(None, description="Name or path of a parent profile to override.")


class TableModel(_Strict):
    """The ``[table]`` table: players and sides."""

    players: int = Field(4, ge=4, le=4, description="Number of players (the kernel plays with 4).")
    sides: Literal["individual", "partnership"] = Field(
        "individual", description="Each for themselves, or pairs N/S against E/W."
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class DealModel(_Strict):
    """The ``[deal]`` table: order round the table, cut, throw-ins."""

    direction: Literal["clockwise", "counterclockwise"] = Field(
        description="Order of dealing, calling and play; the deal passes to the next seat "
        "in this order, and the first card goes to the seat after the dealer."
    )
    cutter: Literal["left", "right"] = Field(
        description="The dealer's neighbour who cuts after the shuffle."
    )
    throw_in: list[ComponentRefModel] = Field(
        default_factory=list,
        description="Reasons to throw the cards in and redeal (same dealer) before any call.",
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class AuctionModel(_Strict):
    """The ``[auction]`` table: what happens between the deal and the first lead."""

    kind: str = Field(
        "calls",
        description="Auction component: 'calls' (a call of tricks each) "
        "or one provided by a plugin.",
    )
    min_call: int = Field(0, ge=0, le=13, description="Lowest call allowed.")
    max_call: int = Field(13, ge=0, le=13, description="Highest call allowed.")
    rule: str = Field("", description="Rule id shown when an action of the auction is refused.")
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")

    @model_validator(mode="after")
    def _bounds(self) -> AuctionModel:
        if self.min_call > self.max_call:
            raise ValueError(
                f"min_call ({self.min_call}) must not be above max_call ({self.max_call})"
            )
        return self


class PlayModel(_Strict):
    """The ``[play]`` table: trumps and the duties that narrow the playable cards."""

    trump: Literal["C", "D", "H", "S", "none", "contract"] = Field(
        description="Fixed trump suit, 'none' for no-trump, or 'contract' (chosen per deal)."
    )
    duties: list[ComponentRefModel] = Field(
        description="Duties in the order they apply; each narrows the cards still allowed."
    )
    turn_rule: str = Field(
        "", description="Rule id a refusal cites when a seat plays a card out of turn."
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class ScoringModel(_Strict):
    """The ``[scoring]`` table: how a deal is scored."""

    kind: str = Field(description="Scorer component, provided by a plugin.")
    rule: str = Field("", description="Rule id of the scoring rule.")
    params: dict[str, OptionValue] = Field(
        default_factory=dict, description="Settings of the scorer."
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class GameModel(_Strict):
    """The ``[game]`` table: when a game of several deals ends."""

    deals: int = Field(ge=1, le=1000, description="Number of deals in a game.")
    deal_choices: list[int] = Field(
        default_factory=list, description="Other allowed numbers of deals, if any."
    )
    rule: str = Field("", description="Rule id of the end of the game.")
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")

    @model_validator(mode="after")
    def _choices(self) -> GameModel:
        if self.deal_choices and self.deals not in self.deal_choices:
            raise ValueError(
                f"deals ({self.deals}) must be one of deal_choices {self.deal_choices}"
            )
        return self


class ProfileModel(_Strict):
    """A whole profile file."""

    profile: ProfileMetaModel = Field(description="Identity of the rule set.")
    table: TableModel = Field(default_factory=TableModel, description="Players and sides.")
    deal: DealModel = Field(description="Dealing.")
    auction: AuctionModel = Field(default_factory=AuctionModel, description="The auction.")
    play: PlayModel = Field(description="Play of the cards.")
    scoring: ScoringModel = Field(description="Scoring.")
    game: GameModel = Field(description="End of the game.")
    options: dict[str, OptionValue] = Field(
        default_factory=dict,
        description="House-rule switches and plugin settings, declared by plugins.",
    )


# ---------------------------------------------------------------------------
# The engine's view: frozen dataclasses.


@dataclass(frozen=True, slots=True)
class ComponentRef:
    """A named component and the rule id it implements."""

    name: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated profile, as hooks and the engine see it (no pydantic)."""

    name: str
    title: str
    version: str
    summary: str
    source: str
    plugins: tuple[str, ...]
    extends: str | None
    sides: str
    direction: str
    cutter: str
    throw_in: tuple[ComponentRef, ...]
    auction_kind: str
    min_call: int
    max_call: int
    auction_rule: str
    trump: str
    duties: tuple[ComponentRef, ...]
    play_turn_rule: str
    scoring_kind: str
    scoring_rule: str
    scoring_params: Mapping[str, OptionValue]
    deals: int
    deal_choices: tuple[int, ...]
    game_rule: str
    options: Mapping[str, OptionValue]
    rule_ids: Mapping[str, tuple[str, ...]]
    path: str
    data: Mapping[str, Any]

    @classmethod
    def from_model(cls, m: ProfileModel, *, path: str, data: Mapping[str, Any]) -> Profile:
        """The engine's profile from a validated model."""
        return cls(
            name=m.profile.name,
            title=m.profile.title,
            version=m.profile.version,
            summary=m.profile.summary,
            source=m.profile.source,
            plugins=tuple(m.profile.plugins),
            extends=m.profile.extends,
            sides=m.table.sides,
            direction=m.deal.direction,
            cutter=m.deal.cutter,
            throw_in=tuple(ComponentRef(c.name, c.rule) for c in m.deal.throw_in),
            auction_kind=m.auction.kind,
            min_call=m.auction.min_call,
            max_call=m.auction.max_call,
            auction_rule=m.auction.rule,
            trump=m.play.trump,
            duties=tuple(ComponentRef(c.name, c.rule) for c in m.play.duties),
            play_turn_rule=m.play.turn_rule,
            scoring_kind=m.scoring.kind,
            scoring_rule=m.scoring.rule,
            scoring_params=dict(m.scoring.params),
            deals=m.game.deals,
            deal_choices=tuple(m.game.deal_choices),
            game_rule=m.game.rule,
            options=dict(m.options),
            rule_ids={
                "table": tuple(m.table.rules),
                "deal": tuple(m.deal.rules),
                "auction": tuple(m.auction.rules),
                "play": tuple(m.play.rules),
                "scoring": tuple(m.scoring.rules),
                "game": tuple(m.game.rules),
            },
            path=path,
            data=data,
        )

    def option(self, name: str, default: OptionValue) -> OptionValue:
        """The value of a house-rule switch or plugin setting."""
        return self.options.get(name, default)

    @property
    def fixed_trump(self) -> Suit | None:
        """The trump suit the profile fixes; None in no-trump or when the auction chooses it."""
        return Suit[self.trump] if self.trump in ("C", "D", "H", "S") else None


# ---------------------------------------------------------------------------
# Reading, merging, validating.


def format_validation_error(exc: ValidationError) -> list[tuple[str, str]]:
    """``(key path, expectation)`` pairs from a pydantic error, in user words."""
    problems = []
    for err in exc.errors():
        path = ""
        for part in err["loc"]:
            if isinstance(part, int):
                path += f"[{part}]"
            else:
                path += ("." if path else "") + str(part)
        kind = err["type"]
        ctx = err.get("ctx", {})
        got = err.get("input")
        if kind == "extra_forbidden":
            what = "unknown key"
        elif kind == "missing":
            what = "required key is missing"
        elif kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
            sign = {
                "greater_than_equal": ">=",
                "less_than_equal": "<=",
                "greater_than": ">",
                "less_than": "<",
            }[kind]
            bound = next(iter(ctx.values()))
            what = f"must be {sign} {bound} (got {got!r})"
        elif kind == "literal_error":
            what = f"must be one of {ctx.get('expected', '')} (got {got!r})"
        elif kind == "value_error":
            what = str(ctx.get("error", err["msg"]))
        else:
            what = f"{err['msg'][0].lower()}{err['msg'][1:]} (got {got!r})"
        problems.append((path or "(top level)", what))
    return problems


def read_profile_file(path: Path) -> dict[str, Any]:
    """The raw TOML table of a profile file; :class:`ProfileError` if unreadable."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ProfileError(str(path), "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(str(path), f"cannot read the file: {exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(str(path), f"not valid TOML: {exc}") from None


def merge(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """Child settings over parent ones, table by table; lists are replaced whole."""
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def validate(data: Mapping[str, Any], source: str) -> ProfileModel:
    """Validate a (merged) profile table; every problem at once."""
    try:
        return ProfileModel.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(source, format_validation_error(exc)) from None


def dump_profile(data: Mapping[str, Any]) -> str:
    """TOML text of a profile table (written with tomli-w)."""
    return tomli_w.dumps(dict(data))


def dump_resolved(profile: Profile) -> str:
    """TOML text of a loaded profile with ``extends`` resolved and every default written out.

    The text stands alone (no ``extends``): loading it gives the same rules.
    """
    data = validate(profile.data, profile.path).model_dump(mode="json", exclude_none=True)
    data["profile"].pop("extends", None)
    head = f"# {profile.name}: resolved from {Path(profile.path).name}"
    if profile.extends:
        head += f" (extends {profile.extends})"
    return f"{head}\n\n{dump_profile(data)}"
