import { useState, type FormEvent } from 'react';
import { LoadFailed } from '@/components/LoadStates';
import type { AdminWorkflowRunsQuery, WorkflowRunFilter, WorkflowRunState } from '@/gql/graphql';
import { formatDateTime } from '@/lib/format';
import { useRunActions, useWorkflowRuns, type RunRef } from '@/features/admin/api/useAdmin';
import { RETRYABLE, STATE_LABELS } from '@/features/admin/utils/states';
import { RunFailure } from './RunFailure';
import './admin.css';

type Run = AdminWorkflowRunsQuery['adminWorkflowRuns'][number];


/** A datetime-local value as the API's DateTime (UTC), or nothing. */
function instant(local: string): string | null {
  return local ? new Date(local).toISOString() : null;
}

function filterOf(form: HTMLFormElement): WorkflowRunFilter {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim() || null;
  return {
    kind: text('kind'),
    state: (text('state') as WorkflowRunState | null) ?? null,
    userEmail: text('userEmail'),
    startedAfter: instant(String(data.get('startedAfter') ?? '')),
    startedBefore: instant(String(data.get('startedBefore') ?? '')),
  };
}

const same = (a: RunRef | null, b: RunRef) => a?.workflowId === b.workflowId && a.runId === b.runId;

/** /admin/workflows: every workflow run across users, filtered; a run's failure, Retry, Cancel, Retry all. */
export function WorkflowConsole() {
  const [filter, setFilter] = useState<WorkflowRunFilter>({});
  const [opened, setOpened] = useState<RunRef | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const runs = useWorkflowRuns(filter);
  const { retry, cancel, retryAll } = useRunActions();
  const listed = runs.data?.adminWorkflowRuns ?? [];
  const kinds = [...new Set(listed.map((run) => run.kind))].sort();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpened(null);
    setFilter(filterOf(event.currentTarget));
  };
  const act = async (action: Promise<{ success: boolean; errorMessage?: string | null }>, done: string) => {
    const answer = await action;
    setMessage(answer.success ? done : (answer.errorMessage ?? 'The action failed.'));
  };

  return (
    <div className="page admin-console">
      <h1 className="page__title">Workflow runs</h1>
      <form className="card admin-filters" onSubmit={submit} aria-label="Filter runs">
        <label className="field">
          Kind
          <input className="input" name="kind" list="admin-kinds" placeholder="any" />
          <datalist id="admin-kinds">
            {kinds.map((kind) => (
              <option key={kind} value={kind} />
            ))}
          </datalist>
        </label>
        <label className="field">
          State
          <select className="input" name="state" defaultValue="">
            <option value="">any</option>
            {Object.entries(STATE_LABELS).map(([state, label]) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          User email
          <input className="input" name="userEmail" type="email" maxLength={320} placeholder="any" />
        </label>
        <label className="field">
          Started after
          <input className="input" name="startedAfter" type="datetime-local" />
        </label>
        <label className="field">
          Started before
          <input className="input" name="startedBefore" type="datetime-local" />
        </label>
        <button type="submit" className="button button--primary">
          Filter
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={retryAll.isPending}
          onClick={() =>
            void retryAll.mutateAsync(filter).then((answer) => setMessage(`Retried ${answer.retried}; ${answer.refused} refused.`))
          }
        >
          Retry all failed
        </button>
      </form>
      {message ? (
        <p className="admin-message" role="status">
          {message}
        </p>
      ) : null}
      {runs.isError ? <LoadFailed title="The runs could not be loaded." onRetry={() => void runs.refetch()} /> : null}
      <div className="table-scroll">
      <table className="data-table admin-runs" data-testid="admin-runs">
        <thead>
          <tr>
            <th>Started</th>
            <th>Kind</th>
            <th>State</th>
            <th>User</th>
            <th>Workflow</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {listed.map((run: Run) => (
            <RunRow
              key={`${run.workflowId}/${run.runId}`}
              run={run}
              opened={same(opened, run)}
              onOpen={() => setOpened(same(opened, run) ? null : run)}
              onRetry={() => void act(retry.mutateAsync(run), 'Retried.')}
              onCancel={() => void act(cancel.mutateAsync(run), 'Cancelled.')}
            />
          ))}
        </tbody>
      </table>
      </div>
      {runs.isSuccess && !listed.length ? <p className="empty-state__title">No runs match.</p> : null}
    </div>
  );
}

function RunRow({
  run,
  opened,
  onOpen,
  onRetry,
  onCancel,
}: {
  run: Run;
  opened: boolean;
  onOpen: () => void;
  onRetry: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <tr data-testid="admin-run" data-state={run.state}>
        <td>{formatDateTime(run.startedAt)}</td>
        <td className="admin-runs__kind">{run.kind}</td>
        <td>
          <span className={`admin-state admin-state--${run.state.toLowerCase()}`}>{STATE_LABELS[run.state]}</span>
        </td>
        <td>{run.userEmail ?? '—'}</td>
        <td className="admin-runs__id">
          <a href={run.temporalUrl} target="_blank" rel="noreferrer">
            {run.workflowId}
          </a>
        </td>
        <td className="admin-runs__actions">
          {run.state !== 'RUNNING' && run.state !== 'COMPLETED' ? (
            <button type="button" className="button button--ghost button--small" onClick={onOpen} aria-expanded={opened}>
              Details
            </button>
          ) : null}
          {RETRYABLE.includes(run.state) ? (
            <button type="button" className="button button--primary button--small" onClick={onRetry}>
              Retry
            </button>
          ) : null}
          {run.state === 'RUNNING' ? (
            <button type="button" className="button button--ghost button--small" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </td>
      </tr>
      {opened ? (
        <tr className="admin-runs__detail">
          <td colSpan={6}>
            <RunFailure run={run} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
