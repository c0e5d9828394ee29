"""``python -m clubfight`` runs the same entry point as the ``clubfight`` command."""

from clubfight.cli import main

raise SystemExit(main())
