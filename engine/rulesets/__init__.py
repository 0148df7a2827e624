"""Rulesets, one package per game; each registers itself when imported (engine/registry.py BUILTIN
imports the one a command names)."""
