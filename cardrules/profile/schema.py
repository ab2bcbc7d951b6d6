"""The profile schema: the pydantic models every profile is validated against.

A ``[deck] name`` that is no built-in deck may be one a family declares
(:attr:`cardrules.rules.family.Family.decks`), known only once the profile's
plugins are loaded: validated without them (``decks`` empty), the name is kept
and what hangs on the deck's size (the call bounds, the hand sizes) is not yet
checked; :func:`cardrules.load` validates the profile again with its plugins'
decks, or refuses the name.

Imported only when a profile has to be validated: a shipped profile whose
merged table is unchanged loads from the snapshot of its validation
(``profiles/_validated.json``, see :mod:`cardrules.profile.validated`), so
an app that only loads shipped profiles never imports pydantic.  ``python -m
cardrules.profile`` rewrites the snapshot; a test checks it is current.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails, InitErrorDetails

from cardrules.deck import DECKS, Deck, DeckSpec
from cardrules.errors import CardrulesError, ProfileError, shown
from cardrules.profile.files import key_path

__all__ = [
    "ComponentRefModel",
    "ProfileModel",
    "format_validation_error",
    "validate",
    "validated_dump",
]


def _declared_decks(info: ValidationInfo) -> Mapping[str, DeckSpec]:
    """The decks the profile's plugins declare, as the validation's context gives them
    (``{"decks": ...}``; none: validated without its plugins)."""
    context = info.context
    decks = context.get("decks") if isinstance(context, Mapping) else None
    return decks if isinstance(decks, Mapping) else {}


class _Strict(BaseModel):
    """Base of every table: unknown keys are errors, and values are never coerced.

    TOML already has typed values, so a value of the wrong type is a mistake
    to report, not to repair: strict mode refuses ``deals = "5"`` (a string),
    ``deals = true`` (a bool is not a number) and ``deals = 5.0``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


#: The fewest and most deals a game may have.
MIN_DEALS, MAX_DEALS = 1, 1000


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
    extends: str | None = Field(
        None,
        description="Parent profile this one overrides: an installed profile's name, "
        "or a path ending in '.toml' (relative to this file).",
    )


