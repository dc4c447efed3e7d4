"""The Temporal contract between the API, the workflows and the activities: workflow type names and
ids, signal and activity names, and the dataclasses that cross between them.

Standard library, `temporalio` and `vocabulary` only, so the API can start work and the workflows can
call activities by name without loading what the activities use (parsers, Polars, the lot engine).
"""
