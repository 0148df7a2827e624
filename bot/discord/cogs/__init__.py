"""The Discord command groups, one cog each: /duration (ruling.py), /<game> (games.py), /card and /rule
(info.py), /ruling (rulings.py), /official (official.py) and /carddb (carddb.py). A cog imports no other cog."""
