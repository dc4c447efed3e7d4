import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { accountAnswer, userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { AccountImport } from './AccountImport';
import { ForbidViewAs } from './ForbidViewAs';

const FILE_URL = 's3://uploads/user/ledger.csv';

function job(overrides: Record<string, unknown> = {}) {
  return {
    csvImportJobStatus: {
      jobId: 'csv-import/9',
      status: 'FINISHED',
      isStatusFinal: true,
      success: true,
      errorMessage: null,
      numberImported: 0,
      numberTotal: 83,
      numberIgnored: 0,
      numberSkipped: 83,
      numberUserDefinedTokens: 0,
      numberForReview: 0,
      numberHeldFrozen: 0,
      progress: 100,
      createdCustomWallet: null,
      ...overrides,
    },
  };
}

const validation = { jobId: 'csv-validation/3', isStatusFinal: true, csvValidationErrors: [], format: 'kraken-ledgers', numberTotal: 83, numberIgnored: 0 };

const upload = {
  appInfo: () => ({ appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 10_000_000 } }),
  presignFileUpload: () => ({
    presignFileUpload: { success: true, error: null, result: { postUrl: 'http://storage.test/u', fileUrl: FILE_URL, uploadInfoFields: [] } },
  }),
  csvValidation: () => ({ csvValidation: { ...validation, isStatusFinal: false } }),
  csvValidationJobStatus: () => ({ csvValidationJobStatus: validation }),
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage(route = '/accounts/41/import') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/accounts/:exchangeId/import"
        element={
          <ForbidViewAs>
            <AccountImport target="exchange" />
          </ForbidViewAs>
        }
      />
      <Route
        path="/custom_wallets/:walletId/import"
        element={
          <ForbidViewAs>
            <AccountImport target="customWallet" />
          </ForbidViewAs>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

const ledger = () => new File(['txid,refid,time\n'], 'ledgers.csv', { type: 'text/csv' });

/** Puts the ledger file in the page's file box and waits for its validation; the user, to go on. */
async function withValidatedLedger() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.upload(await screen.findByTestId('csv-file-input'), ledger());
  await screen.findByText('File has been validated');
  return user;
}

describe('Account file import page', () => {
  fakeTimersAndFreshToasts();

  it("refuses a viewer acting on behalf of a user, without loading the account", async () => {
    const fetchMock = mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: 'client-7' }), account: () => ({ account: accountAnswer() }) });
    renderPage('/custom_wallets/5/import');
    expect(await screen.findByText("You can't view this page on behalf of a user")).toBeInTheDocument();
    expect(screen.queryByTestId('account-import-form')).not.toBeInTheDocument();
    expect(fetchMock.operations()).not.toContain('account');
  });

  it('offers only the allowed import types and preselects a single one', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), account: () => ({ account: accountAnswer({ allowedImportTypes: [7] }) }), ...upload });
    renderPage();
    const choice = await screen.findByRole('group', { name: 'Import type' });
    const radios = within(choice).getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(within(choice).getByLabelText('Transaction history import')).toBeChecked();
    expect(screen.getByTestId('csv-file-box')).toBeInTheDocument();
  });

  it('asks for a choice among several types before showing the file box', async () => {
    const fetchMock = mockFetch({ userInfo: () => userInfoAnswer(), account: () => ({ account: accountAnswer({ allowedImportTypes: [1, 7, 2] }) }), ...upload }, () => new Response(null, { status: 204 }));
    renderPage();
    const choice = await screen.findByRole('group', { name: 'Import type' });
    expect(within(choice).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Generic CSV import',
      'Trade imports',
      'Transaction history import',
    ]);
    expect(within(choice).getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByTestId('csv-file-box')).not.toBeInTheDocument();

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(choice).getByLabelText('Generic CSV import'));
    await user.upload(screen.getByTestId('csv-file-input'), ledger());
    await screen.findByText('File has been validated');
    const validation = fetchMock.calls.find((call) => call.operationName === 'csvValidation');
    expect(validation?.variables).toEqual({ csvFileUrl: FILE_URL, isGeneric: true, accountTypeSlug: 'kraken' });

    // Another type means another format: the file is cleared and must be chosen again.
    await user.click(within(choice).getByLabelText('Transaction history import'));
    expect(screen.getByTestId('csv-file-box')).toHaveAttribute('data-state', 'default');
  });

  it('warns about duplicates for a synced integration, linking to the guide on the page', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), account: () => ({ account: accountAnswer({ isSyncedIntegration: true, integrationName: 'Kraken' }) }), ...upload });
    renderPage();
    const warning = await screen.findByTestId('synced-integration-warning');
    expect(warning).toHaveTextContent('Importing additional Kraken transactions could result in duplicates...');
    const link = within(warning).getByRole('link');
    const target = link.getAttribute('href')?.slice(1) ?? '';
    expect(document.getElementById(target)).toHaveTextContent('Importing files without duplicates');
  });

  it('shows no warning for an account fed only by files', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), account: () => ({ account: accountAnswer({ isSyncedIntegration: false }) }), ...upload });
    renderPage();
    await screen.findByRole('group', { name: 'Import type' });
    expect(screen.queryByTestId('synced-integration-warning')).not.toBeInTheDocument();
  });

  it('imports, polls the job, reports skipped duplicates and goes back to the account', async () => {
    let polls = 0;
    const fetchMock = mockFetch(
      {
        userInfo: () => userInfoAnswer(),
        account: () => ({ account: accountAnswer() }),
        ...upload,
        importAccountTransactions: () => ({ importAccountTransactions: { success: true, jobId: 'csv-import/9', error: null, errorMessage: null } }),
        csvImportJobStatus: () => {
          polls += 1;
          return polls < 2 ? job({ isStatusFinal: false, success: false, status: 'STARTED' }) : job();
        },
      },
      () => new Response(null, { status: 204 }),
    );
    renderPage();
    const user = await withValidatedLedger();
    const button = screen.getByTestId('account-import-button');
    await user.click(button);
    expect(button).toHaveTextContent('Importing');
    const start = fetchMock.calls.find((call) => call.operationName === 'importAccountTransactions');
    expect(start?.variables).toEqual({ input: { accountId: '41', csvUrl: FILE_URL, importType: 7 } });

    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/accounts/41'));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((item) => item.getAttribute('data-variant'))).toEqual(['success', 'info']);
    expect(toasts[0]).toHaveTextContent('Successfully imported 0 out of 83 crypto transactions.');
    expect(toasts[1]).toHaveTextContent('Skipped 83 transaction(s) that were already imported.');
    expect(polls).toBe(2);
  });

  it('shows no skipped toast when nothing was skipped', async () => {
    mockFetch(
      {
        userInfo: () => userInfoAnswer(),
        account: () => ({ account: accountAnswer() }),
        ...upload,
        importAccountTransactions: () => ({ importAccountTransactions: { success: true, jobId: 'j', error: null, errorMessage: null } }),
        csvImportJobStatus: () => job({ numberImported: 83, numberSkipped: 0 }),
      },
      () => new Response(null, { status: 204 }),
    );
    renderPage();
    const user = await withValidatedLedger();
    await user.click(screen.getByTestId('account-import-button'));
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
    expect(screen.getAllByTestId('toast').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Successfully imported 83 out of 83 crypto transactions.'),
    ]);
  });

  it('names the allowed types when the server refuses the import type, and stays on the page', async () => {
    mockFetch(
      {
        userInfo: () => userInfoAnswer(),
        account: () => ({ account: accountAnswer({ allowedImportTypes: [7] }) }),
        ...upload,
        importAccountTransactions: () => ({
          importAccountTransactions: { success: false, jobId: null, error: 'invalid_import_type', errorMessage: null },
        }),
      },
      () => new Response(null, { status: 204 }),
    );
    renderPage();
    const user = await withValidatedLedger();
    await user.click(screen.getByTestId('account-import-button'));
    const message = await screen.findByText(
      'This import type is not allowed for this account. Allowed import types: Transaction history import.',
      { selector: '.toast__message' },
    );
    expect(message.closest('[data-testid="toast"]')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByTestId('account-import-button')).toHaveTextContent('Import');
    expect(screen.getByTestId('account-import-page')).toBeInTheDocument();
  });

  const NOT_FOUND = "We haven't found the integration you're looking for. You can upload a CSV file instead.";
  const unknownFile = {
    ...validation,
    csvValidationErrors: [NOT_FOUND],
    format: null,
    mappableColumns: ['Date', 'Amount', 'Asset'],
    sampleRows: [['2024-01-31 13:45', '-0,5', 'BTC']],
    previewRows: [],
  };
  const mappedFile = {
    ...validation,
    jobId: 'csv-validate-mapped/1',
    format: 'Your column mapping',
    numberTotal: 1,
    previewRows: [['1', '2024-01-31 13:45:00', 'SEND', '', '0.5 BTC', '', '', '', '']],
  };

  it('maps the columns of a file no format recognises, then imports it as a generic CSV', async () => {
    const fetchMock = mockFetch(
      {
        userInfo: () => userInfoAnswer(),
        account: () => ({ account: accountAnswer({ allowedImportTypes: [1, 7] }) }),
        ...upload,
        csvValidationJobStatus: () => ({ csvValidationJobStatus: unknownFile }),
        validateCsvMapping: () => ({ validateCsvMapping: mappedFile }),
        saveCsvMapping: () => ({ saveCsvMapping: { success: true, error: null } }),
        importAccountTransactions: () => ({ importAccountTransactions: { success: true, jobId: 'csv-import/9', error: null, errorMessage: null } }),
        csvImportJobStatus: () => job({ numberImported: 1, numberTotal: 1, numberSkipped: 0 }),
      },
      () => new Response(null, { status: 204 }),
    );
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(await screen.findByRole('group', { name: 'Import type' })).getByLabelText('Generic CSV import'));
    await user.upload(screen.getByTestId('csv-file-input'), ledger());
    const step = await screen.findByTestId('column-mapping');
    expect(screen.getByTestId('csv-validation-errors')).toHaveTextContent(NOT_FOUND);
    expect(screen.getByTestId('account-import-button')).toBeDisabled();

    await user.selectOptions(within(step).getByTestId('mapping-date'), 'Date');
    await user.selectOptions(within(step).getByTestId('mapping-signedQuantity'), 'Amount');
    await user.selectOptions(within(step).getByTestId('mapping-signedCurrency'), 'Asset');
    await user.selectOptions(within(step).getByLabelText('Decimal separator'), 'Comma (1.234,56)');
    await user.click(within(step).getByTestId('column-mapping-preview-button'));
    expect(within(await within(step).findByTestId('column-mapping-preview')).getByText('0.5 BTC')).toBeInTheDocument();
    await user.click(within(step).getByTestId('column-mapping-use'));
    const mapping = { date: 0, dateFormat: 'DETECT', decimalSeparator: 'COMMA', signedQuantity: 1, signedCurrency: 2 };
    await waitFor(() => expect(fetchMock.calls.find((call) => call.operationName === 'saveCsvMapping')?.variables).toEqual({ csvFileUrl: FILE_URL, mapping }));

    await waitFor(() => expect(screen.getByTestId('account-import-button')).toBeEnabled());
    await user.click(screen.getByTestId('account-import-button'));
    const start = fetchMock.calls.find((call) => call.operationName === 'importAccountTransactions');
    expect(start?.variables).toEqual({ input: { accountId: '41', csvUrl: FILE_URL, importType: 1 } });
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/accounts/41'));
  });

  it('asks for Generic CSV import to map a file no format recognises chosen as another type', async () => {
    mockFetch(
      { userInfo: () => userInfoAnswer(), account: () => ({ account: accountAnswer() }), ...upload, csvValidationJobStatus: () => ({ csvValidationJobStatus: unknownFile }) },
      () => new Response(null, { status: 204 }),
    );
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(await screen.findByTestId('csv-file-input'), ledger());
    expect(await screen.findByTestId('map-as-generic')).toHaveTextContent('choose Generic CSV import');
    expect(screen.queryByTestId('column-mapping')).not.toBeInTheDocument();
  });

  it('treats an account of another kind as not found', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), account: () => ({ account: accountAnswer({ kind: 3 }) }), ...upload });
    renderPage('/accounts/41/import');
    expect(await screen.findByText('Account not found')).toBeInTheDocument();
  });
});
