"""Combat Club online: protocol, table, server, client, bot and processes (all on 127.0.0.1)."""
