"""Generate the man page and the shell completions from the argparse parser (run at release time).

Run: uv run python scripts/release_assets.py [OUT]      (default OUT: dist/assets)

Writes OUT/man/clubfight.1 (argparse-manpage) and OUT/completions/clubfight.{bash,zsh,tcsh}
(shtab), all read from ``clubfight.cli.build_parser``, so they never drift from ``--help``. Nothing
here is written by hand: change the parser, run this again. The release attaches OUT to the
GitHub release; packagers install them as ``share/man/man1/clubfight.1`` and
``share/bash-completion/completions/clubfight`` (and the zsh and tcsh equivalents).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

SHELLS = ("bash", "zsh", "tcsh")


def write_assets(out: Path) -> list[Path]:
    import shtab
    from build_manpages.manpage import Manpage

    from clubfight import __version__
    from clubfight.cli import build_parser

    written = []
    man = out / "man" / "clubfight.1"
    man.parent.mkdir(parents=True, exist_ok=True)
    parser = build_parser()
    page = Manpage(parser, _data={"version": __version__, "project_name": "clubfight", "url": "", "authors": []})
    man.write_text(str(page), encoding="utf-8")
    written.append(man)
    for shell in SHELLS:
        path = out / "completions" / f"clubfight.{shell}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(shtab.complete(build_parser(), shell=shell), encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("dist/assets")
    for path in write_assets(out):
        print(path)


if __name__ == "__main__":
    main()
