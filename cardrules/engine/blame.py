"""Plugin blame: the plugin and hook behind an exception a rule object raised."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.errors import PluginError

if TYPE_CHECKING:
    from cardrules.engine.ruleset import Ruleset

__all__ = ["plugin_error"]


def plugin_error(rules: Ruleset, auction: object, exc: BaseException) -> PluginError:
    """A :class:`PluginError` naming the plugin and hook behind the rule object that raised
    ``exc``: one of ``rules``' components or ``auction``, the deal's auction state."""
    roles: list[tuple[object, str, str]] = [
        # Scorers, auctions and the ends declared with a scorer are registered through
        # cardrules_setup_components; a house rule's end through cardrules_game_end_condition.
        (rules.scorer, "cardrules_setup_components", "the scorer"),
        (rules.end, "cardrules_game_end_condition", "the end condition"),
        (rules.auction, "cardrules_setup_components", "the auction"),
        (auction, "cardrules_setup_components", "the auction"),
        *((duty, "cardrules_play_duties", f"the duty {duty.name!r}") for duty in rules.duties),
        *((t, "cardrules_deal_throw_ins", f"the throw-in {t.name!r}") for t in rules.throw_ins),
    ]
    # The innermost frame that runs a method of one of the rule objects.
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in reversed(frames):
        owner = frame.f_locals.get("self")
        for obj, hook, what in roles:
            if obj is not None and owner is obj:
                component = f"{what} ({frame.f_code.co_name})"
                plugin = rules.plugin_of(type(obj).__module__)
                return _caused(PluginError(plugin, hook, component, exc))
    module = frames[-1].f_globals.get("__name__", "?") if frames else "?"
    return _caused(PluginError(rules.plugin_of(str(module)), "?", "a rule object", exc))


def _caused(error: PluginError) -> PluginError:
    """``error`` with its cause set (the compiled build's ``raise ... from`` may not set it)."""
    error.__cause__ = error.error
    return error
