import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCancelWorkflowDocument,
  AdminRetryWorkflowDocument,
  AdminRetryWorkflowsDocument,
  AdminWorkflowRunFailureDocument,
  AdminWorkflowRunsDocument,
  type WorkflowRunFilter,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const RUNS_PER_PAGE = 100;

export interface RunRef {
  workflowId: string;
  runId: string;
}

/** Only the run's ids, when a whole listed run is given. */
const ref = ({ workflowId, runId }: RunRef): RunRef => ({ workflowId, runId });

export function useWorkflowRuns(filter: WorkflowRunFilter) {
  return useQuery({
    queryKey: [...queryKeys.adminRuns, filter],
    queryFn: () => request(AdminWorkflowRunsDocument, { filter, limit: RUNS_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
}

export function useRunFailure(run: RunRef) {
  return useQuery({
    queryKey: queryKeys.adminRunFailure(run.workflowId, run.runId),
    queryFn: () => request(AdminWorkflowRunFailureDocument, ref(run)),
  });
}

/** Retry, Cancel and bulk Retry: the list is read again after each. */
export function useRunActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminRuns });
  const retry = useMutation({
    mutationFn: (run: RunRef) => request(AdminRetryWorkflowDocument, ref(run)).then((answer) => answer.adminRetryWorkflow),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (run: RunRef) => request(AdminCancelWorkflowDocument, ref(run)).then((answer) => answer.adminCancelWorkflow),
    onSettled: refresh,
  });
  const retryAll = useMutation({
    mutationFn: (filter: WorkflowRunFilter) =>
      request(AdminRetryWorkflowsDocument, { filter, limit: RUNS_PER_PAGE }).then((answer) => answer.adminRetryWorkflows),
    onSettled: refresh,
  });
  return { retry, cancel, retryAll };
}
