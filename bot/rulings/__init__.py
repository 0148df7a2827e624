"""Citable rulings, stored: every answer is kept under its ruling id in its own SQLite file beside the catalog.

Modules: record (what a row holds, pure), build (an answer made a record), store (the file), writer (the
background queue). Asking a stored ruling again and saying what changed is the question path's work
(bot/answers/reask.py, bot/answers/report.py), a floor above.
"""
