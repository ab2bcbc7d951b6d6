"""The rule differences between two profiles, setting by setting, in words with rule ids.

``cardrules diff A B`` answers "which setting caused this?": both profiles are
loaded with their plugins, so what is compared is the effective rules (house
rule switches included), not the text of the files.

>>> from cardrules import load
>>> for d in diff_rules(load("callbreak-strict"), load("callbreak-strict")):
...     print(d)
>>> print(format_diff(load("callbreak-strict"), load("callbreak-strict")))
callbreak-strict and callbreak-strict: the same rules
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from cardrules.cards import Suit
from cardrules.engine.game import lowest_wins
from cardrules.engine.ruleset import Ruleset, load
from cardrules.errors import CardrulesError
from cardrules.rules.actions import Bid
from cardrules.rules.components import Auction, DealInfo, DealsEnd, EndCondition, Scorer
from cardrules.rules.duties import BUILTIN_DUTIES, Duty, duty_steps
from cardrules.rules.profile import OptionValue

__all__ = [
    "WIN_WHEN_ABLE",
    "Difference",
    "Worded",
    "call_range",
    "cli_arguments",
    "cli_run",
    "diff",
    "diff_rules",
    "end_target",
    "format_diff",
    "in_words",
    "redeal_words",
    "win_words",
]


_BUILTIN_NAMES = frozenset(cls.name for cls in BUILTIN_DUTIES)
#: The kernel duty each fast form stands for: a plugin duty declaring the same
#: steps plays the same, so it is worded as that duty.  Two kernel duties share
#: one form (void: beat the winning card); it reads as ``overtrump_when_void``,
#: which the wording below already treats as "trump only to win" when no
#: ``trump_when_void`` comes before it.
_BUILTIN_BY_STEPS = {cls.fast_steps: cls.name for cls in reversed(BUILTIN_DUTIES)}


def _kernel_name(duty: Duty) -> str | None:
    """The kernel duty ``duty`` is or plays as (by name, else by its fast steps)."""
    if duty.name in _BUILTIN_NAMES:
        return duty.name
    return _BUILTIN_BY_STEPS.get(duty_steps(duty))


@dataclass(frozen=True, slots=True)
class Worded:
    """One setting of a rule set in words, with the rule ids behind it."""

    name: str
    value: str
    rules: tuple[str, ...] = ()
    #: The words of the setting's default, for settings a rule set may lack
    #: (a house-rule switch of a plugin the other side does not load).
    default: str | None = None


@dataclass(frozen=True, slots=True)
class Difference:
    """A setting that differs between two rule sets: ``str()`` is one line of the diff."""

    setting: str
    left: str
    right: str
    left_rules: tuple[str, ...] = ()
    right_rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        left = ", ".join(self.left_rules)
        right = ", ".join(self.right_rules)
        if left == right:
            ids = f" ({left})" if left else ""
        else:
            ids = f" ({left or '—'} vs {right or '—'})"
        return f"{self.setting}: {self.left} vs {self.right}{ids}"


def _unique(rules: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for r in rules if r))


def _trump_word(rules: Ruleset) -> str:
    return "trump" if rules.trump is None else Suit(rules.trump).word[:-1]


def _duty_settings(rules: Ruleset) -> list[Worded]:
    """The play duties grouped by situation: leading, following, void, and others."""
    duties: Sequence[Duty] = rules.duties
    by_name: dict[str, list[Duty]] = {}
    others = []
    for duty in duties:
        name = _kernel_name(duty)
        if name is None:
            others.append(duty)
        else:
            by_name.setdefault(name, []).append(duty)

    def ids(*names: str) -> tuple[str, ...]:
        return _unique(d.rule for n in names for d in by_name.get(n, ()))

    trump = _trump_word(rules)
    out = []
    if "no_trump_lead_first_trick" in by_name:
        lead = f"no {trump} lead in the first trick while holding another suit"
    else:
        lead = "any card"
    out.append(Worded("first lead", lead, ids("no_trump_lead_first_trick")))
    if "follow_suit" not in by_name:
        follow = "any card"
    elif "head_when_following" in by_name:
        follow = "follow suit and beat the winning card if able"
    else:
        follow = "follow suit, any card of the suit (no duty to beat)"
    out.append(Worded("following suit", follow, ids("follow_suit", "head_when_following")))
    if rules.trump is None and rules.profile.trump == "none":
        void = "any card (no trumps)"
    elif "trump_to_win_when_void" in by_name or (
        "overtrump_when_void" in by_name and "trump_when_void" not in by_name
    ):
        void = "trump only to win, else any card"
    elif "trump_when_void" in by_name and "overtrump_when_void" in by_name:
        void = f"must trump, with a higher {trump} if able (else a lower one)"
    elif "trump_when_void" in by_name:
        void = f"must trump, any {trump}"
    else:
        void = "any card"
    out.append(
        Worded(
            "void in the led suit",
            void,
            ids("trump_when_void", "overtrump_when_void", "trump_to_win_when_void"),
        )
    )
    out.append(
        Worded(
            "winning the trick",
            win_words(rules),
            ids("must_win") or ids("head_when_following", *_BEAT_WHEN_VOID),
        )
    )
    out.append(
        Worded(
            "other duties",
            "; ".join(f"{d.name}: {d.summary.rstrip('.')}" for d in others) or "none",
            _unique(d.rule for d in others),
        )
    )
    return out


#: The kernel duties that make a player void in the suit led beat the winning card.
_BEAT_WHEN_VOID = ("overtrump_when_void", "trump_to_win_when_void")

#: What :func:`win_words` says of a rule set whose duties make every player win when able.
WIN_WHEN_ABLE = "must win the trick whenever able"


def win_words(rules: Ruleset) -> str:
    """Whether a player must win the trick when able, as the duties make it, in words.

    Besides the kernel's ``must_win``, beating the winning card when following suit
    and, when void, whenever it can be beaten (with no trumps, it cannot) make a win
    compulsory whenever one is possible, as Call Break's strict rules say it.
    """
    names = {_kernel_name(d) for d in rules.duties}
    if "must_win" in names:
        return WIN_WHEN_ABLE
    no_trumps = rules.trump is None and rules.profile.trump == "none"
    if {"follow_suit", "head_when_following"} <= names:
        if no_trumps:
            return f"{WIN_WHEN_ABLE}: by following suit with a higher card"
        if names & set(_BEAT_WHEN_VOID):
            return (
                f"{WIN_WHEN_ABLE}: by following suit with a higher card, "
                "or by trumping higher when void"
            )
    if names & set(_BEAT_WHEN_VOID):
        return "only when void in the suit led (a player following suit need not win)"
    if "head_when_following" in names:
        return "only when following suit (a player void in the suit led need not win)"
    return "no duty to win: any card the duties allow"


def redeal_words(rules: Ruleset) -> str:
    """When the auction calls for a redeal (its ``redeals``), "" when it never does."""
    words = rules.auction.redeals
    return words if isinstance(words, str) else ""


def _hand_sizes(rules: Ruleset) -> dict[int, int]:
    """Each hand size of the rule set's deals, with the first deal number dealt it."""
    sizes = rules.profile.hand_sizes
    out: dict[int, int] = {}
    for number in range(1, max(1, len(sizes)) + 1):
        out.setdefault(rules.hand_size(number), number)
    return out


