"""Playing matches: the action pipeline, challenges, the bot's own seat, turn clocks and the start-up check."""
