import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { ColumnMappingStep } from '@/components/upload/ColumnMappingStep';
import { FileBox } from '@/components/upload/FileBox';
import { ImportButton } from '@/components/upload/ImportButton';
import { IgnoredRows } from '@/components/upload/IgnoredRows';
import { ValidationErrors } from '@/components/upload/ValidationErrors';
import type { AccountDetail } from '@/lib/accounts/useAccount';
import { useMaxUploadBytes } from '@/lib/appInfo';
import { canImport } from '@/lib/upload/fileBox';
import { DEFAULT_FILE_FORMATS } from '@/lib/upload/messages';
import { useCsvImport } from '@/lib/upload/useCsvImport';
import { importIntoAccount } from '@/features/account-import/api/importIntoAccount';
import {
  importTypeOptions,
  initialImportType,
  isGenericImportType,
  MAP_AS_GENERIC,
  NO_IMPORT_TYPES,
} from '@/features/account-import/utils/importTypes';
import { ImportGuide } from './ImportGuide';
import { ImportTypeChoice } from './ImportTypeChoice';
import { SyncedIntegrationWarning } from './SyncedIntegrationWarning';

/** The import type choice, the file box and Import, for one account. */
export function ImportForm({ account, accountPath }: { account: AccountDetail; accountPath: string }) {
  const navigate = useNavigate();
  const options = importTypeOptions(account.allowedImportTypes);
  const [importType, setImportType] = useState<number | null>(() => initialImportType(account.allowedImportTypes));
  const maxUploadBytes = useMaxUploadBytes();
  const isGeneric = importType !== null && isGenericImportType(importType);
  const { state, selectFile, removeFile, startImport, acceptMapping } = useCsvImport({
    accountTypeSlug: account.slug,
    isGeneric,
    acceptedFormats: DEFAULT_FILE_FORMATS,
    maxUploadBytes,
    onImported: () => navigate(accountPath),
  });
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
                <IgnoredRows reasons={state.ignoredReasons} />
                {state.mappable && state.fileUrl ? (
                  // A mapped file imports as a generic CSV: the mapping is offered for that import type.
                  isGeneric ? (
                    <ColumnMappingStep key={state.fileUrl} fileUrl={state.fileUrl} mappable={state.mappable} onAccepted={acceptMapping} />
                  ) : (
                    <p className="field__hint" data-testid="map-as-generic">
                      {MAP_AS_GENERIC}
                    </p>
                  )
                ) : null}
              </>
            )}
            <div className="form__actions">
              <Link className="button" to={accountPath}>
                Cancel
              </Link>
              <ImportButton state={state} testId="account-import-button" />
            </div>
          </form>
        )}
      </section>

      <ImportGuide />
    </div>
  );
}
