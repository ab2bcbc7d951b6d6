"""``cardrules new NAME --from PROFILE [--plugin]``: scaffolding a variant."""

from __future__ import annotations

import errno
import importlib.util
import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import CardrulesError, ProfileError
from cardrules.cli import main
from cardrules.rules.components import Contract, FinishedDeal, Scorer
from cardrules.tools.scaffold import MAX_NAME_CHARS, new_variant, package_name
from helpers import play_out

# The variants written here are named ``zzt-*``: no one installs a plugin or a
# profile of such a name, while the README's own example, ``my-house``, may well be
# installed (``cardrules new`` refuses the name of an installed profile or plugin).


SWITCHES = ("big_call_8", "free_discard_when_void", "no_picture_redeal", "target_score")


def test_new_profile_extends_the_parent_with_its_switches(tmp_path: Path) -> None:
    """A new profile is TOML (tomli-w) extending the parent, the switches listed at their values."""
    written = new_variant("zzt-house", "callbreak-app", directory=tmp_path)
    assert written == [tmp_path / "zzt-house.toml"]
    data = tomllib.loads(written[0].read_text(encoding="utf-8"))
    assert data["profile"]["name"] == "zzt-house"
    assert data["profile"]["extends"] == "callbreak-app"
    parent = cardrules.load("callbreak-app")
    assert data["options"] == {name: parent.profile.option(name) for name in SWITCHES}
    child = cardrules.load(written[0])
    assert child.name == "zzt-house"
    a = play_out(parent.new_game(seed=4, dealer=2))
    b = play_out(child.new_game(seed=4, dealer=2))
    assert a.actions == b.actions and a.totals == b.totals


def test_new_profile_switch_is_one_edit(tmp_path: Path) -> None:
    """Flipping a listed switch in the new file changes the rules it names."""
    path = new_variant("zzt-cw", "callbreak-app", directory=tmp_path)[0]
    text = path.read_text(encoding="utf-8").replace(
        "free_discard_when_void = false", "free_discard_when_void = true"
    )
    path.write_text(text, encoding="utf-8")
    rules = cardrules.load(path)
    assert [str(c) for c in rules.legal_cards("2S KD", ["7H", "9S"])] == ["KD", "2S"]


def test_new_profile_from_a_path(tmp_path: Path) -> None:
    """The parent may be a file; the new profile refers to it by absolute path."""
    parent = tmp_path / "base.toml"
    parent.write_text(
        '[profile]\nname = "base"\ntitle = "Base"\nextends = "callbridge-classic"\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    path = new_variant("zzt-kid", parent, directory=out)[0]
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["profile"]["extends"] == str(parent.resolve())
    assert cardrules.load(path).deals == 12


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "My House",
            "invalid variant name 'My House': use lower-case letters, digits and '-', "
            "starting with a letter (e.g. 'my-house')",
        ),
        (
            "callbreak-app",
            "invalid variant name 'callbreak-app': a profile of that name is installed",
        ),
        ("callbreak", "invalid variant name 'callbreak': a plugin of that name is installed"),
    ],
)
def test_new_bad_name(tmp_path: Path, name: str, message: str) -> None:
    """A bad or taken name is refused and nothing is written."""
    with pytest.raises(CardrulesError) as err:
        new_variant(name, "callbreak-app", directory=tmp_path)
    assert str(err.value) == message
    assert list(tmp_path.iterdir()) == []


def test_new_unknown_parent(tmp_path: Path) -> None:
    """An unknown parent is the usual profile error; nothing is written."""
    with pytest.raises(ProfileError) as err:
        new_variant("zzt-kid", "no-such-profile", directory=tmp_path)
    assert str(err.value).startswith(
        "invalid profile no-such-profile:\n  unknown profile 'no-such-profile'; known profiles: "
    )
    assert list(tmp_path.iterdir()) == []


def test_new_never_overwrites(tmp_path: Path) -> None:
    """An existing file or package directory is left alone."""
    new_variant("zzt-kid", "callbreak-app", directory=tmp_path)
    with pytest.raises(CardrulesError) as err:
        new_variant("zzt-kid", "callbreak-app", directory=tmp_path)
    assert str(err.value) == f"cannot create {tmp_path / 'zzt-kid.toml'}: it already exists"
    (tmp_path / "zzt-pkg").mkdir()
    with pytest.raises(CardrulesError) as err:
        new_variant("zzt-pkg", "callbreak-app", directory=tmp_path, plugin=True)
    assert str(err.value) == f"cannot create {tmp_path / 'zzt-pkg'}: it already exists"


