import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { accountAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { CsvImportForm } from './CsvImportForm';

const POST_URL = 'http://storage.test/upload';
const FILE_URL = 's3://uploads/user/abc.csv';

function presignOk() {
  return {
    presignFileUpload: {
      success: true,
      error: null,
      result: {
        postUrl: POST_URL,
        fileUrl: FILE_URL,
        uploadInfoFields: [
          { key: 'key', value: 'user/abc.csv' },
          { key: 'policy', value: 'p0l1cy' },
        ],
      },
    },
  };
}

function csvCheck(overrides: Record<string, unknown> = {}) {
  return { jobId: 'csv-validation/1', isStatusFinal: true, csvValidationErrors: [], format: 'generic', numberTotal: 3, numberIgnored: 0, ...overrides };
}

/** The worker's check started: csvValidation answers at once with a job to poll. */
const validationStarted = () => ({ csvValidation: csvCheck({ isStatusFinal: false }) });
const validationOk = () => ({ csvValidationJobStatus: csvCheck() });

function job(overrides: Record<string, unknown> = {}) {
  return {
    csvImportJobStatus: {
      jobId: 'csv-import/1',
      status: 'FINISHED',
      isStatusFinal: true,
      success: true,
      errorMessage: null,
      numberImported: 3,
      numberTotal: 4,
      numberIgnored: 1,
      numberSkipped: 0,
      numberUserDefinedTokens: 2,
      numberForReview: 1,
      numberHeldFrozen: 2,
      progress: 100,
      createdCustomWallet: null,
      ...overrides,
    },
  };
}

const appInfo = (maxUploadBytes = 10 * 1024 * 1024) => ({
  appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes },
});

function setup(props: Partial<Parameters<typeof CsvImportForm>[0]> = {}) {
  const onImported = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(
    <CsvImportForm
      accountTypeSlug="csv"
      defaultWalletName="Cairn CSV"
      isGeneric
      acceptedFormats={['.csv', '.xls', '.xlsx']}
      onImported={onImported}
      {...props}
    />,
  );
  return { user, onImported };
}

const csvFile = (name = 'trades.csv', content = 'Date,Type\n2024-01-01,BUY\n') => new File([content], name, { type: 'text/csv' });