def call_range(rules: Ruleset) -> tuple[int, int, bool] | None:
    """The calls of tricks a player may make: lowest, highest and whether the highest
    follows the cards in hand; None for an auction that makes no call of tricks.

    The range is what the auction offers, not only the profile's bounds: each deal's
    auction is started on a deal of every hand size of the profile, and the calls its
    first caller may make are read (an auction may offer fewer than the bounds, as
    one that lets no one call more tricks than there are cards in hand).
    """
    p = rules.profile
    traits = rules.components.auction_specs.get(p.auction_kind)
    if traits is not None and traits.provides not in ("", "calls"):
        return None
    low, high = rules.bounds
    seen: list[tuple[int, int, int]] = []
    for size, number in sorted(_hand_sizes(rules).items()):
        hands = tuple(
            sum(1 << card for card in range(seat * size, (seat + 1) * size))
            for seat in range(rules.players)
        )
        stock = tuple(range(rules.players * size, rules.deck.size))
        deal = DealInfo(0, hands, rules.direction, stock, number=number, deck=rules.deck)
        try:
            actions = rules.auction.start(deal).legal_actions()
        except (CardrulesError, ArithmeticError, LookupError, TypeError, ValueError):
            return low, high, False  # the auction needs more than a deal: its bounds
        calls = [a.tricks for a in actions if isinstance(a, Bid)]
        if calls:
            seen.append((size, min(calls), max(calls)))
    if not seen:  # no call offered: an auction of another kind, unless it says it has calls
        return (low, high, False) if traits is not None and traits.provides else None
    lowest = min(c for _, c, _ in seen)
    highest = max(c for _, _, c in seen)
    follows_hand = len(seen) > 1 and all(top == size for size, _, top in seen)
    return lowest, highest, follows_hand


