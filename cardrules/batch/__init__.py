"""Many deals at once: the NumPy engine, the game engine, the worker pool (``simulate``)."""
