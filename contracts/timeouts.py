"""How workflows wait on their activities.

`HEARTBEAT_TIMEOUT`: how long a workflow waits for a silent activity before it runs it again — short,
so an activity lost with its worker resumes within seconds; long activities heartbeat several times
within it (activities.heartbeat).

`OUTAGE_RETRY`: for activities whose failures other than a bad input (those are non-retryable) come
from a server being away — PostgreSQL, S3 or the worker restarting. Its waits (2, 4, 8, 16, then 30 s)
ride out an outage of about three minutes, longer than `cairn run` takes to restart any server.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio.common import RetryPolicy

HEARTBEAT_TIMEOUT = timedelta(seconds=15)
OUTAGE_RETRY = RetryPolicy(
    initial_interval=timedelta(seconds=2), maximum_interval=timedelta(seconds=30), maximum_attempts=10
)
