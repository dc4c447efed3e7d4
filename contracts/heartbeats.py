"""How long a workflow waits for a silent activity before it runs it again: short, so an activity lost
with its worker resumes within seconds. Long activities heartbeat several times within it
(activities.heartbeat)."""

from __future__ import annotations

from datetime import timedelta

HEARTBEAT_TIMEOUT = timedelta(seconds=15)
