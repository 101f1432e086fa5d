"""Pictures of the palace as PNG bytes, each a pure function of a view: ``render`` only draws.

    png = render.public_board(rules.public_view(state))

The public functions take only a ``PublicView``, which holds no hidden
information, so they cannot show the bound object or an undiscovered plan.
The deduction aid is drawn from public counts the caller passes in
(``render.public_board(view, aid=words.deduction.DeductionAid.from_paths(...))``).

Every picture takes ``language`` (default English) and says all its words in it:
``render.public_board(view, language="it")``. The words themselves, the picture's alt text
among them, are made in the ``words`` package, from the same view.

A view no match can reach (a gong past its end, a Samurai off the palace) is not drawn:
every picture raises ``render.UndrawableView`` saying why, and the bot announces in words alone.
"""

from .errors import UndrawableView
from .images import discovery_board, final_board, goryo_board, public_board

__all__ = ["UndrawableView", "discovery_board", "final_board", "goryo_board", "public_board"]
