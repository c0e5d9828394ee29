"""``python -m clubfight`` runs the same entry point as the ``clubfight`` command."""

from .cli import main

raise SystemExit(main())
