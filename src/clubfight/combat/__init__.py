"""Combat Club, HEAVY SYSTEMS' two-player card fighting game: its rules engine and, later, its play."""
