"""The build's hook (hatchling): the language catalogs, always, and the optional compiled core
(docs/decisions.md §14), which compiles the engine, the AI, the turn flow and the stand-ins
with mypyc when asked to.

The catalogs (issue #44): every twsolo/phrases/locale/LANG/LC_MESSAGES/twsolo.po is compiled by
Babel into the twsolo.mo the stdlib's gettext reads (scripts/catalogs.py); no .mo is kept in
git. An editable install writes them beside the .po files, a wheel carries them.

    TWSOLO_COMPILE=1 .venv/bin/pip install .        # a compiled twsolo into this venv

Without `TWSOLO_COMPILE=1` (the README's `pip install -e .`, CI's install) it does nothing and
twsolo is pure Python. It never compiles an editable install: the extension modules would be
imported instead of the sources beside them, and an edited source would silently not count.
A wheel is a snapshot, so a compiled install is as fresh as its build; install it again after
a change. The build needs a C compiler and Python's headers; pip fetches mypy and setuptools
for it (`dependencies`). The same decisions either way: scripts/digest.py gives one digest.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "TWSOLO_COMPILE"
COMPILED = ("twsolo/engine/**/*.py", "twsolo/ai/**/*.py", "twsolo/solo/*.py", "twsolo/players/*.py")
# Left interpreted: the package that resolves its names lazily (PEP 562 `__getattr__`) and one
# module mypyc cannot build (a starred tuple in an `in` test: an internal mypyc error).
INTERPRETED = frozenset({"twsolo/solo/__init__.py", "twsolo/solo/options.py"})


def switched_on() -> bool:
    return os.environ.get(SWITCH) == "1"


def wanted(version: str) -> bool:
    return switched_on() and version != "editable"


def sources(root: Path) -> list[str]:
    """The modules to compile, as paths relative to `root` (mypyc names modules by them)."""
    found = {str(p.relative_to(root)) for pattern in COMPILED for p in root.glob(pattern)}
    return sorted(found - INTERPRETED)


class CompiledCore(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        catalogs = ["babel>=2.12"]
        if not switched_on():
            return catalogs
        # mypyc type-checks what it compiles: the run-time packages (their types) and stubs.
        stubs = ["types-PyYAML", "types-Markdown"]
        return [*catalogs, "mypy>=1.10", "setuptools>=65", *stubs, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        self.compile_catalogs(version, build_data)
        if wanted(version):
            self.compile_core(build_data)

    def compile_catalogs(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location("catalogs", root / "scripts" / "catalogs.py")
        assert spec is not None
        assert spec.loader is not None
        catalogs = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogs)
        locales = root / "twsolo" / "phrases" / "locale"
        if version == "editable":  # the package is read from the sources: beside the .po
            catalogs.compile_catalogs(locales, locales)
            return
        out = Path(tempfile.mkdtemp(prefix="twsolo-catalogs-"))
        for made in catalogs.compile_catalogs(locales, out):
            inside = locales.relative_to(root) / made.relative_to(out)
            build_data["force_include"][str(made)] = str(inside)

    def compile_core(self, build_data: dict[str, Any]) -> None:
        from mypyc.build import mypycify
        from setuptools import Distribution

        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="twsolo-mypyc-"))
        here = Path.cwd()
        os.chdir(root)  # mypyc names each module by its path from here
        try:
            modules = mypycify(sources(root), opt_level="3", target_dir=str(out / "c"))
            build = Distribution({"name": "twsolo", "ext_modules": modules}).get_command_obj(
                "build_ext"
            )
            build.build_lib = str(out / "lib")
            build.build_temp = str(out / "tmp")
            build.parallel = os.cpu_count() or 1
            build.ensure_finalized()
            build.run()
        finally:
            os.chdir(here)
        lib = out / "lib"
        for built in sorted(lib.rglob("*")):
            if built.suffix in (".so", ".pyd"):
                build_data["force_include"][str(built)] = str(built.relative_to(lib))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
