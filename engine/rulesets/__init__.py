"""Rulesets, one module per game; importing this package registers them all."""

from engine.rulesets import redemption  # noqa: F401