describe('CsvImportForm', () => {
  fakeTimersAndFreshToasts();

  it('uploads (gzip + presigned POST), validates (polling the check every 1 s) and imports, with toasts', async () => {
    let polls = 0;
    let validationPolls = 0;
    const fetchMock = mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => {
          validationPolls += 1;
          return validationPolls < 2 ? { csvValidationJobStatus: csvCheck({ isStatusFinal: false }) } : validationOk();
        },
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'csv-import/1', error: null } }),
        csvImportJobStatus: () => {
          polls += 1;
          return polls < 2 ? job({ isStatusFinal: false, success: false, status: 'STARTED' }) : job();
        },
      },
      () => new Response(null, { status: 204 }),
    );
    const { user, onImported } = setup();
    const button = screen.getByTestId('csv-import-button');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Import');
    expect(screen.getByTestId('csv-wallet-name')).toHaveValue('Cairn CSV');

    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    expect(await screen.findByText('Validating file...')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('File has been validated')).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(validationPolls).toBe(2);
    expect(fetchMock.calls.find((c) => c.operationName === 'csvValidationJobStatus')?.variables).toEqual({ jobId: 'csv-validation/1' });

    const presign = fetchMock.calls.find((c) => c.operationName === 'presignFileUpload');
    expect(presign?.variables).toEqual({ filename: 'trades.csv' });
    const upload = fetchMock.calls.find((c) => c.url === POST_URL);
    const form = upload?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'policy', 'file']);
    const validation = fetchMock.calls.find((c) => c.operationName === 'csvValidation');
    expect(validation?.variables).toEqual({ csvFileUrl: FILE_URL, isGeneric: true, accountTypeSlug: 'csv' });

    await user.click(button);
    expect(button).toHaveTextContent('Importing');
    expect(screen.getByTestId('csv-file-status')).toHaveTextContent('Importing file...');
    const create = fetchMock.calls.find((c) => c.operationName === 'createCustomWallet');
    expect(create?.variables).toEqual({ customWalletInput: { walletName: 'Cairn CSV', csvUrl: FILE_URL, accountTypeSlug: 'csv' } });

    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((t) => t.getAttribute('data-variant'))).toEqual(['success', 'info', 'info', 'info', 'info']);
    expect(toasts[0]).toHaveTextContent('Successfully imported 3 out of 4 crypto transactions.');
    expect(toasts[1]).toHaveTextContent('Ignored 1 crypto transaction(s) because they are missing data or are not supported.');
    expect(toasts[2]).toHaveTextContent('Imported 1 transaction(s) for review: of a type that was not recognised. Each says which type under Needs review.');
    expect(toasts[3]).toHaveTextContent('Held 2 transaction(s) for review: dated in a frozen tax year, they are not applied until you unfreeze it.');
    expect(toasts[4]).toHaveTextContent("2 token(s) could not be identified and were imported as custom currencies.");
    expect(polls).toBe(2);
  });

  it('shows the upload states and progress: 2 at start, 50 after upload, +10 every 2 s while importing', async () => {
    let releaseUpload: (response: Response) => void = () => undefined;
    let releaseValidation: (value: unknown) => void = () => undefined;
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => new Promise((resolve) => (releaseValidation = resolve)),
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'j', error: null } }),
        csvImportJobStatus: () => job({ isStatusFinal: false, success: false, status: 'STARTED', progress: 0 }),
      },
      () => new Promise<Response>((resolve) => (releaseUpload = resolve)) as unknown as Response,
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    expect(await screen.findByText('Uploading file...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByTestId('csv-import-button')).toHaveTextContent('Uploading');

    await act(async () => releaseUpload(new Response(null, { status: 200 })));
    expect(await screen.findByText('Validating file...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByTestId('csv-import-button')).toHaveTextContent('Validating');

    await act(async () => releaseValidation({ csvValidation: csvCheck({ jobId: null }) }));
    await screen.findByText('File has been validated');
    await user.click(screen.getByTestId('csv-import-button'));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('refuses a file whose extension is not accepted', async () => {
    const fetchMock = mockFetch({ appInfo: () => appInfo() });
    setup({ acceptedFormats: ['.csv', '.xls', '.xlsx'] });
    fireEvent.drop(screen.getByTestId('csv-file-box'), {
      dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Only .csv, .xls, .xlsx files are allowed for this CSV import.')).toBeInTheDocument();
    expect(screen.getByTestId('csv-import-button')).toBeDisabled();
    expect(fetchMock.operations()).not.toContain('presignFileUpload');
  });

  it('refuses a file above appInfo.maxUploadBytes before uploading, naming the limit', async () => {
    const fetchMock = mockFetch({ appInfo: () => appInfo(1024) });
    const { user } = setup();
    await waitFor(() => expect(fetchMock.operations()).toContain('appInfo'));
    await screen.findByText(/up to 1 KB/);
    await user.upload(screen.getByTestId('csv-file-input'), csvFile('big.csv', 'x'.repeat(2048)));
    expect(await screen.findByText('This file is too large. The maximum file size is 1 KB.')).toBeInTheDocument();
    expect(fetchMock.operations()).not.toContain('presignFileUpload');
  });

  it('lists server validation errors one per line under "Validation errors"', async () => {
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => ({
          csvValidationJobStatus: csvCheck({ csvValidationErrors: ['Row 2: invalid date', 'Row 5: unknown currency'], format: null, numberTotal: 5 }),
        }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    const box = await screen.findByTestId('csv-validation-errors');
    expect(within(box).getByText('Validation errors')).toBeInTheDocument();
    expect(within(box).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Row 2: invalid date', 'Row 5: unknown currency']);
    expect(screen.getByTestId('csv-import-button')).toBeDisabled();
  });

  it('reports a failed presign and a failed storage upload under the file box', async () => {
    mockFetch({ appInfo: () => appInfo(), presignFileUpload: () => ({ presignFileUpload: { success: false, error: null, result: null } }) });
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    expect(await screen.findByTestId('csv-file-error')).toHaveTextContent('There was an issue while trying to upload the file (Failed to presign)');

    vi.unstubAllGlobals();
    mockFetch({ appInfo: () => appInfo(), presignFileUpload: () => presignOk() }, () => new Response('denied', { status: 403 }));
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await waitFor(() =>
      expect(screen.getByTestId('csv-file-error')).toHaveTextContent('There was an issue while trying to upload the file (Failed to upload)'),
    );
  });

  it("reports a failed validation call as a format issue", async () => {
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => new Response('oops', { status: 500 }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    expect(await screen.findByTestId('csv-file-error')).toHaveTextContent("There was an issue while trying to validate the file's format.");
  });

  it('reports a failing check as a format issue once the status polls keep failing', async () => {
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => new Response('oops', { status: 500 }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    expect(await screen.findByText('Validating file...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByTestId('csv-file-error')).toHaveTextContent("There was an issue while trying to validate the file's format.");
  });

  it('never moves the progress bar back when the job reports less than shown', async () => {
    let polls = 0;
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => ({ csvValidation: csvCheck({ jobId: null }) }),
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'j', error: null } }),
        csvImportJobStatus: () => {
          polls += 1;
          return job({ isStatusFinal: false, success: false, status: 'STARTED', progress: polls === 1 ? 90 : 30 });
        },
      },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await screen.findByText('File has been validated');
    await user.click(screen.getByTestId('csv-import-button'));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90'));
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(polls).toBeGreaterThan(1);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
  });

  it('clears everything when the file is removed', async () => {
    mockFetch(
      { appInfo: () => appInfo(), presignFileUpload: () => presignOk(), csvValidation: () => validationStarted(), csvValidationJobStatus: () => validationOk() },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await screen.findByText('File has been validated');
    await user.click(screen.getByTestId('csv-remove-file'));
    expect(screen.queryByTestId('csv-file-name')).not.toBeInTheDocument();
    expect(screen.queryByText('File has been validated')).not.toBeInTheDocument();
    expect(screen.getByTestId('csv-file-box')).toHaveAttribute('data-state', 'default');
    expect(screen.getByTestId('csv-import-button')).toBeDisabled();
  });

  it('lists why rows will be ignored once the file is validated, and still imports', async () => {
    const ignoredReasons = ['Row 1: the buy is Pending, not completed'];
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => ({ csvValidationJobStatus: csvCheck({ numberTotal: 1, numberIgnored: 1, ignoredReasons }) }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('File has been validated')).toBeInTheDocument();
    const ignored = screen.getByTestId('csv-ignored-rows');
    expect(ignored).toHaveTextContent('Rows that will be ignored');
    expect(within(ignored).getAllByRole('listitem').map((item) => item.textContent)).toEqual(ignoredReasons);
    expect(screen.getByTestId('csv-import-button')).toBeEnabled();
  });

  it('requires a wallet name and a file', async () => {
    mockFetch({ appInfo: () => appInfo() });
    const { user } = setup();
    const name = screen.getByTestId('csv-wallet-name');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Wallet name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, '{Enter}');
    expect(await screen.findByText('File is required')).toBeInTheDocument();
  });

  it("sends 'Wallet Added' once the import made the new wallet, with analytics consent", async () => {
    saveConsent(true);
    const wallet = accountAnswer({ name: 'Cairn CSV', integrationName: 'CSV' });
    const fetchMock = mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => validationOk(),
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'j', error: null } }),
        csvImportJobStatus: () => job({ createdCustomWallet: wallet }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user, onImported } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await screen.findByText('File has been validated');
    await user.click(screen.getByTestId('csv-import-button'));
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(wallet));
    expect(sentTo('/save_event', fetchMock.calls).map((event) => event.event_name)).toEqual(['Wallet Added']);
  });

  it('shows the job error, or the default message, when the import fails', async () => {
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => validationOk(),
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'j', error: null } }),
        csvImportJobStatus: () => job({ success: false, errorMessage: null }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user, onImported } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await screen.findByText('File has been validated');
    await user.click(screen.getByTestId('csv-import-button'));
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const errorToast = await screen.findByText('There was an error while trying to import the CSV', { selector: '.toast__message' });
    expect(errorToast.closest('[data-testid="toast"]')).toHaveAttribute('data-variant', 'error');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('tells the user when the wallet could not be created', async () => {
    mockFetch(
      {
        appInfo: () => appInfo(),
        presignFileUpload: () => presignOk(),
        csvValidation: () => validationStarted(),
        csvValidationJobStatus: () => validationOk(),
        createCustomWallet: () => ({ createCustomWallet: { success: false, jobId: null, error: 'invalid_file_url' } }),
      },
      () => new Response(null, { status: 204 }),
    );
    const { user } = setup();
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await screen.findByText('File has been validated');
    await user.click(screen.getByTestId('csv-import-button'));
    expect(await screen.findByText('There was an issue while trying to upload your csv. Please try again')).toBeInTheDocument();
    expect(screen.getByTestId('csv-import-button')).toHaveTextContent('Import');
  });
});
