"""One module per command; each exposes ``run(args) -> int`` and is imported only when used."""
