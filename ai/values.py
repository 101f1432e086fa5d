"""What outcomes of a Samurai turn are worth, in spirit captures; both agents judge by the same scale."""

CAPTURE = 1.0  # a capture also draws a token
WIN = 3.0  # reaching the third capture ends the match
GREEN = 0.8  # one step of the gong: two make a draw
PURSUIT = 0.15  # per Samurai, for standing close to where her next round will start
# Her exorcism, as the hard Goryō weighs its chance (see ``exorcism``): more than a lost
# match (CAPTURE + WIN) because each tile she flips also narrows her later choices,
# which the chance leaves out (4 lost more hard-vs-hard matches than 10: 20% vs 16%, 100 each).
EXORCISM = 10.0
