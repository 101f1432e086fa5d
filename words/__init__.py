"""The board's words, made from a view: the one place that says what a board shows.

``render`` draws a view and ``bot`` sends it; both take their words from here, in the language
being spoken (``locales``), so the picture, its alt text, the facts beside it, the line under it
and the board as text say the same things in the same words:

- ``phrases``: the names of things (objects, Samurai, sides) and the match's lines (round, turn, outcome);
- ``facts``: the facts beside the picture, with its key; ``glance``: the line under it;
- ``describe``: each picture's alt text; ``text_board``: the whole board in words, for a screen reader;
- ``aid`` and ``deduction``: the deduction aid's numbers and their words.

Pure like ``rules``: no I/O, no Discord, no Pillow. The public words read a ``rules.PublicView``
alone, so they cannot tell a secret; only the ``goryo_…`` words take her view.
"""

from .aid import aid_line, round_summary
from .deduction import DeductionAid
from .describe import describe_discovery, describe_final, describe_goryo, describe_public, describe_replay

__all__ = [
    "DeductionAid", "aid_line", "describe_discovery", "describe_final", "describe_goryo", "describe_public",
    "describe_replay", "round_summary",
]
