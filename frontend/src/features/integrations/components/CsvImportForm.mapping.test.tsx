import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { CsvImportForm } from './CsvImportForm';

const FILE_URL = 's3://uploads/user/unknown.csv';
const NOT_FOUND = "We haven't found the integration you're looking for. You can upload a CSV file instead.";
const COLUMNS = ['Time', 'Kind', 'In Amount', 'In Asset'];

function check(overrides: Record<string, unknown> = {}) {
  return {
    jobId: 'csv-validate/1',
    isStatusFinal: true,
    csvValidationErrors: [NOT_FOUND],
    format: null,
    numberTotal: 0,
    numberIgnored: 0,
    ignoredReasons: [],
    mappableColumns: COLUMNS,
    sampleRows: [['31/01/2024 13:45', 'Deposit', '1.5', 'BTC']],
    previewRows: [],
    ...overrides,
  };
}

const mappedCheck = (overrides: Record<string, unknown> = {}) =>
  check({
    jobId: 'csv-validate-mapped/1',
    csvValidationErrors: [],
    format: 'Your column mapping',
    numberTotal: 1,
    mappableColumns: [],
    sampleRows: [],
    previewRows: [['1', '2024-01-31 13:45:00', 'RECEIVE', '1.5 BTC', '', '', '', '', '']],
    ...overrides,
  });

function handlers(extra: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return {
    appInfo: () => ({ appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 1 << 20 } }),
    presignFileUpload: () => ({
      presignFileUpload: { success: true, error: null, result: { postUrl: 'http://storage.test/upload', fileUrl: FILE_URL, uploadInfoFields: [] } },
    }),
    csvValidation: () => ({ csvValidation: check() }),
    ...extra,
  };
}

async function uploadUnknown() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(
    <CsvImportForm accountTypeSlug="csv" defaultWalletName="Cairn CSV" isGeneric acceptedFormats={['.csv']} onImported={vi.fn()} />,
  );
  await user.upload(screen.getByTestId('csv-file-input'), new File(['Time,Kind\n'], 'unknown.csv', { type: 'text/csv' }));
  await screen.findByTestId('column-mapping');
  return user;
}

