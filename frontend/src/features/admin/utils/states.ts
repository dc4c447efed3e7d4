import type { WorkflowRunState } from '@/gql/graphql';

/** The run states as the console shows them (issue 14). */
export const STATE_LABELS: Record<WorkflowRunState, string> = {
  RUNNING: 'running',
  FAILED: 'failed',
  TIMED_OUT: 'timed out',
  CANCELLED: 'cancelled',
  COMPLETED: 'completed',
};

/** Runs Retry may run again. */
export const RETRYABLE: readonly WorkflowRunState[] = ['FAILED', 'TIMED_OUT', 'CANCELLED'];