def _summary(obj: Auction | Scorer | EndCondition) -> str:
    """The rule in words, from a rule object's ``summary`` ("" when it has none)."""
    summary = obj.summary
    return summary if isinstance(summary, str) else ""


def _trumps_words(rules: Ruleset) -> str:
    """The trump suit, how each deal's is found, or none."""
    if rules.trump is not None:
        return Suit(rules.trump).word
    if rules.profile.trump == "contract":
        return "chosen in the auction"
    if rules.profile.trump == "turn_up":
        return "the suit of the card turned up after the deal"
    return "none"


def _deck(rules: Ruleset) -> Worded:
    """The deck by name and size, and its card points where it has any."""
    deck = rules.deck
    words = f"{deck.name}, {deck.size} cards"
    if deck.spec.points:
        words += "; card points " + ", ".join(f"{k} {v}" for k, v in deck.spec.points)
    return Worded("deck", words, _unique(rules.profile.rule_ids.get("deck", ())))


def _auction_words(rules: Ruleset) -> str:
    """The auction's kind, and the rule in words where the auction states it."""
    kind = rules.profile.auction_kind
    summary = _summary(rules.auction)
    return f"{kind}: {summary}" if summary else kind


def _calls(rules: Ruleset) -> Worded:
    """The calls a player may make (:func:`call_range`), or none for an auction that makes
    no call of tricks (its contract has another shape: a declarer, or nothing undertaken)."""
    found = call_range(rules)
    if found is None:
        return Worded("calls", "none (no call of tricks)")
    low, high, follows_hand = found
    words = f"{low}–{high}" + (" (at most the cards in hand)" if follows_hand else "")
    return Worded("calls", words, _unique([rules.profile.auction_rule]))


def _redeals(rules: Ruleset) -> Worded:
    """The throw-ins, then the auction's own redeal (its ``redeals``), or none."""
    reasons = [t.description for t in rules.throw_ins]
    ids = [t.rule for t in rules.throw_ins]
    auction = redeal_words(rules)
    if auction:
        reasons.append(auction)
        ids.append(rules.profile.auction_rule)
    return Worded("throw-in and redeal", "; ".join(reasons) or "none", _unique(ids))


def _length(rules: Ruleset) -> Worded:
    """``5 deals (or 3)``, ``one deal``, or ``a game to 100 (at most 100 deals)`` when the
    end condition plays to a target total (its ``target``, with its ``target_rule``)."""
    p = rules.profile
    deals = "one deal" if rules.deals == 1 else f"{rules.deals} deals"
    choices = sorted(set(p.deal_choices) - {rules.deals})
    if p.deal_range is not None:
        deals += f" (or any number from {p.deal_range[0]} to {p.deal_range[1]})"
    elif choices:
        deals += f" (or {', '.join(map(str, choices))})"
    target, rule, capped = end_target(rules)
    if target is None:
        return Worded("length of the game", deals, _unique([p.game_rule]))
    if not capped:
        return Worded("length of the game", f"a game to {target}", _unique([rule or p.game_rule]))
    words = f"a game to {target} (at most {deals})"
    return Worded("length of the game", words, _unique([rule, p.game_rule]))