def run_new(*argv: str) -> tuple[int, str, str]:
    """``cardrules new ...`` in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["new", *argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def cli_error(*argv: str) -> str:
    """The one-line message of a ``cardrules new`` that must fail with exit status 1."""
    code, out, err = run_new(*argv)
    assert (code, out) == (1, "")
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    return err[len("error: ") : -1]


def everything_under(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


def test_new_name_length_is_limited(tmp_path: Path) -> None:
    """Hostile input: 'cardrules new' with a very long name gives a clear error, not an
    OSError traceback; the documented maximum is MAX_NAME_CHARS (64) characters."""
    longest = "a" * MAX_NAME_CHARS
    assert new_variant(longest, "callbreak-app", directory=tmp_path) == [
        tmp_path / f"{longest}.toml"
    ]
    too_long = "a" * (MAX_NAME_CHARS + 1)
    with pytest.raises(CardrulesError) as err:
        new_variant(too_long, "callbreak-app", directory=tmp_path)
    assert str(err.value) == (
        f"invalid variant name 'aaaa{'a' * 55}... (67 characters): longer than 64 characters"
    )
    huge = "b" * 100_000
    said = cli_error(huge, "--from", "callbreak-app", "--dir", str(tmp_path))
    assert said.endswith("... (100002 characters): longer than 64 characters")
    assert len(said) < 150
    assert f"at most {MAX_NAME_CHARS} characters" in " ".join(run_new("--help")[1].split())
    assert everything_under(tmp_path) == [f"{longest}.toml"]


@pytest.mark.parametrize("plugin", [False, True])
def test_new_dir_on_a_file(tmp_path: Path, plugin: bool) -> None:
    """Hostile input: 'cardrules new' with --dir on a file gives a clear error, not an
    OSError traceback (also with a path below the file)."""
    afile = tmp_path / "afile"
    afile.write_text("keep", encoding="utf-8")
    extra = ["--plugin"] if plugin else []
    for where in (afile, afile / "below"):
        said = cli_error("zzt-kid", "--from", "callbreak-app", "--dir", str(where), *extra)
        assert said == f"cannot write into {afile}: it is not a directory"
        with pytest.raises(CardrulesError) as err:
            new_variant("zzt-kid", "callbreak-app", directory=where, plugin=plugin)
        assert str(err.value) == said
    assert everything_under(tmp_path) == ["afile"]
    assert afile.read_text(encoding="utf-8") == "keep"


@pytest.mark.parametrize("plugin", [False, True])
def test_new_into_an_unwritable_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plugin: bool
) -> None:
    """Hostile input: 'cardrules new' with --dir on an unwritable folder gives a clear
    error, not an OSError traceback.  The refusal is simulated: tests may run as root,
    whom chmod does not stop."""
    locked = tmp_path / "locked"
    locked.mkdir()
    real_open, real_mkdir = os.open, os.mkdir

    def refuse(path: str | os.PathLike[str]) -> None:
        if Path(path).parent == locked:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))

    def fake_open(path: str, flags: int, mode: int = 0o777, **kw: object) -> int:
        refuse(path)
        return real_open(path, flags, mode, **kw)  # type: ignore[arg-type]

    def fake_mkdir(path: str, mode: int = 0o777, **kw: object) -> None:
        refuse(path)
        real_mkdir(path, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "mkdir", fake_mkdir)
    target = locked / ("zzt-kid" if plugin else "zzt-kid.toml")
    want = f"cannot create {target}: permission denied"
    extra = ["--plugin"] if plugin else []
    assert cli_error("zzt-kid", "--from", "callbreak-app", "--dir", str(locked), *extra) == want
    with pytest.raises(CardrulesError) as err:
        new_variant("zzt-kid", "callbreak-app", directory=locked, plugin=plugin)
    assert str(err.value) == want
    assert everything_under(tmp_path) == ["locked"]


@pytest.mark.parametrize(
    ("plugin", "link", "pointee"),
    [
        (False, "zzt-kid.toml", "nowhere.toml"),  # dangling
        (False, "zzt-kid.toml", "existing.toml"),
        (True, "zzt-kid", "nowhere"),  # dangling
        (True, "zzt-kid", "existing-dir"),
    ],
)
def test_new_never_follows_a_symlink(tmp_path: Path, plugin: bool, link: str, pointee: str) -> None:
    """Hostile input: 'cardrules new' with a symlink (dangling or not) at NAME.toml or NAME
    refuses, instead of following it and creating or overwriting its target."""
    (tmp_path / "existing.toml").write_text("keep", encoding="utf-8")
    (tmp_path / "existing-dir").mkdir()
    try:
        (tmp_path / link).symlink_to(tmp_path / pointee)
    except OSError:  # pragma: no cover - Windows without the symlink privilege
        pytest.skip("cannot create symbolic links here")
    before = everything_under(tmp_path)
    extra = ["--plugin"] if plugin else []
    want = f"cannot create {tmp_path / link}: a symbolic link is there (links are not followed)"
    assert cli_error("zzt-kid", "--from", "callbreak-app", "--dir", str(tmp_path), *extra) == want
    with pytest.raises(CardrulesError) as err:
        new_variant("zzt-kid", "callbreak-app", directory=tmp_path, plugin=plugin)
    assert str(err.value) == want
    assert everything_under(tmp_path) == before
    assert (tmp_path / "existing.toml").read_text(encoding="utf-8") == "keep"


@pytest.mark.parametrize("name", ["con", "prn", "aux", "nul", "com1", "com9", "lpt1", "lpt9"])
def test_new_refuses_names_windows_reserves(tmp_path: Path, name: str) -> None:
    """Hostile input: 'cardrules new' with a name Windows reserves (con, nul, aux, prn,
    com1..com9, lpt1..lpt9) is refused: no file of that name can exist there."""
    want = (
        f"invalid variant name {name!r}: Windows reserves it for a device, "
        "so no file or directory can have that name there"
    )
    assert cli_error(name, "--from", "callbreak-app", "--dir", str(tmp_path)) == want
    with pytest.raises(CardrulesError) as err:
        new_variant(name, "callbreak-app", directory=tmp_path, plugin=True)
    assert str(err.value) == want
    for other_spelling in (name.upper(), name.capitalize(), f"{name}.x"):  # names are lower case
        with pytest.raises(CardrulesError, match="use lower-case letters, digits and '-'"):
            new_variant(other_spelling, "callbreak-app", directory=tmp_path)
    assert everything_under(tmp_path) == []
    new_variant(f"{name}-x", "callbreak-app", directory=tmp_path)  # only the bare name is reserved


def test_new_package_failing_midway_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hostile input: if 'cardrules new --plugin' fails midway, nothing of the package is
    left behind, nor the folders --dir made for it; the error names the file."""
    real_open = os.open

    def disk_full_at_family_py(path: str, flags: int, mode: int = 0o777, **kw: object) -> int:
        if Path(path).name == "family.py":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
        return real_open(path, flags, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", disk_full_at_family_py)
    where = tmp_path / "new" / "deeper"
    failing = where / "zzt-kid" / "src" / "cardrules_zzt_kid" / "family.py"
    want = f"cannot create {failing}: no space left on device"
    args = ("zzt-kid", "--from", "callbreak-app", "--dir", str(where), "--plugin")
    assert cli_error(*args) == want
    with pytest.raises(CardrulesError) as err:
        new_variant("zzt-kid", "callbreak-app", directory=where, plugin=True)
    assert str(err.value) == want
    assert everything_under(tmp_path) == []


def test_new_plugin_package_layout(tmp_path: Path) -> None:
    """--plugin writes a package: pyproject with the entry point naming the family declared
    in family.py, a profile, a test."""
    files = new_variant("zzt-plug", "callbreak-strict", directory=tmp_path, plugin=True)
    base = tmp_path / "zzt-plug"
    pkg = package_name("zzt-plug")
    assert pkg == "cardrules_zzt_plug"
    assert {p.relative_to(base).as_posix() for p in files} == {
        "pyproject.toml",
        "README.md",
        f"src/{pkg}/__init__.py",
        f"src/{pkg}/family.py",
        f"src/{pkg}/components.py",
        f"src/{pkg}/py.typed",
        f"src/{pkg}/profiles/zzt-plug.toml",
        f"tests/test_{pkg}.py",
    }
    project = tomllib.loads((base / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["cardrules"] == {"zzt-plug": f"{pkg}.family:FAMILY"}
    profile = tomllib.loads(
        (base / "src" / pkg / "profiles" / "zzt-plug.toml").read_text(encoding="utf-8")
    )
    assert profile["profile"]["plugins"] == ["zzt-plug"]
    assert profile["profile"]["extends"] == "callbreak-strict"
    family_src = (base / "src" / pkg / "family.py").read_text(encoding="utf-8")
    assert '\nFAMILY = Family("zzt-plug", profiles=PROFILES)\n' in family_src
    assert "hookimpl" not in family_src  # a declaration, not hooks
    for path in files:
        if path.suffix == ".py":
            compile(path.read_text(encoding="utf-8"), str(path), "exec")
    # Its rule objects subclass the kernel's bases; the defaults do the rest.
    namespace: dict[str, Any] = {}
    exec((base / "src" / pkg / "components.py").read_text(encoding="utf-8"), namespace)
    scorer = namespace["TricksScorer"]()
    assert isinstance(scorer, Scorer) and scorer.summary and repr(scorer) == "TricksScorer()"
    deal = FinishedDeal(Contract(None, 0), (5, 3, 3, 2))
    assert scorer.score_finished(deal) == {0: 5, 1: 3, 2: 3, 3: 2}


@pytest.mark.skipif(
    importlib.util.find_spec("hatchling") is None, reason="hatchling is needed to build offline"
)
def test_new_plugin_installs_with_pip_and_is_found_through_the_entry_point(
    tmp_path: Path,
) -> None:
    """The scaffolded package installs with pip, and its own tests pass against the entry point."""
    new_variant("zzt-pip", "callbreak-app", directory=tmp_path, plugin=True)
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(site),
            str(tmp_path / "zzt-pip"),
        ],
        check=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert (site / "cardrules_zzt_pip" / "profiles" / "zzt-pip.toml").is_file()
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=tmp_path / "zzt-pip",
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_new_plugin_package_is_lint_clean(tmp_path: Path) -> None:
    """The scaffolded code passes ruff with its defaults (a good first commit for an author)."""
    new_variant("zzt-lint", "callbreak-app", directory=tmp_path, plugin=True)
    base = tmp_path / "zzt-lint"
    for args in (["check", "--select", "E,F,W,I,B,UP,SIM,RUF", "."], ["format", "--check", "."]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *args, "--no-cache"],
            cwd=base,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr
