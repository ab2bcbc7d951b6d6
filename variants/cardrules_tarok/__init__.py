"""The Tarok family for cardrules (entry point ``tarok``): being written."""
