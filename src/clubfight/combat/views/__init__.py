"""Rich renderables for Combat Club, shared by the command line and the app (the statistics table)."""
