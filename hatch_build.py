"""The build hook behind the compiled build: ``CARDRULES_COMPILE=1 pip install .``.

With ``CARDRULES_COMPILE=1`` in the environment, a wheel build compiles the modules listed under
``[tool.hatch.build.targets.wheel.hooks.custom]`` in ``pyproject.toml`` with mypyc, through the
hatch-mypyc hook (as black and mypy ship their compiled wheels), and the wheel is a platform wheel.
Without it, or with ``CARDRULES_COMPILE=0``, nothing here runs: the wheel is pure Python and the
build needs nothing but hatchling. Editable installs are never compiled: they run the source.
"""

from __future__ import annotations

import os
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# What the compiled build needs besides the runtime dependencies (which mypyc reads while it
# compiles). mypy is pinned so that one release of cardrules compiles to the same code everywhere.
_COMPILE_REQUIRES = ["hatch-mypyc==0.16.0", "mypy==2.4.1", "setuptools>=68"]


def _compiling() -> bool:
    value = os.environ.get("CARDRULES_COMPILE", "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"CARDRULES_COMPILE is 1 (compile with mypyc) or 0 (pure Python), got {value!r}")
    return value == "1"


class CompileHook(BuildHookInterface):
    """Hands the wheel build to hatch-mypyc's hook when ``CARDRULES_COMPILE=1`` is set."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._mypyc: Any = None

    def dependencies(self) -> list[str]:
        """The compiler and the runtime dependencies, for a compiled build only."""
        if not _compiling():
            return []
        return [*_COMPILE_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the listed modules into the wheel being built."""
        if self.target_name != "wheel" or not _compiling():
            return
        if version == "editable":
            self.app.display_warning(
                "CARDRULES_COMPILE=1 is ignored by an editable install: it runs the source"
            )
            return
        # Imported here: a pure build does not install hatch-mypyc.
        from hatch_mypyc.plugin import MypycBuildHook

        self._mypyc = MypycBuildHook(
            self.root,
            self.config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )
        self._mypyc.initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiled modules hatch-mypyc left beside the sources, once they are in the
        wheel: a checkout must go on running its own source (tests, editable installs)."""
        if self._mypyc is not None:
            self._mypyc.clean([version])
