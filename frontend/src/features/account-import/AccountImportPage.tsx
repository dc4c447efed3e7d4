import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { FileBox, ValidationErrors } from '@/features/csv-import/CsvFileBox';
import { canImport, importButtonLabel, isBusy } from '@/features/csv-import/fileBox';
import { DEFAULT_FILE_FORMATS, IMPORT_DEFAULT_ERROR } from '@/features/csv-import/messages';
import { useCsvImport, type ImportStart } from '@/features/csv-import/useCsvImport';
import { useMaxUploadBytes } from '@/features/csv-import/useMaxUploadBytes';
import { AccountNotFound } from '@/features/wallets/AccountNotFound';
import { useAccount, type AccountDetail } from '@/features/wallets/api';
import { customWalletPath, exchangePath } from '@/features/wallets/paths';
import { ACCOUNT_KIND } from '@/features/wallets/syncing';
import { ImportAccountTransactionsDocument } from '@/gql/graphql';
import { request, UnauthorizedError } from '@/lib/graphql';
import { ImportGuide } from './ImportGuide';
import { ImportTypeChoice } from './ImportTypeChoice';
import { importStartError, importTypeOptions, initialImportType, isGenericImportType, NO_IMPORT_TYPES } from './importTypes';
import { SyncedIntegrationWarning } from './SyncedIntegrationWarning';

export type ImportTarget = 'exchange' | 'customWallet';

const TARGETS = {
  exchange: { kind: ACCOUNT_KIND.EXCHANGE, param: 'exchangeId', path: exchangePath, noun: 'exchange' },
  customWallet: { kind: ACCOUNT_KIND.CUSTOM_WALLET, param: 'walletId', path: customWalletPath, noun: 'custom wallet' },
} as const;

async function importIntoAccount(account: AccountDetail, csvUrl: string, importType: number): Promise<ImportStart> {
  try {
    const { importAccountTransactions: answer } = await request(ImportAccountTransactionsDocument, {
      input: { accountId: account.id, csvUrl, importType },
    });
    if (answer.success && answer.jobId) return { jobId: answer.jobId };
    return { error: importStartError(answer.error, answer.errorMessage, account.allowedImportTypes) };
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    return { error: IMPORT_DEFAULT_ERROR };
  }
}

/** /accounts/{exchangeId}/import and /custom_wallets/{walletId}/import: a file into an existing account. */
export default function AccountImportPage({ target }: { target: ImportTarget }) {
  const config = TARGETS[target];
  const id = useParams()[config.param] ?? '';
  const query = useAccount(id);
  const account = query.data?.account;

  useEffect(() => {
    document.title = `Import file${account ? ` into ${account.name}` : ''} | Cairn`;
  }, [account]);

  if (query.isPending) {
    return (
      <div className="page" aria-busy="true">
        <span className="skeleton skeleton--block" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="page">
        <div className="card empty-state" role="alert">
          <p className="empty-state__title">We couldn't load this {config.noun}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!account || account.kind !== config.kind) return <AccountNotFound />;
  return <ImportForm key={account.id} account={account} accountPath={config.path(account.id)} />;
}

function ImportForm({ account, accountPath }: { account: AccountDetail; accountPath: string }) {
  const navigate = useNavigate();
  const options = importTypeOptions(account.allowedImportTypes);
  const [importType, setImportType] = useState<number | null>(() => initialImportType(account.allowedImportTypes));
  const maxUploadBytes = useMaxUploadBytes();
  const { state, selectFile, removeFile, startImport } = useCsvImport({
    accountTypeSlug: account.slug,
    isGeneric: importType !== null && isGenericImportType(importType),
    acceptedFormats: DEFAULT_FILE_FORMATS,
    maxUploadBytes,
    onImported: () => navigate(accountPath),
  });
  const busy = isBusy(state.status) || state.status === 'done';
  const locked = state.status === 'importing' || state.status === 'done';

  function chooseType(value: number) {
    setImportType(value);
    // The file was validated for the previous type's format: choose it again.
    if (state.fileName !== null) removeFile();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (importType === null || !canImport(state)) return;
    await startImport((csvUrl) => importIntoAccount(account, csvUrl, importType));
  }

  return (
    <div className="page account-import-page" data-testid="account-import-page" data-account-id={account.id}>
      <BackLink to={accountPath} label={account.name} />
      <header className="page__header">
        <div>
          <h1 className="page__title">Import file</h1>
          <p className="page__subtitle">
            Add transactions to <span data-testid="import-account-name">{account.name}</span>
            {account.integrationName && account.integrationName !== account.name ? ` (${account.integrationName})` : ''} from a file.
          </p>
        </div>
      </header>

      {account.isSyncedIntegration ? <SyncedIntegrationWarning integrationName={account.integrationName} /> : null}

      <section className="card card--padded" aria-label="File import">
        {options.length === 0 ? (
          <p className="empty-state__text" data-testid="no-import-types">
            {NO_IMPORT_TYPES}
          </p>
        ) : (
          <form className="form" noValidate onSubmit={onSubmit} aria-label="Import file" data-testid="account-import-form">
            <ImportTypeChoice options={options} value={importType} disabled={locked} onChange={chooseType} />
            {importType === null ? (
              <p className="field__hint">Choose an import type, then add your file.</p>
            ) : (
              <>
                <FileBox
                  state={state}
                  acceptedFormats={DEFAULT_FILE_FORMATS}
                  maxUploadBytes={maxUploadBytes}
                  onFile={selectFile}
                  onRemove={removeFile}
                />
                <ValidationErrors errors={state.validationErrors} />
              </>
            )}
            <div className="form__actions">
              <Link className="button" to={accountPath}>
                Cancel
              </Link>
              <button
                type="submit"
                className="button button--primary"
                data-testid="account-import-button"
                disabled={!canImport(state) || busy}
                aria-busy={busy || undefined}
              >
                {importButtonLabel(state.status)}
              </button>
            </div>
          </form>
        )}
      </section>

      <ImportGuide />
    </div>
  );
}
