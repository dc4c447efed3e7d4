"""The custom search attributes every workflow run carries, which the support console queries through
Temporal's visibility API: who the run is for, what kind of work it is, the job row it writes, and
whether the work failed even though the run itself completed (an import records a bad file on its job
and completes). The local dev server registers them at start (`stack/servers.py`); a production
namespace needs `temporal operator search-attribute create` once for each."""

from __future__ import annotations

from temporalio import workflow
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

USER_ID = SearchAttributeKey.for_int("CairnUserId")
KIND = SearchAttributeKey.for_keyword("CairnKind")  # the workflow type name
JOB_ID = SearchAttributeKey.for_keyword("CairnJobId")
OUTCOME = SearchAttributeKey.for_keyword("CairnOutcome")  # "failed" once the work has failed

FAILED_OUTCOME = "failed"

# name → the type the dev server's `--search-attribute NAME=TYPE` takes
REGISTERED = {USER_ID.name: "Int", KIND.name: "Keyword", JOB_ID.name: "Keyword", OUTCOME.name: "Keyword"}


def run_attributes(kind: str, user_id: int | None, job_id: str | None) -> TypedSearchAttributes:
    attributes = TypedSearchAttributes.empty.updated(SearchAttributePair(KIND, kind))
    if user_id is not None:
        attributes = attributes.updated(SearchAttributePair(USER_ID, user_id))
    if job_id is not None:
        attributes = attributes.updated(SearchAttributePair(JOB_ID, job_id))
    return attributes


def record_failed_outcome() -> None:
    """Called by a workflow when its work failed but the run completes: the console lists it as failed."""
    workflow.upsert_search_attributes([OUTCOME.value_set(FAILED_OUTCOME)])
