"""The native core (``cardrules/_native.c``), built with the package.

Every install runs this hook (``pip install .``, ``pip install -e .``, ``pip wheel .``):
it compiles the core against Python's stable ABI (3.11 and later), so a wheel is
tagged ``cp311-abi3-<platform>`` and serves every such Python.  Where no C compiler
works, it says so and the package installs without the core: the pure-Python engine
runs the same rules (``cardrules --version`` names the engine that loaded).

* A wheel carries the built module beside the sources.
* An editable install imports the checkout's files: the module is built into
  ``cardrules/`` there (ignored by git) and rebuilt at each editable install.
* ``CARDRULES_PURE=1`` in the environment builds no core (a pure wheel, ``py3-none-any``).

setuptools' ``build_ext`` drives the compiler (it knows each platform's); ``CC`` chooses
it as usual, and ``CC=false`` shows what a machine without one gets.
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

#: The C source and the module it becomes.
SOURCE = "cardrules/_native.c"
MODULE = "cardrules._native"
#: The oldest Python the stable ABI build serves (Py_LIMITED_API in the source).
ABI3_FROM = "cp311"


def build_core(root: Path, out: Path) -> Path:
    """Compile the core into ``out``; the built file (an ``*.abi3.so``, or ``*.pyd``)."""
    from setuptools import Distribution, Extension  # type: ignore[import-untyped,unused-ignore]

    extension = Extension(
        MODULE,
        [str(root / SOURCE)],
        py_limited_api=True,
        extra_compile_args=[] if sys.platform == "win32" else ["-O2"],
    )
    dist = Distribution({"name": "cardrules-native", "ext_modules": [extension]})
    cmd: Any = dist.get_command_obj("build_ext")
    cmd.build_lib = str(out / "lib")
    cmd.build_temp = str(out / "tmp")
    dist.run_command("build_ext")
    built = sorted((out / "lib").rglob("_native*"))
    if not built:
        raise RuntimeError(f"the compiler made no module in {out / 'lib'}")
    return built[0]


def platform_tag() -> str:
    """This machine's wheel platform tag (``linux_x86_64``, ``macosx_11_0_arm64``...)."""
    from packaging.tags import sys_tags

    return next(iter(sys_tags())).platform


class NativeCoreHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        editable = version == "editable"
        in_tree = root / "cardrules"
        if editable:  # a core left by an earlier build must not outlive a failed one
            for old in in_tree.glob("_native*.so"):
                old.unlink()
            for old in in_tree.glob("_native*.pyd"):
                old.unlink()
        if os.environ.get("CARDRULES_PURE", "").strip() not in ("", "0"):
            print("cardrules: CARDRULES_PURE is set: no native core", file=sys.stderr)
            return
        out = Path(tempfile.mkdtemp(prefix="cardrules-native-"))
        self._out = out
        try:
            built = build_core(root, out)
        except Exception as exc:  # no compiler, no headers: the pure engine
            print(
                "cardrules: the native core did not build "
                f"({type(exc).__name__}: {' '.join(str(exc).split())[:300]}); "
                "installing the pure-Python engine: the same rules, slower",
                file=sys.stderr,
            )
            return
        name = built.name
        if editable:
            shutil.copy2(built, in_tree / name)
        else:
            build_data["force_include"][str(built)] = f"cardrules/{name}"
            build_data["pure_python"] = False
            suffix = sysconfig.get_config_var("EXT_SUFFIX") or ""
            if ".abi3." in name or not suffix.startswith(".cpython"):
                build_data["tag"] = f"{ABI3_FROM}-abi3-{platform_tag()}"
            else:  # pragma: no cover - a platform without abi3 suffixes
                build_data["infer_tag"] = True
        print(f"cardrules: built the native core ({name})", file=sys.stderr)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
