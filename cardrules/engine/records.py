"""Game records from outside: read within limits, checked key by key, optionally signed.

A record is what :meth:`Game.to_json <cardrules.Game.to_json>` writes: the
profile's installed name and a hash of its resolved rules, the seed, the
first dealer, every action, and the state they lead to.  An app may receive
one from people it cannot trust, so reading one

- reads at most :data:`MAX_RECORD_BYTES` (``max_bytes=`` changes it), with
  numbers of at most :data:`MAX_NUMBER_DIGITS` digits and bounded nesting;
- checks every key's type exactly (``"version": 1.0`` or ``true`` is not 1)
  and names the key in the :class:`~cardrules.RecordError`;
- never opens anything the record names: the rules come from an installed
  profile of that name, whose hash must match, or from the caller;
- refuses a first deal dealt by hand unless the caller consents;
- with a key, refuses any record whose HMAC (SHA-256) does not match: a
  changed byte anywhere in the text is refused.

>>> import cardrules
>>> game = cardrules.load("callbreak-strict").new_game(seed=7)
>>> signed = game.to_json(key=b"server secret")
>>> signed.startswith('{\\n "signature": "hmac-sha256:')
True
>>> cardrules.Game.from_json(signed, key=b"server secret").seed
7
>>> cardrules.Game.from_json(signed.replace('"seed": 7', '"seed": 8'), key=b"server secret")
Traceback (most recent call last):
cardrules.errors.RecordError: invalid record: the signature does not match ...
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from cardrules.errors import CardrulesError, RecordError, shown
from cardrules.rules.catalog import MAX_OPTION_TEXT, OPTION_NAME

__all__ = [
    "MAX_NUMBER_DIGITS",
    "MAX_RECORD_BYTES",
    "MAX_SEED",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordHeader",
    "check_seed",
    "profile_hash",
    "read_record",
    "sign_record",
]

RECORD_FORMAT: Final = "cardrules-game"
#: The version :meth:`Game.to_json` writes.  Version 1 records (before profile
#: hashes and signatures) are still read; their ``profile_path`` is ignored.
RECORD_VERSION: Final = 2
_READ_VERSIONS: Final = (1, 2)

#: The largest record :meth:`Game.from_json` reads by default, in bytes of
#: UTF-8 (4 MiB).  A game of the longest length a game may have (1,000
#: deals) writes about 1 MiB.
MAX_RECORD_BYTES: Final = 4 * 1024 * 1024
#: The most digits a number in a record may have (a seed below 2**64 has 20).
MAX_NUMBER_DIGITS: Final = 24
#: The most seats a table has (``[table] players`` is 3 to 7).
MAX_SEATS: Final = 7
#: Seeds are integers with ``-MAX_SEED < seed < MAX_SEED``.
MAX_SEED: Final = 2**64

#: The name of a profile as records and ``load`` spell it (the schema's pattern).
_PROFILE_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}")
_SIGNATURE_HEAD: Final = '{\n "signature": "hmac-sha256:'
_SIGNATURE = re.compile(r'\{\n "signature": "hmac-sha256:([0-9a-f]{64})",')

_KEYS_V1 = frozenset(
    {
        "format",
        "version",
        "profile",
        "profile_path",
        "deals",
        "seed",
        "first_dealer",
        "preset_hands",
        "actions",
        "state",
    }
)
_KEYS_V2 = (_KEYS_V1 - {"profile_path"}) | {
    "profile_hash",
    "dealt_by_hand",
    "signature",
    "options",  # the [options] given to load(), when any (read since 0.2)
    "preset_stock",  # the stock of a first deal dealt by hand, when it leaves one
}
#: How many options a record may hold (their names and values are what
#: :class:`~cardrules.OptionSpec` allows).
MAX_RECORD_OPTIONS: Final = 64


def check_seed(seed: object) -> int:
    """``seed`` if it is an integer with ``|seed| < 2**64``, else a :class:`CardrulesError`.

    Larger seeds would only slow seeding down (``new_game(seed=10**5000)``);
    2**64 seeds are more than any app can tell apart.
    """
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        raise CardrulesError(
            f"invalid seed: {shown(seed)} (expected an integer with |seed| < 2**64)"
        )
    return seed


def profile_hash(data: Mapping[str, Any]) -> str:
    """The content hash of a resolved profile table: ``"sha256:"`` and 64 hex digits."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _key_bytes(key: object) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8")
    if not isinstance(key, bytes | bytearray) or not key:
        raise RecordError(
            f"invalid record key: {shown(key)} (expected non-empty bytes or text, the secret "
            "the records are signed with)"
        )
    return bytes(key)


