"""Rich renderables shared by the command line and the app (statistics tables)."""
