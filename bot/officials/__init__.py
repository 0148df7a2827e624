"""Official rulings on the front-end side: the `official` object of every answer and the lines that show it
(agreement.py), record files read and checked, and every recorded ruling asked again (records.py). They are
stored in the catalog (bot/catalog/officials.py) and written by `arbiter official` (bot/cli/official.py) and
/official (bot/discord/cogs/official.py)."""
