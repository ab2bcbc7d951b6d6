"""Many deals at once: ``simulate`` (a NumPy engine and the game engine, on workers) and
``arena`` (bots against bots in duplicate)."""
