"""Join ``clubfight bench --json`` reports of consecutive seed ranges into one, figures recomputed.

A long run (hint-expert on 500 deals is about two hours on two cores) is safer in chunks: each chunk
is a report of its own, and this script joins them as if one command had played them all.

Run: uv run python benchmarks/merge_results.py CHUNK.json [CHUNK.json ...] --out ALL.json
"""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

from clubfight.club_fight.ai.bench import DealResult, report_json, summarise


def merge(reports: list[dict[str, object]]) -> dict[str, object]:
    """The reports' deals in seed order, summarised again; the seed ranges must join end to end."""
    ranges = sorted(tuple(int(n) for n in str(r["seeds"]).split("-")) for r in reports)
    for (_, end), (start, _) in itertools.pairwise(ranges):
        if start != end + 1:
            raise SystemExit(f"the seed ranges don't join: {end} then {start}")
    deals = [deal for report in reports for deal in report["deals"]]
    results = sorted(
        (DealResult(**{**deal, "seconds": tuple(deal["seconds"])}) for deal in deals),
        key=lambda r: (r.level, r.policy, r.seed),
    )
    levels = list(dict.fromkeys(r.level for r in results))
    policies = list(dict.fromkeys(r.policy for r in results))
    seeds = range(ranges[0][0], ranges[-1][1] + 1)
    command = str(reports[0]["command"]).replace(str(reports[0]["seeds"]), f"{seeds.start}-{seeds.stop - 1}")
    return report_json(summarise(results, levels, policies), results, seeds, command + " (in chunks, merged)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    merged = merge([json.loads(path.read_text(encoding="utf-8")) for path in args.reports])
    args.out.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    for row in merged["rows"]:
        print(
            f"{row['level']} {row['policy']}: won {row['wins']} of {row['deals']} ({row['rate']:.1%}, "
            f"95% CI {row['ci_low']:.1%}-{row['ci_high']:.1%}), median {row['median_seconds']:.2f} s, "
            f"p95 {row['p95_seconds']:.2f} s per decision"
        )


if __name__ == "__main__":
    main()
