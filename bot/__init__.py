"""Arbiter's front ends over the engine: the catalog, the stored rulings, the question path, the web pages, the
Discord bot and the `arbiter` command. `bot/` names no game: every game is one package under engine/rulesets/.

Its rooms stand on floors, bottom first. A module imports from its own room or from a room on a lower floor,
never from one above or beside it (tests/project/test_layout.py checks every import, at the top of a module
or inside a function). The one import circle is the Discord client with its cogs, which name the bot class
for type hints only.
"""

FLOORS: tuple[tuple[str, ...], ...] = (
    ("bot.catalog", "bot.links"),  # the card database; public web addresses
    ("bot.rulings",),  # stored rulings: a row, an answer made a row, the file, the writer
    ("bot.officials",),  # official rulings: the `official` object of every answer, record files, verify
    ("bot.answers",),  # the question path: request context, warm catalog, layers, games, asking again
    ("bot.web",),  # the read-only web pages
    ("bot.discord",),  # the Discord bot (which can serve the web pages beside it)
    ("bot.cli",),  # the `arbiter` command (which starts the bot and the web pages)
)
