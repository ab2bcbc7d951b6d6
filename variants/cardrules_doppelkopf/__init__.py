"""The Doppelkopf family for cardrules (entry point ``doppelkopf``): being written."""
