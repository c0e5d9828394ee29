"""Combat Club engine tests (a package, so their module names do not clash with Club Fight's)."""
