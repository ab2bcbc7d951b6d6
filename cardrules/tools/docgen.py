"""reST for the documentation site, generated from the same sources as the engine.

Small generator functions yield reST lines from profiles, their rule texts,
rulesets, duties, hooks and the profile schema; the Sphinx extension in
``docs/_ext`` is a thin layer of directives that call them.  Nothing here
imports Sphinx, so the generators are tested as plain strings.

This module only gathers them; each lives in a module with one job, and
imports point down this list:

- :mod:`cardrules.tools.ruletext`: a profile's rule text (``<name>.rules.md``) read
  into rules with ids and worked examples;
- :mod:`cardrules.tools.rst`: the small reST writers (escaping, literals, rule links,
  headings, tables);
- :mod:`cardrules.tools.comparison`: profiles compared setting by setting;
- :mod:`cardrules.tools.rulepages`: the rules page of a profile, worked examples
  computed by the engine;
- :mod:`cardrules.tools.hookref`: the hook reference;
- :mod:`cardrules.tools.schemaref`: the profile-schema reference, the JSON Schema and
  ``cardrules schema`` (the only one of them that imports pydantic itself);
- :mod:`cardrules.tools.cliref`: the command-line reference.
"""

from __future__ import annotations

from cardrules.tools.cliref import cli_lines
from cardrules.tools.comparison import comparison_lines, diff_lines
from cardrules.tools.hookref import hook_lines, hook_phase, hooks_of
from cardrules.tools.rst import escape, heading, inline, list_table, literal, rule_ref
from cardrules.tools.rulepages import (
    duties_lines,
    example_lines,
    generic_score_lines,
    implemented_by,
    options_lines,
    profile_lines,
    rule_lines,
    section_id,
    settings_lines,
)
from cardrules.tools.ruletext import (
    EXAMPLE_KINDS,
    RULE_ID,
    Example,
    Rule,
    RuleSection,
    RuleText,
    anchor,
    parse_rule_text,
    read_rule_text,
    rule_text_of,
)
from cardrules.tools.schemaref import (
    options_json_schema,
    profile_json_schema,
    schema_cli_arguments,
    schema_cli_run,
    schema_lines,
)

__all__ = [
    "EXAMPLE_KINDS",
    "RULE_ID",
    "Example",
    "Rule",
    "RuleSection",
    "RuleText",
    "anchor",
    "cli_lines",
    "comparison_lines",
    "diff_lines",
    "duties_lines",
    "escape",
    "example_lines",
    "generic_score_lines",
    "heading",
    "hook_lines",
    "hook_phase",
    "hooks_of",
    "implemented_by",
    "inline",
    "list_table",
    "literal",
    "options_json_schema",
    "options_lines",
    "parse_rule_text",
    "profile_json_schema",
    "profile_lines",
    "read_rule_text",
    "rule_lines",
    "rule_ref",
    "rule_text_of",
    "schema_cli_arguments",
    "schema_cli_run",
    "schema_lines",
    "section_id",
    "settings_lines",
]
