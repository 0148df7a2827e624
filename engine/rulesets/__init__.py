"""Rulesets, one module per game; importing this package registers them all."""

from engine.rulesets import ashes, dominion, grand_archive, l5r, redemption  # noqa: F401
