"""Citable rulings: every answer is stored under its ruling id (store, writer), can be opened and asked again
under today's catalog and ruleset (reask), and a catalog change reports which stored rulings it changes.

Modules: record (what a row holds, pure), build (answers -> records), store (SQLite), writer (the background
queue), reask (asking again and comparing), report (text for the command line and Discord).
"""
