"""The layout is the architecture: the rules, the AI and games in progress never load a UI library,
and the rules own their shuffle, do no I/O and read no clock. (import-linter's contracts in
pyproject.toml check the layers between clubfight's own packages; these check what they can't:
what a fresh interpreter really loads, and the standard-library modules the rules may not use.)
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from support import ROOT, UI_LIBRARIES, modules_loaded, ui_libraries_loaded

FORBIDDEN = UI_LIBRARIES
SRC = ROOT / "src"

PURE_PACKAGES = (
    "clubfight.common",
    "clubfight.club_fight.engine",
    "clubfight.club_fight.ai",
    "clubfight.club_fight.game",
    "clubfight.club_fight.storage",
    "clubfight.combat.engine",
    "clubfight.combat.ai",
    "clubfight.combat.game",
    "clubfight.combat.storage",
)
"""Packages whose every module stays free of UI libraries, including modules their __init__ doesn't
import (clubfight.club_fight.ai.bench, say)."""


MODELS = (
    "clubfight.club_fight.tui.table_model",
    "clubfight.club_fight.tui.plan",
    "clubfight.combat.tui.fight_model",
    "clubfight.combat.tui.fight_text",
)
"""The plain-Python models behind the screens: they decide, the screens draw, so no UI library here."""


@pytest.mark.parametrize("module", [*PURE_PACKAGES, *MODELS, "clubfight.cli"])
def test_import_hygiene(module: str) -> None:
    importlib.import_module(module)  # a renamed module fails here instead of being skipped
    loaded = ui_libraries_loaded(module)
    assert loaded == "", f"{module} loaded {loaded}"


def test_every_module_of_the_pure_packages_is_ui_free() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"for package_name in {PURE_PACKAGES!r}:\n"
        "    package = importlib.import_module(package_name)\n"
        "    for info in pkgutil.walk_packages(package.__path__, package_name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        f"        if any(m.split('.')[0] in {FORBIDDEN!r} for m in sys.modules):\n"
        "            print(info.name)\n"
        "            raise SystemExit(0)\n"
        "    print('checked', package_name)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[: len(PURE_PACKAGES)] == [f"checked {name}" for name in PURE_PACKAGES], (
        f"{result.stdout.strip()} loads a UI library"
    )


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    return imports_of(path.read_text(encoding="utf-8"), module_name(path), is_package=path.name == "__init__.py")


def imports_of(source: str, name: str, *, is_package: bool = False) -> set[str]:
    """Every module ``source`` (module ``name``) imports, relative imports resolved to absolute names."""
    tree = ast.parse(source)
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                found.add(node.module)
    return found


RULES_MAY_NOT_IMPORT = {"random", "os", "io", "pathlib", "time", "datetime", "textual", "rich", "secrets"}
RULES_PACKAGES = {
    # package: the clubfight packages it may import besides itself
    "clubfight.club_fight.engine": {"clubfight.common.shuffle"},  # the project's one seeded shuffle (D1)
    "clubfight.combat.engine": {"clubfight.common.shuffle"},  # the same shuffle (U1, U4)
}


@pytest.mark.parametrize("package", sorted(RULES_PACKAGES))
def test_rules_are_pure(package: str) -> None:
    """The rules own their shuffle (D1), do no I/O and read no clock, and lean on nothing above them."""
    sources = sorted((SRC / Path(*package.split("."))).rglob("*.py"))
    assert sources, f"{package} sources not found"
    allowed = {package, *RULES_PACKAGES[package]}
    for source in sources:
        imports = imported_modules(source)
        bad = {m for m in imports if m.split(".")[0] in RULES_MAY_NOT_IMPORT}
        assert not bad, f"{source.name} imports {sorted(bad)}"
        own = {m for m in imports if m == "clubfight" or m.startswith("clubfight.")}
        stray = {m for m in own if not any(m == a or m.startswith(a + ".") for a in allowed)}
        assert not stray, f"{source.name} imports {sorted(stray)}"


def test_relative_imports_are_resolved() -> None:
    """The checker itself: a relative import that leaves the package is seen under its real name."""
    source = "from ..storage import paths\nfrom . import cards\nfrom .deal import deal\nimport random\n"
    assert imports_of(source, "clubfight.club_fight.engine.position") == {
        "clubfight.club_fight.storage",
        "clubfight.club_fight.engine",
        "clubfight.club_fight.engine.deal",
        "random",
    }
    assert imports_of("from .. import x", "clubfight.club_fight.engine", is_package=True) == {"clubfight.club_fight"}


def test_club_fight_start_up_leaves_combat_club_and_the_help_unloaded() -> None:
    """Start-up time (issue 9): what ``clubfight`` imports before its first frame. Combat Club's engine,
    AI and screens load when it is entered (only its light entry module loads, for the start screen);
    the help's Markdown parser when the help is drawn; the
    statistics' figures when they are shown; the start screen (and Textual's Footer) when no --level
    skips it; ``secrets`` (hashlib, hmac) never: a game's id comes straight from os.urandom. The
    records, results, saved games, daily deal, deal texts, statistics and exports load when first
    used (``__getattr__`` in the game and storage packages), and json with the first file."""
    start_up = (
        "clubfight.cli.main",
        "clubfight.club_fight.cli.play",
        "clubfight.cli.app",
        "clubfight.shell.app",
        "clubfight.club_fight.tui.entry",
        "clubfight.combat.tui.entry",  # the registry's: Combat Club's entry on the start screen
    )
    lazy = (
        "clubfight.combat.engine",
        "clubfight.combat.ai",
        "clubfight.combat.game",
        "clubfight.combat.tui.launch",
        "clubfight.combat.tui.fight_screen",
        "rich.markdown",
        "textual.widgets._markdown",
        "clubfight.club_fight.game.figures",
        "clubfight.shell.screens.start_screen",
        "clubfight.shell.screens.help_screen",
        "textual.widgets._footer",
        "secrets",
        "hashlib",
        "clubfight.club_fight.game.records",
        "clubfight.club_fight.game.results",
        "clubfight.club_fight.game.saved",
        "clubfight.club_fight.game.daily",
        "clubfight.club_fight.game.deal_text",
        "clubfight.common.records",
        "clubfight.club_fight.storage.stats",
        "clubfight.club_fight.storage.exports",
        "json",
    )
    assert modules_loaded(lazy, *start_up) == ""


@pytest.mark.parametrize("package", ["clubfight.club_fight.game", "clubfight.club_fight.storage"])
def test_every_public_name_of_a_package_that_loads_some_lazily_is_there(package: str) -> None:
    """Each name of ``__all__`` resolves, in a fresh interpreter, to the object of the module it lives in."""
    code = (
        f"import importlib\npackage = importlib.import_module({package!r})\n"
        "for name in package.__all__:\n"
        "    value = getattr(package, name)\n"
        "    home = getattr(value, '__module__', None)\n"
        "    assert home is None or getattr(importlib.import_module(home), name, value) is value, name\n"
        "print(len(package.__all__))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(result.stdout) == len(importlib.import_module(package).__all__)


# --- tests/ mirrors src/ ---------------------------------------------------------------------

TESTS = ROOT / "tests"
OWN_FOLDERS = ("processes", "web", "fixtures")
"""The folders of tests/ named after no package: real processes, the browser, files of earlier releases."""


def python_files_under_tests() -> list[Path]:
    """Every module under tests/ but the conftest.py files (one a folder, by pytest's design)."""
    return sorted(p for p in TESTS.rglob("*.py") if p.name != "conftest.py")


def test_no_two_test_modules_share_a_name() -> None:
    """pytest imports a test module by its file name (tests/ holds no packages), so two files of one
    name clash; and a name that says which game and what reads well on its own in a report."""
    assert list(TESTS.rglob("__init__.py")) == [], "tests/ holds no packages"
    seen: dict[str, Path] = {}
    for path in python_files_under_tests():
        other = seen.setdefault(path.name, path)
        assert other == path, f"{path.relative_to(ROOT)} and {other.relative_to(ROOT)} share a name"


def test_every_test_module_sits_in_the_folder_of_the_package_it_tests() -> None:
    """tests/club_fight/engine tests src/clubfight/club_fight/engine, and so on; the project as a whole
    is tested at the top of tests/. Helpers sit at the top too, where ``pythonpath`` finds them."""
    for path in python_files_under_tests():
        folder = path.parent.relative_to(TESTS).parts
        where = path.relative_to(ROOT)
        if not folder or folder[0] in OWN_FOLDERS:
            continue
        assert path.name.startswith("test_"), f"{where}: a helper belongs at the top of tests/"
        package = SRC / "clubfight" / Path(*folder)
        assert (package / "__init__.py").is_file(), f"{where}: no package src/clubfight/{'/'.join(folder)}"
