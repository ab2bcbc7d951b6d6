"""The Twenty-Nine family for cardrules (entry point ``twentynine``): being written."""
