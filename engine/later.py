"""A module imported when one of its names is first used: `OSA = Later("rapidfuzz.distance.OSA")` reads like the
module and costs nothing until `OSA.distance` is reached. A command-line answer about an exact card name never
reaches rapidfuzz, so it does not pay for importing it (issue 37: a command-line answer in a blink)."""

from __future__ import annotations

import importlib
from typing import Any


class Later:
    def __init__(self, module: str) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Any:  # only for names not read yet: later reads are plain attributes
        value = getattr(importlib.import_module(self._module), name)
        setattr(self, name, value)
        return value
