"""Combat Club's files: the unfinished match (``saves``) and the statistics and exported records
(``stats``), kept apart from Club Fight's."""
