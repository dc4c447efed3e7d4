import { Link } from 'react-router';
import { exchangeCredentialsPath } from '@/config/paths';
import type { TaskStatus, TaxYearQuery } from '@/gql/graphql';
import { formatDateTime } from '@/lib/format';
import { useUpdateTaskStatus } from '@/features/tax/api/useTaxYear';
import { taskLabel } from '@/features/tax/utils/taxYear';

type Tasks = TaxYearQuery['tasksByType']['tasks'];

const SHOWN: { status: TaskStatus; label: string }[] = [
  { status: 'TO_DO', label: 'To do' },
  { status: 'IGNORED', label: 'Ignored' },
];

/** The user's tasks (spec 001 §3, §4) with one status at a time; each can be ignored or set back to do. */
export function Tasks({ tasks, status, onStatus }: { tasks: Tasks; status: TaskStatus; onStatus: (status: TaskStatus) => void }) {
  const update = useUpdateTaskStatus();
  return (
    <section className="card" aria-labelledby="tasks-title" data-testid="tasks">
      <div className="card__header">
        <h2 id="tasks-title" className="card__title">
          Tasks
        </h2>
        <div className="tasks__filter" role="group" aria-label="Task status">
          {SHOWN.map((shown) => (
            <button
              key={shown.status}
              type="button"
              className="button button--small button--ghost"
              aria-pressed={shown.status === status}
              onClick={() => onStatus(shown.status)}
            >
              {shown.label}
            </button>
          ))}
        </div>
      </div>
      {tasks.length === 0 ? (
        <p className="tax-year__empty muted">{status === 'TO_DO' ? 'Nothing to do.' : 'No ignored tasks.'}</p>
      ) : (
        <ul className="tasks__list">
          {tasks.map((task) => (
            <li key={task.id} className="tasks__item" data-task-type={task.type}>
              <div>
                <p className="tasks__title">
                  {taskLabel(task.type)}
                  {task.accountName ? ` · ${task.accountName}` : ''}
                </p>
                <p className="tasks__detail muted">
                  {task.detail}
                  {task.detail ? ' · ' : ''}since {formatDateTime(task.createdAt)}
                </p>
                {task.type === 'FIX_API_CREDENTIALS' && task.accountId ? (
                  <Link to={exchangeCredentialsPath(task.accountId)} data-testid="task-fix-credentials">
                    Update API credentials
                  </Link>
                ) : null}
              </div>
              <button
                type="button"
                className="button button--small"
                disabled={update.isPending}
                onClick={() => update.mutate({ taskId: task.id, status: task.status === 'TO_DO' ? 'IGNORED' : 'TO_DO' })}
              >
                {task.status === 'TO_DO' ? 'Ignore' : 'Move to To do'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
