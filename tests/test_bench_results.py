"""benchmarks/results/ keeps the runs the docs quote, under one naming scheme, each listed with the
command that made it in benchmarks/results/README.md; a doc that names a result names a kept file."""

from __future__ import annotations

import re

import pytest

from support import ROOT

RESULTS = ROOT / "benchmarks" / "results"
if not RESULTS.is_dir():
    pytest.skip("the results stay in the repository: an sdist has none", allow_module_level=True)

DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "CHANGELOG.md"]

SCHEME = re.compile(
    r"^(club-fight-[a-z0-9-]+-(easy|hard|easy-hard|hard-easy)"
    r"|combat-[a-z0-9-]+-(easy|normal|hard|expert|clairvoyant)-(easy|normal|hard|expert))-\d+-\d+\.(json|jsonl|txt)$"
)
"""``<game>-<what>-<level>-<seeds>.<ext>``, as benchmarks/results/README.md spells it out."""

NAMED = re.compile(r"(?:benchmarks/results/[\w{},*.-]+|(?:club-fight|combat)-[\w{},*-]+\.(?:jsonl|json|txt))")
"""A result as the docs name it: a path under benchmarks/results/, or a file name of the scheme,
either of which may be a pattern (``*``, ``{a,b}``)."""


def kept() -> set[str]:
    return {path.name for path in RESULTS.iterdir() if path.name != "README.md"}


def pattern(name: str) -> re.Pattern[str]:
    """A doc's name as a regex: ``*`` any part of a name, ``{a,b}`` either."""
    parts = re.split(r"(\*|\{[^}]*\})", name)
    regex = "".join(
        "[^/]*"
        if part == "*"
        else f"(?:{'|'.join(map(re.escape, part[1:-1].split(',')))})"
        if part.startswith("{")
        else re.escape(part)
        for part in parts
    )
    return re.compile(regex + "$")


def named_in_docs() -> dict[str, list[str]]:
    """Each result name or pattern the docs use, with the docs that use it."""
    found: dict[str, list[str]] = {}
    for doc in DOCS:
        for name in NAMED.findall(doc.read_text(encoding="utf-8")):
            name = name.removeprefix("benchmarks/results/").rstrip(".")
            if name:  # "benchmarks/results/" alone names the folder
                found.setdefault(name, []).append(doc.name)
    return found


def test_every_result_the_docs_name_is_kept() -> None:
    names = named_in_docs()
    assert names, "the docs name no result at all: the pattern no longer finds them"
    missing = {name: docs for name, docs in names.items() if not any(pattern(name).match(f) for f in kept())}
    assert not missing


def test_every_kept_result_is_named_by_a_doc_and_follows_the_scheme() -> None:
    patterns = [pattern(name) for name in named_in_docs()]
    assert not {name for name in kept() if not any(p.match(name) for p in patterns)}
    assert not {name for name in kept() if not SCHEME.match(name)}


def test_the_results_readme_lists_every_kept_file_once_with_its_command() -> None:
    rows = [line for line in (RESULTS / "README.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `")]
    listed = [row.split("`")[1] for row in rows]
    assert sorted(listed) == sorted(kept())
    for row in rows:
        command = row.split(" | ")[3]
        assert f"benchmarks/results/{row.split('`')[1]}" in command, row