def _mac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def sign_record(text: str, key: object) -> str:
    """``text`` (a record as written) with an HMAC-SHA256 of all its bytes as first key."""
    mac = _mac(_key_bytes(key), text)
    return f'{_SIGNATURE_HEAD}{mac}",{text[1:]}'


def _verified(text: str, key: object) -> str:
    """The record under a signature that ``key`` made, else a :class:`RecordError`."""
    secret = _key_bytes(key)
    found = _SIGNATURE.match(text)
    if found is None:
        raise RecordError("invalid record: not signed (a key was given, so a signature is needed)")
    unsigned = "{" + text[found.end() :]
    if not hmac.compare_digest(_mac(secret, unsigned), found.group(1)):
        raise RecordError(
            "invalid record: the signature does not match "
            "(the record was changed, or signed with another key)"
        )
    return unsigned


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """What a record says, every key checked; the actions are yet to be replayed."""

    version: int
    profile: str
    profile_hash: str | None
    deals: int
    seed: int
    first_dealer: int
    preset_hands: list[Any] | None
    actions: tuple[str, ...]
    state: dict[str, Any] | None
    #: The ``[options]`` the rules were loaded with (a decimal as its text).
    options: dict[str, bool | int | str] = field(default_factory=dict)
    #: The stock of the first deal dealt by hand, top first (card texts); None: the
    #: record does not say (written before ``stock=``: the cards not dealt in pack order).
    preset_stock: list[str] | None = None


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number of {len(digits)} digits (at most {MAX_NUMBER_DIGITS})")
    return int(digits)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a record holds")


def _parse(text: str) -> object:
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise RecordError("invalid record: not JSON (nested too deeply)") from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"invalid record: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except ValueError as exc:
        raise RecordError(f"invalid record: not JSON ({shown(str(exc))[1:-1]})") from None


def _text(raw: object, max_bytes: object) -> str:
    """The record's text, its type and size checked before anything is parsed."""
    if max_bytes is not None and (type(max_bytes) is not int or max_bytes < 1):
        raise RecordError(f"invalid max_bytes: {shown(max_bytes)} (expected a positive integer)")
    if not isinstance(raw, str | bytes | bytearray):
        raise RecordError(
            "invalid record: not JSON (the JSON object must be str, bytes or bytearray, "
            f"not {type(raw).__name__})"
        )
    if max_bytes is not None:
        size, least = len(raw), isinstance(raw, str)
        if isinstance(raw, str) and max_bytes // 4 < size <= max_bytes:
            size, least = len(raw.encode("utf-8", "surrogatepass")), False  # 1-4 bytes a char
        if size > max_bytes:
            raise RecordError(
                f"invalid record: {'at least ' if least else ''}{size} bytes, "
                f"more than the limit of {max_bytes} "
                "(Game.from_json(..., max_bytes=N) reads larger ones)"
            )
    if isinstance(raw, str):
        return raw
    try:
        return bytes(raw).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"invalid record: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None


def _field(doc: dict[str, Any], key: str, kind: type, what: str) -> Any:
    value = doc.get(key)
    if type(value) is not kind:
        raise RecordError(f"invalid record: {key!r} must be {what} (got {shown(value)})")
    return value


