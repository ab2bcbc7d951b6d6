"""Sphinx configuration of the cardrules documentation.

Build: ``.venv/bin/sphinx-build -W --keep-going -b html docs docs/_build/html``.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import cardrules  # noqa: E402

project = "cardrules"
author = "the cardrules authors"
copyright = "2026, the cardrules authors"
release = version = cardrules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "cardrules_docs",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path = ["_static"]
html_css_files = ["cardrules.css"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}
