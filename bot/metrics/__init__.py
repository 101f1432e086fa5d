"""What the bot counts for its host (Prometheus metrics) and how its log lines are written (text or JSON).

The lowest layer above ``records``: ``delivery``, ``play`` and ``commands`` are handed one ``Metrics``
(built in ``setup_hook``) and note what they do on it; nothing here knows Discord or the database.
"""

from .counts import Metrics

__all__ = ["Metrics"]
