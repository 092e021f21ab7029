"""What this browser remembers (localStorage), every value read defensively: `saved.py` the game in progress (with
undo against the computer and record files), `profile.py` the language chosen and the matches won and lost,
`friends.py` the games with friends, `parts.py` the parts of a friend's long message opened so far, `names.py` the players' names on one device (and a record's name), and
`collection.py` which puzzles of the collection were solved or had their answer shown. The keys: docs/hooks.md.
"""
