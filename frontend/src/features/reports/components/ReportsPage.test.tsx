import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { byYear } from '@/features/reports/utils/reports';
import { ReportsPage } from './ReportsPage';

const JOB = 'tax-report/u/FORM_8949/2025';

function file(overrides: Record<string, unknown> = {}) {
  return {
    jobId: JOB,
    type: 'FORM_8949',
    taxYear: 2025,
    status: 'FINISHED',
    createdAt: '2026-01-02T10:00:00+00:00',
    finishedAt: '2026-01-02T10:00:05+00:00',
    fileName: 'form_8949_2025.pdf',
    url: 'http://s3.test/cairn/reports/form_8949_2025.pdf?sig',
    reconciliation: null,
    ...overrides,
  };
}

function poll(status: string | null, final: boolean, report: unknown = null) {
  const success = status === 'success';
  return {
    taxReportPollResult: {
      success,
      status,
      isStatusFinal: final,
      url: success ? file().url : null,
      errorMessage: null,
      report,
    },
  };
}

describe('Reports page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts a report, says it waits for the calculation, then offers the download', async () => {
    const answers = [poll('cost_basis_in_process', false), poll('success', true, file())];
    const fetched = mockFetch({
      taxReports: () => ({ taxReports: [] }),
      generateTaxReport: () => ({ generateTaxReport: { success: true, jobId: JOB, status: null, errorMessage: null } }),
      taxReportPollResult: () => answers.shift() ?? poll('success', true, file()),
    });
    renderWithProviders(<ReportsPage />);
    const form = within(screen.getByRole('region', { name: 'Generate a report' }));
    fireEvent.change(form.getByLabelText('Tax year'), { target: { value: String(new Date().getFullYear() - 1) } });
    fireEvent.click(form.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Waiting for the cost basis calculation to finish…')).toHaveAttribute('data-status', 'cost_basis_in_process');
    const link = await screen.findByRole('link', { name: /Download Form 8949 \(PDF\)/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', file().url);
    const started = fetched.calls.find((call) => call.operationName === 'generateTaxReport');
    expect(started?.variables).toMatchObject({ type: 'FORM_8949', taxYear: new Date().getFullYear() - 1, form1099daFileUrl: null });
  });

  it('asks the lots held at the end of a day for that day', async () => {
    const fetched = mockFetch({
      taxReports: () => ({ taxReports: [] }),
      generateTaxReport: () => ({ generateTaxReport: { success: true, jobId: 'tax-report/u/LOTS_AS_OF_DATE/2023', status: null, errorMessage: null } }),
      taxReportPollResult: () => poll('success', true, file({ type: 'LOTS_AS_OF_DATE', taxYear: 2023 })),
    });
    renderWithProviders(<ReportsPage />);
    const form = within(screen.getByRole('region', { name: 'Generate a report' }));
    fireEvent.change(form.getByLabelText('Report'), { target: { value: 'LOTS_AS_OF_DATE' } });
    expect(form.queryByLabelText('Tax year')).toBeNull();
    fireEvent.change(form.getByLabelText('Lots held at the end of'), { target: { value: '2023-06-30' } });
    fireEvent.click(form.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByRole('link', { name: /Download Lots as of a date \(CSV\) 2023-06-30/ }, { timeout: 5000 })).toBeInTheDocument();
    const started = fetched.calls.find((call) => call.operationName === 'generateTaxReport');
    expect(started?.variables).toMatchObject({ type: 'LOTS_AS_OF_DATE', taxYear: 2023, endDate: '2023-06-30' });
  });

  it('says why a report was refused', async () => {
    mockFetch({
      taxReports: () => ({ taxReports: [] }),
      generateTaxReport: () => ({ generateTaxReport: { success: false, jobId: null, status: 'invalid_report_type', errorMessage: null } }),
    });
    renderWithProviders(<ReportsPage />);
    fireEvent.click(within(screen.getByRole('region', { name: 'Generate a report' })).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cairn does not make this type of report.');
  });

  it('says which plan blocker held a report back and leads to the plans', async () => {
    mockFetch({
      taxReports: () => ({ taxReports: [] }),
      generateTaxReport: () => ({
        generateTaxReport: { success: false, jobId: null, status: 'insufficient_tax_plan', blocker: 'NO_REPORTS_IN_FREE_PLAN', errorMessage: null },
      }),
    });
    renderWithProviders(<ReportsPage />);
    fireEvent.click(within(screen.getByRole('region', { name: 'Generate a report' })).getByRole('button', { name: 'Generate' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('The Free plan does not include tax reports. Choose a plan to generate them.');
    expect(within(refusal).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });

  it('lists the reports made per year with their links', async () => {
    mockFetch({
      taxReports: () => ({
        taxReports: [file(), file({ jobId: 'b', type: 'CAPITAL_GAINS_CSV', fileName: 'capital_gains_csv_2025.csv' }), file({ jobId: 'c', taxYear: 2024, fileName: 'form_8949_2024.pdf' })],
      }),
    });
    renderWithProviders(<ReportsPage />);
    const year2025 = within(await screen.findByTestId('reports-2025'));
    expect(year2025.getAllByRole('link').map((link) => link.textContent)).toEqual(['form_8949_2025.pdf', 'capital_gains_csv_2025.csv']);
    expect(within(screen.getByTestId('reports-2024')).getByRole('link')).toHaveTextContent('form_8949_2024.pdf');
  });

  it('groups by year in the order given', () => {
    expect(byYear([{ taxYear: 2025 }, { taxYear: 2025 }, { taxYear: 2023 }]).map(([year, made]) => [year, made.length])).toEqual([
      [2025, 2],
      [2023, 1],
    ]);
  });
});