describe('The add-wallet CSV form maps a file no format recognises', () => {
  fakeTimersAndFreshToasts();

  it('keeps the spec message and offers to map the columns of a file no format recognises', async () => {
    mockFetch(handlers(), () => new Response(null, { status: 204 }));
    await uploadUnknown();
    expect(screen.getByTestId('csv-validation-errors')).toHaveTextContent(NOT_FOUND);
    expect(within(screen.getByTestId('column-mapping-sample')).getByText('Deposit')).toBeInTheDocument();
    const options = within(screen.getByTestId('mapping-receivedQuantity')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['None', ...COLUMNS]);
    expect(screen.getByTestId('csv-import-button')).toBeDisabled();
  });

  it('asks for the date column before checking anything', async () => {
    const fetchMock = mockFetch(handlers(), () => new Response(null, { status: 204 }));
    const user = await uploadUnknown();
    await user.click(screen.getByTestId('column-mapping-preview-button'));
    expect(screen.getByText('Choose the column that holds the date.')).toBeInTheDocument();
    expect(fetchMock.operations()).not.toContain('validateCsvMapping');
  });

  it('previews the mapped rows (polling the check), saves the mapping, then imports', async () => {
    let polls = 0;
    const fetchMock = mockFetch(
      handlers({
        validateCsvMapping: () => ({ validateCsvMapping: mappedCheck({ isStatusFinal: false }) }),
        csvValidationJobStatus: () => {
          polls += 1;
          return { csvValidationJobStatus: polls < 2 ? mappedCheck({ isStatusFinal: false }) : mappedCheck() };
        },
        saveCsvMapping: () => ({ saveCsvMapping: { success: true, error: null } }),
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'csv-import/1', error: null } }),
      }),
      () => new Response(null, { status: 204 }),
    );
    const user = await uploadUnknown();
    await user.selectOptions(screen.getByTestId('mapping-date'), 'Time');
    await user.selectOptions(screen.getByLabelText('Date format'), 'DAY_FIRST');
    await user.selectOptions(screen.getByTestId('mapping-receivedQuantity'), 'In Amount');
    await user.selectOptions(screen.getByTestId('mapping-receivedCurrency'), 'In Asset');
    await user.selectOptions(screen.getByTestId('mapping-type'), 'Kind');
    expect(screen.getByTestId('column-mapping-use')).toBeDisabled();
    await user.click(screen.getByTestId('column-mapping-preview-button'));
    const mapping = { date: 0, dateFormat: 'DAY_FIRST', decimalSeparator: 'AUTOMATIC', receivedQuantity: 2, receivedCurrency: 3, type: 1 };
    expect(fetchMock.calls.find((call) => call.operationName === 'validateCsvMapping')?.variables).toEqual({ csvFileUrl: FILE_URL, mapping });
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const preview = await screen.findByTestId('column-mapping-preview');
    expect(within(preview).getByText('1.5 BTC')).toBeInTheDocument();
    expect(within(preview).getByText('RECEIVE')).toBeInTheDocument();

    await user.click(screen.getByTestId('column-mapping-use'));
    expect(await screen.findByText('Mapping saved: import the file with it.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'saveCsvMapping')?.variables).toEqual({ csvFileUrl: FILE_URL, mapping });
    await waitFor(() => expect(screen.getByTestId('csv-import-button')).toBeEnabled());
    expect(screen.queryByTestId('csv-validation-errors')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('csv-import-button'));
    await waitFor(() => expect(fetchMock.operations()).toContain('createCustomWallet'));
  });

  it('maps one signed amount column read with a decimal comma, and previews the values as they import', async () => {
    const fetchMock = mockFetch(
      handlers({
        validateCsvMapping: () => ({
          validateCsvMapping: mappedCheck({
            numberTotal: 2,
            previewRows: [
              ['1', '2024-01-31 13:45:00', 'RECEIVE', '1234.5 BTC', '', '', '', '', ''],
              ['2', '2024-02-01 09:00:00', 'SEND', '', '0.25 BTC', '', '', '', ''],
            ],
          }),
        }),
      }),
      () => new Response(null, { status: 204 }),
    );
    const user = await uploadUnknown();
    expect(screen.getByText(/positive is received, negative is sent/)).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('mapping-date'), 'Time');
    await user.selectOptions(screen.getByTestId('mapping-signedQuantity'), 'In Amount');
    await user.selectOptions(screen.getByTestId('mapping-signedCurrency'), 'In Asset');
    await user.selectOptions(screen.getByLabelText('Decimal separator'), 'Comma (1.234,56)');
    await user.click(screen.getByTestId('column-mapping-preview-button'));
    const mapping = { date: 0, dateFormat: 'DETECT', decimalSeparator: 'COMMA', signedQuantity: 2, signedCurrency: 3 };
    expect(fetchMock.calls.find((call) => call.operationName === 'validateCsvMapping')?.variables).toEqual({ csvFileUrl: FILE_URL, mapping });
    const preview = await screen.findByTestId('column-mapping-preview');
    expect(within(preview).getByText('1234.5 BTC')).toBeInTheDocument();
    expect(within(preview).getByText('0.25 BTC')).toBeInTheDocument();
    // a changed choice drops the preview: it no longer shows what would import
    await user.selectOptions(screen.getByLabelText('Decimal separator'), 'Point (1,234.56)');
    expect(screen.queryByTestId('column-mapping-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('column-mapping-use')).toBeDisabled();
  });

  it('shows the check’s errors and their rows, and saves nothing', async () => {
    const problem = "Row 1, column Time: '31/01/2024 13:45' is not a Unix time in seconds";
    const fetchMock = mockFetch(
      handlers({
        validateCsvMapping: () => ({
          validateCsvMapping: mappedCheck({ csvValidationErrors: [problem], previewRows: [['1', '', '', '', '', '', '', '', problem]] }),
        }),
      }),
      () => new Response(null, { status: 204 }),
    );
    const user = await uploadUnknown();
    await user.selectOptions(screen.getByTestId('mapping-date'), 'Time');
    await user.selectOptions(screen.getByLabelText('Date format'), 'UNIX_SECONDS');
    await user.click(screen.getByTestId('column-mapping-preview-button'));
    const mapping = screen.getByTestId('column-mapping');
    expect(await within(mapping).findByTestId('csv-validation-errors')).toHaveTextContent(problem);
    expect(within(screen.getByTestId('column-mapping-preview')).getByText(problem)).toBeInTheDocument();
    expect(screen.getByTestId('column-mapping-use')).toBeDisabled();
    expect(fetchMock.operations()).not.toContain('saveCsvMapping');
  });
});
