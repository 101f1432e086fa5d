"""Everything the bot says in words: narration, status and help."""
