"""The profile schema for readers and editors, from its pydantic models.

:func:`schema_lines` writes the reST reference (each table, each key with its
type, default and description); :func:`profile_json_schema` is the JSON Schema
that ``cardrules schema`` prints (:func:`schema_cli_arguments`,
:func:`schema_cli_run`).  Of the docs generators, the only one that imports
pydantic itself (:mod:`cardrules.tools.spec`, which the rules pages use, does too).
"""

from __future__ import annotations

import argparse
import inspect
import json
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from cardrules.errors import CardrulesError
from cardrules.profile.schema import ProfileModel
from cardrules.tools.rst import escape, heading, list_table, literal
from cardrules.tools.spec import format_value

__all__ = ["profile_json_schema", "schema_cli_arguments", "schema_cli_run", "schema_lines"]


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


def profile_json_schema() -> str:
    """The JSON Schema of a profile file, for editors (``cardrules schema``)."""
    schema = ProfileModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "cardrules profile"
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def schema_cli_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``cardrules schema``."""
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it"
    )


def schema_cli_run(args: argparse.Namespace, con: Any) -> int:
    """``cardrules schema``: print (or write) the JSON Schema of a profile file."""
    text = profile_json_schema()
    if args.output is None:
        con.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CardrulesError(f"cannot write the schema to {args.output}: {exc.strerror}") from None
    con.say(f"wrote the profile schema to {args.output}")
    return 0
