import { useRunFailure, type RunRef } from '@/features/admin/api/useAdmin';

/** Why a run failed: the step, its attempts, the error as the user saw it and as the worker raised it. */
export function RunFailure({ run }: { run: RunRef }) {
  const failure = useRunFailure(run);
  if (failure.isPending) return <span className="skeleton skeleton--block" />;
  if (failure.isError) return <p role="alert">The failure could not be loaded.</p>;
  const found = failure.data.adminWorkflowRunFailure;
  return (
    <dl className="admin-failure" data-testid="admin-failure">
      <dt>Failed step</dt>
      <dd>{found.step ?? 'the workflow itself'}</dd>
      <dt>Attempts</dt>
      <dd>{found.attempts}</dd>
      <dt>As the user saw it</dt>
      <dd>{found.userError ?? '—'}</dd>
      <dt>As the worker raised it</dt>
      <dd>
        <pre>{found.workerError || '—'}</pre>
      </dd>
      <dt>Input size</dt>
      <dd>{found.inputBytes.toLocaleString('en-US')} bytes</dd>
    </dl>
  );
}
