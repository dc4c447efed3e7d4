"""OpenTelemetry traces from the API through Temporal to the activities: the API's request span, then the
Temporal SDK's StartWorkflow, RunWorkflow and RunActivity spans, carried across Temporal in its headers by
the SDK's TracingInterceptor on the API's client and the worker's. Spans leave the process over OTLP/HTTP
when CAIRN_OTLP_ENDPOINT names a collector; without one no provider is installed and spans cost nothing."""

from __future__ import annotations

from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import SERVICE_NAME, Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from temporalio.client import Interceptor
from temporalio.contrib.opentelemetry import TracingInterceptor


def configure_tracing(otlp_endpoint: str, service: str) -> None:
    """Exports this process's spans to the collector at `otlp_endpoint` (e.g. http://collector:4318)."""
    if not otlp_endpoint:
        return
    provider = TracerProvider(resource=Resource.create({SERVICE_NAME: service}))
    exporter = OTLPSpanExporter(endpoint=f"{otlp_endpoint.rstrip('/')}/v1/traces")
    provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)


def temporal_interceptors() -> list[Interceptor]:
    """For `Client.connect`: a worker on that client traces its workflows and activities too."""
    return [TracingInterceptor()]
