"""Helpers shared by every test folder (tests/ is on sys.path: ``pythonpath`` in pyproject.toml):
the project's folder, the scripts of benchmarks/, running async Pilot tests, games played by a
fixed greedy rule, and what a fresh interpreter loads."""

from __future__ import annotations

import ast
import asyncio
import functools
import importlib.util
import subprocess
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import ModuleType
from typing import Any

from clubfight.club_fight.engine import DealCode, Move, Position, Variant
from clubfight.club_fight.game import Start

ROOT = Path(__file__).resolve().parents[1]
"""The project's folder, one above tests/: whatever depth a test module sits at, it finds src/,
docs/, benchmarks/ and README.md from here."""


def async_test(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio.run (the project has no async pytest plugin); fixtures still
    reach it, since ``functools.wraps`` keeps its signature."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


UI_LIBRARIES = ("textual", "rich")


def modules_loaded(packages: tuple[str, ...], *modules: str) -> str:
    """The modules inside ``packages`` that a fresh interpreter has loaded after importing ``modules``,
    comma-joined ("" when none): the real test of import hygiene, since a lazy import only shows at
    run time."""
    inside = f"any(m == p or m.startswith(p + '.') for p in {packages!r})"
    code = f"import sys, {', '.join(modules)}\nprint(','.join(sorted(m for m in sys.modules if {inside})))\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return result.stdout.strip()


def ui_libraries_loaded(*modules: str) -> str:
    """The UI library modules (Textual, Rich) a fresh interpreter has loaded after importing ``modules``."""
    return modules_loaded(UI_LIBRARIES, *modules)


def greedy_game(start: Start, turns: int | None = None) -> tuple[list[Move], list[Position]]:
    """Play the move that clears most (ties by the engine's sort key), for ``turns`` turns or to the end."""
    positions = [start.opening()]
    moves: list[Move] = []
    while not positions[-1].is_over and (turns is None or len(moves) < turns):
        move = min(positions[-1].legal_moves(), key=lambda m: (-len(m.cleared), m.sort_key()))
        moves.append(move)
        positions.append(positions[-1].play(move))
    return moves, positions


def deal_start(code: str, variant: Variant = Variant.NONE) -> Start:
    return Start.from_deal(DealCode.parse(code), variant=variant)


def settings_sections() -> tuple[type[Any], ...]:
    """Every section of the settings file: the app's and each registered game's."""
    from clubfight.common.storage.settings import AccessSettings, AppSettings
    from clubfight.games import registered

    return (
        AppSettings,
        AccessSettings,
        *(game.settings_section for game in registered() if game.settings_section is not None),
    )


def settings_book(**fields: Any) -> Any:
    """A SettingsBook of every section, with ``fields`` (named as in the file) changed from the defaults."""
    from clubfight.common.storage.settings import SettingsBook

    sections = []
    for kind in settings_sections():
        mine = {name: fields.pop(name) for name in list(fields) if name in kind.names()}
        sections.append(kind(**mine))
    if fields:
        raise TypeError(f"no setting {sorted(fields)[0]!r}")
    return SettingsBook(sections)


def load_all_settings() -> Any:
    """The settings file read for every section (``Loaded[SettingsBook]``)."""
    from clubfight.common.storage.settings import load_settings

    return load_settings(settings_sections())


def load_benchmark(name: str) -> ModuleType:
    """A script of benchmarks/, which is not a package: loaded from its path, with its folder on
    sys.path as when it runs, so that it can import the scripts beside it."""
    folder = ROOT / "benchmarks"
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    path = folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the script runs
    spec.loader.exec_module(module)
    return module


def absolute_imports(source: Path) -> list[str]:
    """Every module ``source`` imports by absolute name (``import a.b``, ``from a.b import c``)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names