def end_target(rules: Ruleset) -> tuple[Decimal | None, str, bool]:
    """The total that ends a game played to a target (the end condition's ``target``), its
    ``target_rule``, and whether the number of deals still caps the game; None, "" and
    False for a game of a fixed number of deals."""
    end = rules.end
    target = getattr(end, "target", None)
    if isinstance(target, bool) or not isinstance(target, int | Decimal) or not target:
        return None, "", False
    target_rule = getattr(end, "target_rule", "")
    rule = target_rule if isinstance(target_rule, str) else ""
    # The kernel's target ends the game whatever the deals; a plugin's plays at most them.
    return Decimal(target), rule, not isinstance(end, DealsEnd)


def _option_words(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return repr(value) if isinstance(value, str) else str(value)


def in_words(rules: Ruleset) -> list[Worded]:
    """Every rule setting of a loaded rule set in words, in a fixed order."""
    p = rules.profile
    out = [
        Worded(
            "sides",
            "partnerships N/S against E/W" if rules.partnership else "each for themselves",
        ),
        Worded(
            "direction of play", "clockwise" if rules.direction.step == 1 else "counter-clockwise"
        ),
        Worded("cut", f"the dealer's {p.cutter}-hand neighbour cuts"),
        _redeals(rules),
        Worded("auction", _auction_words(rules)),
        _calls(rules),
        Worded("trumps", _trumps_words(rules)),
        _deck(rules),
        *_duty_settings(rules),
    ]
    summary = _summary(rules.scorer)
    if not summary:
        params = ", ".join(f"{k}={v}" for k, v in sorted(p.scoring_params.items()))
        summary = p.scoring_kind + (f" ({params})" if params else "")
    out.append(Worded("scoring", summary, _unique([p.scoring_rule])))
    out.append(_length(rules))
    winner = (
        "the lowest total (points are penalties)" if lowest_wins(rules.end) else "the highest total"
    )
    out.append(Worded("winner", winner))
    # Which plugins are loaded shows through the settings they change.
    for name, spec in sorted(rules.components.options.items()):
        value = p.option(name)
        out.append(
            Worded(
                f"option {name}",
                _option_words(value),
                _unique([spec.rule]),
                default=_option_words(spec.default),
            )
        )
    return out


def diff_rules(a: Ruleset, b: Ruleset) -> list[Difference]:
    """The settings whose words differ between ``a`` and ``b``, in :func:`in_words` order.

    A setting only one side has (an option of a plugin the other does not
    load) shows as ``—`` on the other side, unless it is at its default there:
    a switch left off changes nothing.
    """
    left = {s.name: s for s in in_words(a)}
    right = {s.name: s for s in in_words(b)}
    names = list(left) + [n for n in right if n not in left]
    out = []
    for name in names:
        sa, sb = left.get(name), right.get(name)
        va = sa.value if sa else "—"
        vb = sb.value if sb else "—"
        only = sa or sb
        if (sa is None or sb is None) and only is not None and only.value == only.default:
            continue
        if va != vb:
            out.append(Difference(name, va, vb, sa.rules if sa else (), sb.rules if sb else ()))
    return out


def format_diff(a: Ruleset, b: Ruleset) -> str:
    """The text ``cardrules diff`` prints: a heading, then one line per difference."""
    found = diff_rules(a, b)
    if not found:
        return f"{a.name} and {b.name}: the same rules"
    n = len(found)
    lines = [f"{a.name} vs {b.name}: {n} difference{'s' if n != 1 else ''}"]
    lines.extend(f"  {d}" for d in found)
    return "\n".join(lines)


def diff(a: str | Path, b: str | Path) -> str:
    """Load two profiles (names or paths) and return :func:`format_diff` of their rules."""
    return format_diff(load(a), load(b))


def cli_arguments(p: Any) -> None:
    """Arguments of ``cardrules diff`` (``p`` is an ``argparse`` parser)."""
    p.add_argument("first", metavar="A", help="profile name or path to a .toml file")
    p.add_argument("second", metavar="B", help="profile name or path to a .toml file")


def cli_run(args: Any, con: Any) -> int:
    """Run ``cardrules diff A B``: one line per differing setting; exit 0 either way."""
    con.stdout.write(diff(args.first, args.second) + "\n")
    return 0
