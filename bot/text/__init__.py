"""Everything the bot says in words: narration, status, help, the league's results and refusals."""
