"""What outcomes of a Samurai turn are worth, in spirit captures; both agents judge by the same scale."""

CAPTURE = 1.0  # a capture also draws a token
WIN = 3.0  # reaching the third capture ends the match
GREEN = 0.8  # one step of the gong: two make a draw
