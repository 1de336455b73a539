"""twsolo — the AI opponent for solitaire Twilight Struggle."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("twsolo")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"