class DeckModel(_Strict):
    """The ``[deck]`` table: the cards played with (left out: the French 52-card pack)."""

    name: str = Field(
        "french-52",
        max_length=40,
        description="A built-in deck: french-52, piquet-32, euchre-24, pinochle-48, tarot-78, "
        "tarok-54; or one the profile's family declares; or, with the keys below, the name "
        "of the deck they declare (then not a built-in name).",
    )
    suits: list[Literal["C", "D", "H", "S"]] | None = Field(
        None, min_length=1, description="The suits, in the order cards are numbered."
    )
    ranks: list[str] | dict[str, list[str]] | None = Field(
        None,
        description="The ranks of every suit in their natural order, lowest first ('2'..'10', "
        "'J', 'Q', 'K', 'A', 'C' the knight), or a table of them by suit.",
    )
    copies: int = Field(1, ge=1, le=8, description="Copies of each card of a suit.")
    extras: list[str] = Field(
        default_factory=list,
        max_length=64,
        description="The texts of the cards outside the suits (jokers, a Tarot's trumps), in "
        "their natural order, lowest first.",
    )
    points: dict[str, int] = Field(
        default_factory=dict,
        description="Card points counted in the tricks won, by rank ('A' = 11), card text "
        "('10H') or extra card's text; cards not named count 0.",
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")

    @property
    def inline(self) -> bool:
        """Whether the table declares its deck (suits, ranks or extras) rather than names one."""
        return self.suits is not None or self.ranks is not None or bool(self.extras)

    def spec(self, decks: Mapping[str, DeckSpec]) -> DeckSpec | None:
        """The deck the table declares or names; None for a name neither built-in nor in
        ``decks`` (a family's deck, resolved when the profile's plugins are loaded)."""
        if not self.inline and self.name not in DECKS and self.name not in decks:
            return None
        return DeckSpec.from_table(self.model_dump(mode="json"), decks)

    @model_validator(mode="after")
    def _declared(self, info: ValidationInfo) -> DeckModel:
        if not self.inline:
            # A name that is not built-in may be a family's: load() resolves it or refuses.
            if self.copies != 1:
                raise ValueError("copies: declare suits and ranks to change a named deck")
            try:
                self.spec(_declared_decks(info))  # the points of a named deck
            except CardrulesError as exc:
                raise ValueError(str(exc)) from None
            return self
        if self.name in DECKS:
            raise ValueError(f"name {self.name!r}: a built-in deck's name; name the deck declared")
        try:
            DeckSpec.from_table(self.model_dump(mode="json"))
        except CardrulesError as exc:
            raise ValueError(str(exc)) from None
        return self


class TableModel(_Strict):
    """The ``[table]`` table: players and sides."""

    players: int = Field(4, ge=3, le=7, description="Number of players, 3 to 7.")
    sides: Literal["individual", "partnership"] = Field(
        "individual",
        description="Each for themselves, or pairs N/S against E/W (four players only).",
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
    first_dealer: int | None = Field(
        None,
        ge=0,
        le=6,
        description="The seat that deals the first deal (0 = N; duplicate boards start with "
        "N); left out, chance picks it from the game's seed.",
    )
    throw_in: list[ComponentRefModel] = Field(
        default_factory=list,
        description="Reasons to throw the cards in and redeal (same dealer) before any call.",
    )
    hand_sizes: list[int] = Field(
        default_factory=list,
        description="Cards dealt to each player, deal by deal (the list starts again when it "
        "runs out); the cards not dealt stay in the stock.  Empty: the whole pack is shared "
        "out.",
    )
    turn_up: bool = Field(
        False,
        description="The stock's top card is turned up after the deal for every seat to see "
        "(what [play] trump = 'turn_up' does, whatever the trump: Euchre's upcard).",
    )
    hand_size_range: list[int] | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="[low, high]: each deal's hand size drawn by chance from low to high "
        "(each as likely, from the game's seed), instead of hand_sizes.",
    )
    stages: list[int] | None = Field(
        None,
        min_length=1,
        description="The hands dealt in stages with an auction between them: the cards "
        "each player receives at each stage, in order (Twenty-Nine's [4, 4]: four cards "
        "each, an auction on them, then four more).  Each stage is a positive whole "
        "number and they add up to the hand size (every deal's: not with "
        "hand_size_range).  The seed's shuffle decides the whole hands as without "
        "stages, each seat's cards going to its stages in the order they are dealt; the "
        "throw-ins look at the first stage, the auction starts on it, and the next are "
        "dealt when the auction asks for them (its stages_dealt), all that are left when "
        "it ends.  Left out: one stage, the whole hand at once.",
    )

    @field_validator("stages")
    @classmethod
    def _stages(cls, stages: list[int] | None, info: ValidationInfo) -> list[int] | None:
        """Each stage deals at least a card; one hand size (not drawn from a range)."""
        if stages is None:
            return None
        if any(stage < 1 for stage in stages):
            raise ValueError(f"each stage must deal at least 1 card (got {shown(stages)})")
        if info.data.get("hand_size_range") is not None:
            raise ValueError("not with hand_size_range (the stages add up to one hand size)")
        return stages

    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class AuctionModel(_Strict):
    """The ``[auction]`` table: what happens between the deal and the first lead."""

    kind: str = Field(
        "calls",
        description="Auction component: 'calls' (a call of tricks each) "
        "or one provided by a plugin.",
    )
    min_call: int = Field(0, ge=0, description="Lowest call allowed.")
    max_call: int | None = Field(
        None,
        ge=0,
        description="Highest call allowed; left out: the tricks of a deal when the whole deck "
        "is shared out (the deck's size over the players).",
    )
    rule: str = Field("", description="Rule id shown when an action of the auction is refused.")
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class PlayModel(_Strict):
    """The ``[play]`` table: trumps and the duties that narrow the playable cards."""

    trump: Literal["C", "D", "H", "S", "none", "contract", "turn_up"] = Field(
        description="Fixed trump suit, 'none' for no-trump, 'contract' (chosen per deal), or "
        "'turn_up': the suit of the stock's top card, turned up after the deal (no-trump "
        "when no card is left)."
    )
    duties: list[ComponentRefModel] = Field(
        description="Duties in the order they apply; each narrows the cards still allowed."
    )
    turn_rule: str = Field(
        "", description="Rule id a refusal cites when a seat plays a card out of turn."
    )
    claims: bool = Field(
        False,
        description="A player may claim some of the remaining tricks ('claim N'); the other "
        "side accepts ('accept claim') or refuses ('refuse claim'). Partnership tables only.",
    )
    claim_rule: str = Field("", description="Rule id of claims, cited by their refusals.")
    order: str = Field(
        "natural",
        max_length=40,
        description="The ranking of the cards in play: 'natural' (each suit in its natural "
        "order, the trump suit above), or one a plugin declares (a contract may name its own).",
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class ScoringModel(_Strict):
    """The ``[scoring]`` table: how a deal is scored."""

    kind: str = Field(description="Scorer component, provided by a plugin.")
    rule: str = Field("", description="Rule id of the scoring rule.")
    params: dict[str, bool | int | str] = Field(
        default_factory=dict, description="Settings of the scorer."
    )
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")


class GameModel(_Strict):
    """The ``[game]`` table: when a game of several deals ends."""

    deals: int = Field(ge=MIN_DEALS, le=MAX_DEALS, description="Number of deals in a game.")
    deal_choices: list[int] = Field(
        default_factory=list,
        description=f"Other allowed numbers of deals ({MIN_DEALS} to {MAX_DEALS}), if any.",
        json_schema_extra={
            "items": {"type": "integer", "minimum": MIN_DEALS, "maximum": MAX_DEALS}
        },
    )
    deal_range: list[int] | None = Field(
        None,
        description=(
            f"Any number of deals from the first to the second of these is allowed too "
            f"([1, {MAX_DEALS}]: any number the players agree)."
        ),
        json_schema_extra={
            "items": {"type": "integer", "minimum": MIN_DEALS, "maximum": MAX_DEALS},
            "minItems": 2,
            "maxItems": 2,
        },
    )
    rule: str = Field("", description="Rule id of the end of the game.")
    rules: list[str] = Field(default_factory=list, description="Rule ids this table serves.")

    @field_validator("deal_range")
    @classmethod
    def _range(cls, bounds: list[int] | None) -> list[int] | None:
        if bounds is None:
            return None
        if len(bounds) != 2 or not MIN_DEALS <= bounds[0] <= bounds[1] <= MAX_DEALS:
            raise ValueError(
                f"must be [low, high] with {MIN_DEALS} <= low <= high <= {MAX_DEALS} "
                f"(got {shown(bounds)})"
            )
        return bounds

    # Checked here, not by an annotation on the items: the schema's annotations
    # are shown as written in the profile reference (docgen), so they stay plain.
    @field_validator("deal_choices")
    @classmethod
    def _choice_counts(cls, choices: list[int]) -> list[int]:
        bad = [n for n in choices if not MIN_DEALS <= n <= MAX_DEALS]
        if bad:
            raise ValueError(f"each must be from {MIN_DEALS} to {MAX_DEALS} (got {shown(bad)})")
        return choices

    @model_validator(mode="after")
    def _choices(self) -> GameModel:
        low, high = self.deal_range or (0, -1)
        in_range = low <= self.deals <= high
        if self.deal_choices and self.deals not in self.deal_choices and not in_range:
            raise ValueError(
                f"deals ({self.deals}) must be one of deal_choices {shown(self.deal_choices)}"
            )
        if self.deal_range and not self.deal_choices and not low <= self.deals <= high:
            raise ValueError(f"deals ({self.deals}) must be in deal_range {shown(self.deal_range)}")
        return self


class ProfileModel(_Strict):
    """A whole profile file."""

    profile: ProfileMetaModel = Field(description="Identity of the rule set.")
    table: TableModel = Field(default_factory=TableModel, description="Players and sides.")
    deck: DeckModel = Field(default_factory=DeckModel, description="The cards played with.")
    deal: DealModel = Field(description="Dealing.")
    auction: AuctionModel = Field(
        default_factory=AuctionModel, validate_default=True, description="The auction."
    )
    play: PlayModel = Field(description="Play of the cards.")
    scoring: ScoringModel = Field(description="Scoring.")
    game: GameModel = Field(description="End of the game.")
    options: dict[str, bool | int | float | str] = Field(
        default_factory=dict,
        description="House-rule switches and plugin settings, declared by plugins.",
    )

    @field_validator("auction")
    @classmethod
    def _calls_fit(cls, auction: AuctionModel, info: ValidationInfo) -> AuctionModel:
        """The call bounds: the lowest at most the tricks of a deal (the deck's size over the
        players), the highest at most the deck's size (a parent written for a larger deck may
        set it higher than a hand holds), checked once the table and the deck are valid; a
        highest call left out is the tricks of a deal; the lowest not above the highest."""
        low, high = auction.min_call, auction.max_call
        table, deck = info.data.get("table"), info.data.get("deck")
        spec = deck.spec(_declared_decks(info)) if isinstance(deck, DeckModel) else None
        if isinstance(table, TableModel) and spec is not None:
            size = Deck(spec).size
            most = size // table.players
            errors = [
                InitErrorDetails(type="less_than_equal", loc=(key,), input=value, ctx={"le": top})
                for key, value, top in (("min_call", low, most), ("max_call", high, size))
                if value is not None and value > top
            ]
            if errors:  # reported at auction.min_call and auction.max_call
                raise ValidationError.from_exception_data(cls.__name__, errors)
            if high is None:
                return auction.model_copy(update={"max_call": most})
        if high is not None and low > high:
            raise ValueError(f"min_call ({low}) must not be above max_call ({high})")
        return auction

    @model_validator(mode="after")
    def _table_fits(self, info: ValidationInfo) -> ProfileModel:
        players = self.table.players
        if self.table.sides == "partnership" and players != 4:
            raise ValueError(f"table.sides 'partnership' needs 4 players (players is {players})")
        if self.play.claims and self.table.sides != "partnership":
            raise ValueError("play.claims needs table.sides 'partnership' (two sides)")
        first = self.deal.first_dealer
        if first is not None and first >= players:
            raise ValueError(f"deal.first_dealer must be a seat 0..{players - 1} (got {first})")
        size = self.deck_size(_declared_decks(info))
        if size is None:
            return self  # a family's deck: checked when load() knows it
        most = size // players
        span = self.deal.hand_size_range
        if span is not None:
            if self.deal.hand_sizes:
                raise ValueError("deal.hand_size_range: give it or hand_sizes, not both")
            if not 1 <= span[0] <= span[1] <= most:
                raise ValueError(
                    f"deal.hand_size_range: [low, high] with 1 <= low <= high <= {most}, the "
                    f"cards of a pack for {players} players (got {span})"
                )
        for size in self.deal.hand_sizes:
            if not 1 <= size <= most:
                raise ValueError(
                    f"deal.hand_sizes: each must be from 1 to {most}, the cards of a pack for "
                    f"{players} players (got {size})"
                )
        self._stages_fit(most)
        return self

    def _stages_fit(self, most: int) -> None:
        """``[deal] stages`` (each positive, checked with the table): adding up to every
        deal's hand size."""
        stages = self.deal.stages
        if stages is None:
            return
        total = sum(stages)
        sizes = set(self.deal.hand_sizes) or {most}
        if sizes != {total}:
            size = " or ".join(str(s) for s in sorted(sizes))
            raise ValueError(
                f"deal.stages: {stages} add up to {total}, but a hand holds {size} cards "
                "(the stages must add up to the hand size)"
            )

    def deck_size(self, decks: Mapping[str, DeckSpec] | None = None) -> int | None:
        """The number of cards of the profile's deck (``decks``: those its plugins declare);
        None when its name is neither built-in nor one of ``decks``."""
        spec = self.deck.spec(decks or {})
        return None if spec is None else Deck(spec).size


#: What a value of the wrong type should have been, by pydantic's error type.
_TYPE_WORDS = {
    "int_type": "must be a whole number",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be a table",
    "model_type": "must be a table",
}

#: What each branch of a union (an option value is ``bool | int | str``) accepts,
#: by the name pydantic gives the branch at the end of an error's location.
_BRANCH_WORDS = {"bool": "true/false", "int": "a whole number", "float": "a number", "str": "text"}


def format_validation_error(exc: ValidationError) -> list[tuple[str, str]]:
    """``(key path, expectation)`` pairs from a pydantic error, in user words.

    The value given is shown cut short (:func:`cardrules.errors.shown`): a
    profile from outside may hold a megabyte in one string.
    """
    problems = []
    for err, branches in _one_per_union(exc.errors()):
        path = key_path(err["loc"])
        kind = err["type"]
        ctx = err.get("ctx", {})
        got = shown(err.get("input"))
        if branches:
            words = [_BRANCH_WORDS[b] for b in branches]
            what = f"must be {', '.join(words[:-1])} or {words[-1]} (got {got})"
        elif kind in _TYPE_WORDS:
            what = f"{_TYPE_WORDS[kind]} (got {got})"
        elif kind == "extra_forbidden":
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
            what = f"must be {sign} {bound} (got {got})"
        elif kind == "literal_error":
            what = f"must be one of {ctx.get('expected', '')} (got {got})"
        elif kind == "value_error":
            what = str(ctx.get("error", err["msg"]))
        else:
            what = f"{err['msg'][0].lower()}{err['msg'][1:]} (got {got})"
        problems.append((path or "(top level)", what))
    return problems


def _one_per_union(errors: list[ErrorDetails]) -> list[tuple[ErrorDetails, list[str]]]:
    """The errors, those of every branch of one union refusing a value made one.

    Each error comes with the branches it stands for (empty for a plain
    error): a float in ``options`` is one problem, not one per type it is not.
    """
    branches: dict[tuple[str | int, ...], list[str]] = {}
    for err in errors:
        if _is_branch(err):
            branches.setdefault(err["loc"][:-1], []).append(str(err["loc"][-1]))
    out: list[tuple[ErrorDetails, list[str]]] = []
    done = set()
    for err in errors:
        where = err["loc"][:-1]
        if not _is_branch(err) or len(branches[where]) < 2:
            out.append((err, []))
        elif where not in done:
            done.add(where)
            out.append(({**err, "loc": where}, branches[where]))
    return out


def _is_branch(err: ErrorDetails) -> bool:
    """Whether ``err`` is one branch of a union refusing a value of the wrong type."""
    loc = err["loc"]
    return bool(loc) and loc[-1] in _BRANCH_WORDS and err["type"].endswith("_type")


def validate(
    data: Mapping[str, Any], source: str, decks: Mapping[str, DeckSpec] | None = None
) -> ProfileModel:
    """Validate a (merged) profile table; every problem at once.  ``decks``: the decks the
    profile's plugins declare (see the module's docstring)."""
    try:
        return ProfileModel.model_validate(data, context={"decks": dict(decks or {})})
    except ValidationError as exc:
        raise ProfileError(source, format_validation_error(exc)) from None


def validated_dump(
    data: Mapping[str, Any], source: str, decks: Mapping[str, DeckSpec] | None = None
) -> dict[str, Any]:
    """The validated profile as plain JSON data, defaults filled in (what the snapshot holds)."""
    dumped: dict[str, Any] = validate(data, source, decks).model_dump(mode="json")
    return dumped
