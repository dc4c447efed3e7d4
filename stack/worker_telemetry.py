"""What the worker tells operators: the ids of the workflow or activity each log line comes from (an
interceptor binds them for the run), and Prometheus metrics from the Temporal SDK's runtime — workflow
outcomes by type (temporal_workflow_completed / _failed / _canceled), activity latency by type
(temporal_activity_execution_latency), and what activities add through their metric meter (the import's
cairn_import_rows and cairn_import_seconds) — served at http://CAIRN_HOST:CAIRN_WORKER_METRICS_PORT/metrics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from temporalio import activity, workflow
from temporalio.runtime import PrometheusConfig, Runtime, TelemetryConfig
from temporalio.worker import (
    ActivityInboundInterceptor,
    ExecuteActivityInput,
    ExecuteWorkflowInput,
    Interceptor,
    WorkflowInboundInterceptor,
    WorkflowInterceptorClassInput,
)

from ledger.infra.logs import bind_log_ids
from ledger.infra.settings import Settings


def worker_runtime(settings: Settings) -> Runtime:
    bind_address = f"{settings.host}:{settings.worker_metrics_port}"
    return Runtime(
        telemetry=TelemetryConfig(
            metrics=PrometheusConfig(bind_address=bind_address, durations_as_seconds=True)
        )
    )


def _user_id(args: Sequence[Any]) -> int | None:
    """The user the input names: every per-user contract's input dataclass has a `user_id`."""
    user_id = getattr(args[0], "user_id", None) if args else None
    return user_id if isinstance(user_id, int) else None


class _ActivityIds(ActivityInboundInterceptor):
    async def execute_activity(self, input: ExecuteActivityInput) -> Any:
        # Bound in this task; a synchronous activity's thread runs in a copy of its context.
        info = activity.info()
        bind_log_ids(
            workflow_id=info.workflow_id,
            run_id=info.workflow_run_id,
            workflow_type=info.workflow_type,
            activity_type=info.activity_type,
            user_id=_user_id(input.args),
        )
        return await self.next.execute_activity(input)


class _WorkflowIds(WorkflowInboundInterceptor):
    async def execute_workflow(self, input: ExecuteWorkflowInput) -> Any:
        info = workflow.info()
        bind_log_ids(
            workflow_id=info.workflow_id,
            run_id=info.run_id,
            workflow_type=info.workflow_type,
            user_id=_user_id(input.args),
        )
        return await self.next.execute_workflow(input)


class LogIds(Interceptor):
    """Binds the workflow's and activity's ids (and the user its input names) to the logs of its run."""

    def intercept_activity(self, next: ActivityInboundInterceptor) -> ActivityInboundInterceptor:
        return _ActivityIds(next)

    def workflow_interceptor_class(
        self, input: WorkflowInterceptorClassInput
    ) -> type[WorkflowInboundInterceptor] | None:
        return _WorkflowIds
