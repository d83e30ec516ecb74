"""Where tablekeeper keeps its files: one rule for every command."""

from __future__ import annotations

import os
from pathlib import Path


def default_data_dir() -> Path:
    """Where saved tables live: ``$TABLEKEEPER_DATA``, Flet's app storage on a phone, else XDG data
    (``~/.local/share/tablekeeper``)."""
    for var in ("TABLEKEEPER_DATA", "FLET_APP_STORAGE_DATA"):
        v = os.environ.get(var)
        if v:
            return Path(v) / ("tablekeeper" if var == "FLET_APP_STORAGE_DATA" else "")
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "tablekeeper"


__all__ = ["default_data_dir"]
