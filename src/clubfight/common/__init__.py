"""What both games use and neither owns: the seeded shuffle, the text-record framing, the bench
statistics and, in ``storage``, the data folder's files (atomic versioned JSON, locks, save slots,
the statistics and settings files). Pure but for ``storage``; it imports neither game."""
