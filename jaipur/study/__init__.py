"""Study tools built on the bots: the game review (`review`) and the puzzle collection (`puzzlebook`).

They sit above the bots and below the page: they import the rules engine and the bots, never the web.
`jaipur.review` and `jaipur.puzzlebook` still name them (aliases that import nothing until used).
"""
