"""``cardrules analyze``: the same command as ``cardrules analyse``, spelt the American way."""

from cardrules.cli.analyse import arguments, run

__all__ = ["arguments", "run"]
