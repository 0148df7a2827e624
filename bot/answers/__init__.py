"""The question path, shared by every front end: the catalog held warm (service.py, snapshot.py,
freshness.py), the servers' layers over it (layers.py), every game's declared questions and imports
(games.py), a card from any game (anywhere.py, card_info.py), and a stored ruling asked again with what changed
(reask.py, report.py)."""
