"""Drawn boards on screen: a Pandémie province map and the Rattus map, built from :mod:`engine.boards` (the
same geometry as the printed boards) and a seat's view; a tap on a place offers what can be done there."""
