"""The Stupor Mundi solo companion: the Textual app, its stores and the command line.

:data:`__version__` is the one place the version is written (``pyproject.toml`` reads it
from here), so ``stupor-solo --version``, Help and the Start screen show it without
reading the installed package's metadata at start-up.
"""

__version__ = "0.1.0"
