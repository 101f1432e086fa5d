from rules.playout import random_match


def test_a_random_match_ends_with_a_winner():
    final = random_match(0)[-1][1]
    assert final.outcome is not None and final.outcome.winner is not None
