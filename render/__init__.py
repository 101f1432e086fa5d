"""Pictures of the palace as PNG bytes, and their alt texts, each a pure function of a view.

    png = render.public_board(rules.public_view(state))
    alt = render.describe_public(rules.public_view(state))

The public functions take only a ``PublicView``, which holds no hidden
information, so they cannot leak the bound object or an undiscovered plan.
The deduction aid is drawn from public counts the caller passes in
(``render.public_board(view, aid=render.DeductionAid.from_paths(...))``).

Every picture and alt text takes ``language`` (default English) and says all its
words in it: ``render.public_board(view, language="it")``. The words live in the
``locales`` catalogues; the names of things (``render.words.object_name``,
``an_object``, ``samurai_name``, ``side_name``…) are shared with the bot's messages.

A view no match can reach (a gong past its end, a Samurai off the palace) is not drawn:
every picture raises ``render.UndrawableView`` saying why, and the bot announces in words alone.
"""

from .aid_words import aid_line, round_summary
from .deduction import DeductionAid
from .describe import describe_discovery, describe_final, describe_goryo, describe_public
from .errors import UndrawableView
from .images import discovery_board, final_board, goryo_board, public_board

__all__ = [
    "DeductionAid", "UndrawableView", "aid_line", "describe_discovery", "describe_final", "describe_goryo",
    "describe_public", "discovery_board", "final_board", "goryo_board", "public_board", "round_summary",
]
