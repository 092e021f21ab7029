"""What the teaching and study screens know (their modes are in modes/, their drawing in draw/): `tutorial.py` the
steps of Learn to play, `puzzle.py` a puzzle and the check of a try, `rulebook.py` the rules summary ("How to
play"), `editor.py` the position editor's draft, and `replayer.py` the replay viewer's frames.
"""
