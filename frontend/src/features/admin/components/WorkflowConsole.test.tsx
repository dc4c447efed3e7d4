import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { RequireAdmin } from './RequireAdmin';
import { WorkflowConsole } from './WorkflowConsole';

const FAILED = {
  workflowId: 'account-import/1',
  runId: 'run-1',
  kind: 'AccountImportWorkflow',
  state: 'FAILED',
  userId: '7',
  userEmail: 'user@example.com',
  jobId: 'account-import/1',
  startedAt: '2026-11-25T01:00:00+00:00',
  closedAt: '2026-11-25T01:00:05+00:00',
  temporalUrl: 'http://127.0.0.1:8233/namespaces/default/workflows/account-import%2F1/run-1/history',
};
const FAILURE = {
  adminWorkflowRunFailure: {
    step: 'import_csv_file',
    attempts: 1,
    workerError: 'BadFile: not a spreadsheet',
    userError: 'The file is not a spreadsheet.',
    inputBytes: 120,
  },
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderConsole() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/admin/workflows"
        element={
          <RequireAdmin>
            <WorkflowConsole />
          </RequireAdmin>
        }
      />
      <Route path="/dashboard" element={<Where />} />
    </Routes>,
    { route: '/admin/workflows' },
  );
}

describe('WorkflowConsole', () => {
  fakeTimersAndFreshToasts();

  it('sends a non-admin to the dashboard', async () => {
    const fetchMock = mockFetch({ userInfo: () => userInfoAnswer() });
    renderConsole();
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(fetchMock.operations()).not.toContain('AdminWorkflowRuns');
  });

  it('lists a failed run with its failure, retries it and filters by state and email', async () => {
    const fetchMock = mockFetch({
      userInfo: () => userInfoAnswer({ isAdmin: true }),
      AdminWorkflowRuns: () => ({ adminWorkflowRuns: [FAILED] }),
      AdminWorkflowRunFailure: () => FAILURE,
      AdminRetryWorkflow: () => ({ adminRetryWorkflow: { success: true, errorMessage: null, runId: 'run-2' } }),
    });
    renderConsole();
    const row = await screen.findByTestId('admin-run');
    expect(row).toHaveTextContent('failed');
    expect(row).toHaveTextContent('user@example.com');
    expect(within(row).getByRole('link', { name: 'account-import/1' })).toHaveAttribute('href', FAILED.temporalUrl);
    const user = userEvent.setup();

    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const failure = await screen.findByTestId('admin-failure');
    expect(failure).toHaveTextContent('import_csv_file');
    expect(failure).toHaveTextContent('The file is not a spreadsheet.');
    expect(failure).toHaveTextContent('BadFile: not a spreadsheet');

    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Retried.');
    expect(fetchMock.calls.find((call) => call.operationName === 'AdminRetryWorkflow')?.variables).toEqual({
      workflowId: 'account-import/1',
      runId: 'run-1',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'FAILED');
    await user.type(screen.getByRole('textbox', { name: 'User email' }), 'user@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(fetchMock.calls.filter((call) => call.operationName === 'AdminWorkflowRuns').at(-1)?.variables).toEqual({
        filter: { kind: null, state: 'FAILED', userEmail: 'user@example.com', startedAfter: null, startedBefore: null },
        limit: 100,
      }),
    );
  });
});
