"""The bot's metrics, in a registry of their own (prometheus-client): what it did, how long it took.

One ``Metrics`` per bot, built in ``setup_hook`` and handed to what notes on it (an object built without
one, as some tests build them, notes on one of its own). Every bot has one, served or not
(``GORYO_METRICS_PORT``): noting a count costs a dictionary lookup and an addition, so the code that notes
never asks whether anyone listens. What the database knows (matches running, the outbox's backlog)
is read when a scrape asks (``refresh``), not kept up to date by the code that changes it.
"""

from __future__ import annotations

from datetime import datetime

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Time to an interaction's first response: Discord gives up on one after 3 s, so the buckets are fine below it.
RESPONSE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
DRAWING_BUCKETS = (0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2)
THINKING_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        self.interactions = Counter(
            "goryo_interactions", "Interactions received, by command (or button) and outcome "
            "(ok, refused: the player was told why not, failed: a bug, stopping: the bot was stopping).",
            ["command", "outcome"], registry=registry,
        )
        self.first_response = Histogram(
            "goryo_first_response_seconds", "From an interaction's creation at Discord to the bot's first response "
            "to it (an answer, or a deferral); Discord fails an interaction not answered in 3 s.",
            buckets=RESPONSE_BUCKETS, registry=registry,
        )
        self.actions = Counter(
            "goryo_actions_applied", "Actions applied to matches (moves, searches, plans, turn ends, ...), by kind.",
            ["kind"], registry=registry,
        )
        self.matches_running = Gauge(
            "goryo_matches_running", "Matches being played (read from the database at each scrape).",
            registry=registry,
        )
        self.outbox_length = Gauge(
            "goryo_outbox_length", "Messages owed to players and not yet sent (this process's servers).",
            registry=registry,
        )
        self.outbox_oldest = Gauge(
            "goryo_outbox_oldest_age_seconds", "How long the oldest message not yet sent has waited (0: none waits).",
            registry=registry,
        )
        self.sends_failed = Counter(
            "goryo_sends_failed", "Messages Discord did not take (each is tried again), by HTTP status "
            "(\"none\": no answer came).",
            ["status"], registry=registry,
        )
        self.pictures = Histogram(
            "goryo_pictures_drawn_seconds", "Pictures drawn (boards and the like) and how long each took.",
            buckets=DRAWING_BUCKETS, registry=registry,
        )
        self.thinking = Histogram(
            "goryo_ai_thinking_seconds", "The computer opponent's thinking time per decision, by level.",
            ["level"], buckets=THINKING_BUCKETS, registry=registry,
        )
        self.shards = Gauge(
            "goryo_shards_held", "Discord shards this process holds (1 when it holds its only connection).",
            registry=registry,
        )

    def interaction(self, command: str, outcome: str) -> None:
        self.interactions.labels(command=command, outcome=outcome).inc()

    def responded(self, seconds: float) -> None:
        self.first_response.observe(max(0.0, seconds))

    def applied(self, kind: str) -> None:
        self.actions.labels(kind=kind).inc()

    def send_failed(self, status: int | None) -> None:
        self.sends_failed.labels(status=str(status) if status is not None else "none").inc()

    def drawn(self, seconds: float) -> None:
        self.pictures.observe(seconds)

    def thought(self, level: str, seconds: float) -> None:
        self.thinking.labels(level=level).observe(seconds)

    def refresh(self, *, running: int, backlog: int, oldest: datetime | None, now: datetime, shards: int) -> None:
        """What the database and the gateway say now, set just before a scrape reads it."""
        self.matches_running.set(running)
        self.outbox_length.set(backlog)
        self.outbox_oldest.set(0.0 if oldest is None else max(0.0, (now - oldest).total_seconds()))
        self.shards.set(shards)

    def exposition(self) -> bytes:
        """Everything, in Prometheus's text format."""
        return generate_latest(self.registry)
