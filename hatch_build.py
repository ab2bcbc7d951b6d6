"""Opt-in compiled wheel: the game engine (``cardrules/engine/``) built with mypyc.

The default build is pure Python.  ``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``
(or ``pip wheel .``) runs this hook: mypyc translates the listed modules to C
and the wheel carries the extension modules beside the ``.py`` sources, which
Python then imports instead (the same pattern as black's and mypy's compiled
wheels).  The rules are the same code either way; CI runs the test suite
against both builds.  ``hatch-mypyc`` was tried first: it assumes a single
source root and fails on this repository's two (``cardrules`` and ``variants``).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules compiled (the state machine and what it runs as cards are dealt and
#: played); the rest of the package stays interpreted.
COMPILED = [
    "cardrules/engine/game.py",
    "cardrules/engine/steps.py",
    "cardrules/engine/dealing.py",
    "cardrules/engine/tricks.py",
    "cardrules/engine/claims.py",
    "cardrules/engine/standings.py",
]


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped,unused-ignore]

        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="cardrules-mypyc-"))
        here = Path.cwd()
        os.chdir(root)  # mypy reads [tool.mypy] from pyproject.toml here
        try:
            # Errors elsewhere in the package are the CI mypy step's business (the
            # build environment has no NumPy for cardrules.batch.simulate, for one); a
            # cache of our own keeps a checkout's .mypy_cache out of the build.
            args = ["--strict", "--follow-imports=silent", f"--cache-dir={out / 'mypy'}"]
            modules = mypycify(
                [*COMPILED, *args], target_dir=str(out / "c"), opt_level="3", debug_level="0"
            )
            dist = Distribution({"name": "cardrules-mypyc", "ext_modules": modules})
            cmd: Any = dist.get_command_obj("build_ext")
            cmd.build_lib = str(out / "lib")
            cmd.build_temp = str(out / "tmp")
            dist.run_command("build_ext")
        finally:
            os.chdir(here)
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = sorted((out / "lib").rglob(f"*{suffix}"))
        if not built:
            raise RuntimeError(f"mypyc built no extension modules in {out / 'lib'}")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(out / "lib"))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._out = out
        print(f"cardrules: compiled with mypyc ({sys.implementation.cache_tag}):", file=sys.stderr)
        for path in built:
            print(f"  {path.relative_to(out / 'lib')}", file=sys.stderr)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
