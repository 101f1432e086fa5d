"""Today's two schema histories, frozen at commit d9518b6 (schema version 15): see sqlite.py."""
