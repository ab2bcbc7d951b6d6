"""Tools for readers and variant authors: rule specs, profile diffs, scaffolds, docs generation."""
