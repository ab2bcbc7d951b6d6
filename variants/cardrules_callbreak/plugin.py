"""Hook implementations of the Call Break family plugin (entry point ``callbreak``).

It provides the family's scorers (``call_tenths``: CBS-4, APP-4;
``call_window``: CBC-4) and the throw-in tests ``no_spade`` (APP-1.2) and
``no_picture`` (APP-5.3) that a profile lists under ``[deal] throw_in``.
The app's house-rule switches live in their own plugin,
:mod:`cardrules_callbreak.house_plugin` (entry point ``callbreak-house``), so
that only the profiles that name it offer them.
"""

from __future__ import annotations

from cardrules.errors import ProfileError
from cardrules.rules.catalog import Components, ThrowInSpec
from cardrules.rules.hookspecs import hookimpl
from cardrules.rules.profile import Profile
from cardrules_callbreak.house import has_no_picture, has_no_spade
from cardrules_callbreak.scoring import CallTenthsScorer, CallWindowScorer

#: The throw-in tests a profile may list under ``[deal] throw_in`` (APP-1.2, APP-5.3).
NO_SPADE = ThrowInSpec("no_spade", "a hand without a spade", has_no_spade)
NO_PICTURE = ThrowInSpec("no_picture", "a hand without J, Q or K", has_no_picture)

_WINDOW_PARAMS = {"per_call": (10, 1), "window": (2, 0), "per_extra": (1, 0)}


def _check_params(profile: Profile, known: dict[str, tuple[int, int]]) -> dict[str, int]:
    """The scorer settings under ``[scoring] params``, checked: int values at or above a minimum."""
    problems = []
    values = {key: default for key, (default, _) in known.items()}
    for key, value in profile.scoring_params.items():
        where = f"scoring.params.{key}"
        if key not in known:
            names = ", ".join(sorted(known)) or "(none)"
            problems.append(
                (where, f"unknown setting of scorer {profile.scoring_kind!r}; known: {names}")
            )
        elif type(value) is not int:
            problems.append((where, f"must be int (got {value!r})"))
        elif value < known[key][1]:
            problems.append((where, f"must be >= {known[key][1]} (got {value!r})"))
        else:
            values[key] = value
    if problems:
        raise ProfileError(profile.path, problems)
    return values


def _tenths(profile: Profile) -> CallTenthsScorer:
    _check_params(profile, {})
    return CallTenthsScorer()


def _window(profile: Profile) -> CallWindowScorer:
    return CallWindowScorer(**_check_params(profile, _WINDOW_PARAMS))


@hookimpl
def cardrules_setup_components(components: Components) -> None:
    # Both read one call per seat and score each seat for itself.
    components.add_scorer("call_tenths", _tenths, needs="calls", sides="individual")
    components.add_scorer("call_window", _window, needs="calls", sides="individual")
    for spec in (NO_SPADE, NO_PICTURE):
        components.add_throw_in(spec.name, spec.description, spec.test)