def read_record(
    text: object, *, key: object = None, max_bytes: object = MAX_RECORD_BYTES
) -> RecordHeader:
    """The checked header of a record; anything unexpected is a :class:`RecordError`."""
    raw = _text(text, max_bytes)
    if key is not None:
        raw = _verified(raw, key)
    doc = _parse(raw)
    if not isinstance(doc, dict) or doc.get("format") != RECORD_FORMAT:
        raise RecordError(f"invalid record: 'format' must be {RECORD_FORMAT!r}")
    version = doc.get("version")
    if type(version) is not int or version not in _READ_VERSIONS:
        raise RecordError(
            f"invalid record: unsupported 'version' {shown(version)} "
            f"(expected one of {', '.join(map(str, _READ_VERSIONS))})"
        )
    unknown = sorted(set(doc) - (_KEYS_V1 if version == 1 else _KEYS_V2))
    if unknown:
        raise RecordError(
            f"invalid record: unknown key {shown(unknown[0])} (version {version} records hold "
            f"{', '.join(sorted(_KEYS_V1 if version == 1 else _KEYS_V2))})"
        )
    profile = _field(doc, "profile", str, "the name of an installed profile")
    if not _PROFILE_NAME.fullmatch(profile):
        raise RecordError(
            f"invalid record: 'profile' must be the name of an installed profile "
            f"(lower case letters, digits, '.', '_', '-'; got {shown(profile)})"
        )
    digest = None
    if version >= 2:
        digest = _field(doc, "profile_hash", str, "'sha256:' and 64 hex digits")
        if not re.fullmatch(r"sha256:[0-9a-f]{64}", digest):
            raise RecordError(
                f"invalid record: 'profile_hash' must be 'sha256:' and 64 hex digits "
                f"(got {shown(digest)})"
            )
    deals = _field(doc, "deals", int, "a whole number of deals")
    if not 1 <= deals <= 1000:
        raise RecordError(f"invalid record: 'deals' must be 1..1000 (got {deals})")
    seed = _field(doc, "seed", int, "an integer")
    if not -MAX_SEED < seed < MAX_SEED:
        raise RecordError("invalid record: 'seed' must be an integer with |seed| < 2**64")
    dealer = _field(doc, "first_dealer", int, "a seat number")
    if not 0 <= dealer < MAX_SEATS:  # the rules check it against their table on replay
        raise RecordError(
            f"invalid record: 'first_dealer' must be a seat 0..{MAX_SEATS - 1} (got {dealer})"
        )
    preset = doc.get("preset_hands")
    if preset is not None and type(preset) is not list:
        raise RecordError(
            f"invalid record: 'preset_hands' must be a list of hands or null (got {shown(preset)})"
        )
    if version >= 2:
        by_hand = _field(doc, "dealt_by_hand", bool, "true or false")
        if by_hand != (preset is not None):
            raise RecordError(
                "invalid record: 'dealt_by_hand' must say whether 'preset_hands' is given "
                f"(got {str(by_hand).lower()} with preset_hands "
                f"{'null' if preset is None else 'given'})"
            )
    stock = doc.get("preset_stock")
    if stock is not None:
        if preset is None:
            raise RecordError(
                "invalid record: 'preset_stock' is given without 'preset_hands' (the stock of "
                "a first deal dealt by hand)"
            )
        if type(stock) is not list or not all(type(card) is str for card in stock):
            raise RecordError(
                "invalid record: 'preset_stock' must be a list of card texts such as 'QC' "
                f"(got {shown(stock)})"
            )
    actions = _field(doc, "actions", list, "a list of action texts")
    for i, action in enumerate(actions):
        if type(action) is not str:
            raise RecordError(
                f"invalid record: 'actions'[{i}] must be an action text such as 'play AH' "
                f"(got {shown(action)})"
            )
    state = doc.get("state")
    if state is not None and type(state) is not dict:
        raise RecordError(f"invalid record: 'state' must be an object (got {shown(state)})")
    options = _options(doc.get("options", {}))
    return RecordHeader(
        version, profile, digest, deals, seed, dealer, preset, tuple(actions), state, options, stock
    )


def _options(options: object) -> dict[str, bool | int | str]:
    """The record's ``options``: names and plain values (the rules check them on load)."""
    if type(options) is not dict or len(options) > MAX_RECORD_OPTIONS:
        raise RecordError(
            f"invalid record: 'options' must be an object of at most {MAX_RECORD_OPTIONS} "
            f"options (got {shown(options)})"
        )
    for name, value in options.items():
        if not OPTION_NAME.fullmatch(name):
            raise RecordError(f"invalid record: 'options' holds a bad name {shown(name)}")
        too_long = type(value) is str and len(value) > MAX_OPTION_TEXT
        if type(value) not in (bool, int, str) or too_long:
            raise RecordError(
                f"invalid record: option {name!r} must be true/false, a whole number or "
                f"text (got {shown(value)})"
            )
    return options
