"""Club Fight's commands (``clubfight moves``, ``solve``, ``hint``, ``bench``, ``stats``, ``replay`` and
the game itself), one module each, imported only when that command runs (``clubfight.cli.main``)."""
