"""The profile schema for readers and editors, from its pydantic models.

:func:`schema_lines` writes the reST reference (each table, each key with its
type, default and description); :func:`profile_json_schema` is the JSON Schema
that ``cardrules schema`` prints (:func:`schema_cli_arguments`,
:func:`schema_cli_run`), with ``--profile NAME`` the ``[options]`` that profile's
plugins declare, each with its type, choices, range and default
(:func:`options_json_schema`, from :meth:`OptionSpec.json_schema
<cardrules.OptionSpec.json_schema>`).  Of the docs generators, the only one that imports
pydantic itself (:mod:`cardrules.tools.spec`, which the rules pages use, does too).
"""

from __future__ import annotations

import argparse
import inspect
import json
import types
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from cardrules.engine.ruleset import load
from cardrules.errors import CardrulesError
from cardrules.profile.schema import ProfileModel
from cardrules.rules.catalog import OptionSpec
from cardrules.tools.rst import escape, heading, list_table, literal
from cardrules.tools.spec import format_value

__all__ = [
    "options_json_schema",
    "profile_json_schema",
    "schema_cli_arguments",
    "schema_cli_run",
    "schema_lines",
]


def schema_lines(model: type[BaseModel] = ProfileModel) -> Iterator[str]:
    """The profile schema: each table, each key with its type, default and description."""
    for key, field in model.model_fields.items():
        sub = field.annotation
        yield from heading(f"[{key}]", "-")
        yield escape(field.description or "")
        yield ""
        if isinstance(sub, type) and issubclass(sub, BaseModel):
            doc = inspect.getdoc(sub) or ""
            if doc:
                yield escape(doc.split("\n\n")[0].replace("\n", " "))
                yield ""
            rows = []
            for name, info in sub.model_fields.items():
                kind = _type_text(info.annotation)
                bounds = _bounds_text(info)
                if bounds:
                    kind += f" ({bounds})"
                rows.append(
                    [
                        literal(name),
                        escape(kind),
                        _default_text(info),
                        escape(info.description or ""),
                    ]
                )
            yield from list_table(["Key", "Type", "Default", "Description"], rows, "15 25 15 45")
        else:
            yield f"Type: {escape(_type_text(sub))}; default {_default_text(field)}."
            yield ""


def _type_text(annotation: Any) -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return " | ".join(repr(a) for a in get_args(annotation))
    if origin in (types.UnionType,) or str(origin) == "typing.Union":
        return " | ".join(_type_text(a) for a in get_args(annotation))
    if origin is not None:
        args = ", ".join(_type_text(a) for a in get_args(annotation))
        return f"{getattr(origin, '__name__', str(origin))}[{args}]"
    if annotation is type(None):
        return "none"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "table"
    return getattr(annotation, "__name__", str(annotation))


def _default_text(info: Any) -> str:
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        return literal(format_value(info.default_factory()))
    return literal(format_value(info.default))


def _bounds_text(info: Any) -> str:
    parts = []
    for meta in info.metadata:
        for attr, sign in (("ge", ">="), ("le", "<="), ("gt", ">"), ("lt", "<"), ("pattern", "~")):
            value = getattr(meta, attr, None)
            if value is not None:
                parts.append(f"{sign} {value}")
    return "; ".join(parts)


def profile_json_schema(profile: str | Path | None = None) -> str:
    """The JSON Schema of a profile file, for editors (``cardrules schema``).

    Plugins declare the ``[options]``, so without ``profile`` any option name and
    value is allowed; with it (a name or a path, as :func:`~cardrules.load` takes),
    ``[options]`` holds that profile's options only, each within its range
    (``cardrules schema --profile hearts``).
    """
    schema = ProfileModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "cardrules profile"
    if profile is not None:
        rules = load(profile)
        schema["title"] = f"cardrules profile (the options of {rules.name})"
        schema["properties"]["options"] = options_json_schema(
            rules.components.options, f"the plugins of {rules.name}"
        )
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def options_json_schema(specs: Mapping[str, OptionSpec], declared_by: str) -> dict[str, Any]:
    """The JSON Schema of an ``[options]`` table holding these options and no other."""
    return {
        "description": f"House-rule switches and plugin settings, declared by {declared_by}.",
        "title": "Options",
        "type": "object",
        "properties": {name: specs[name].json_schema() for name in sorted(specs)},
        "additionalProperties": False,
    }


def schema_cli_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``cardrules schema``."""
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it"
    )
    p.add_argument(
        "--profile",
        metavar="PROFILE",
        help="name or .toml path of a profile: [options] then holds the options its plugins "
        "declare, each with its type, choices and range",
    )


def schema_cli_run(args: argparse.Namespace, con: Any) -> int:
    """``cardrules schema``: print (or write) the JSON Schema of a profile file."""
    text = profile_json_schema(args.profile)
    if args.output is None:
        con.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CardrulesError(f"cannot write the schema to {args.output}: {exc.strerror}") from None
    con.say(f"wrote the profile schema to {args.output}")
    return 0
