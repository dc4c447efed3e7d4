import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/components/FieldError';
import { ColumnMappingStep } from '@/components/upload/ColumnMappingStep';
import { FileBox } from '@/components/upload/FileBox';
import { ImportButton } from '@/components/upload/ImportButton';
import { IgnoredRows } from '@/components/upload/IgnoredRows';
import { ValidationErrors } from '@/components/upload/ValidationErrors';
import { EVENTS, trackEvent } from '@/lib/analytics';
import { useMaxUploadBytes } from '@/lib/appInfo';
import { canImport } from '@/lib/upload/fileBox';
import type { ImportedWallet } from '@/lib/upload/jobs';
import { FILE_REQUIRED, WALLET_NAME_REQUIRED } from '@/lib/upload/messages';
import { useCsvImport } from '@/lib/upload/useCsvImport';
import { createCustomWallet } from '@/features/integrations/api/createCustomWallet';

export interface CsvImportFormProps {
  /** Integration slug sent as accountTypeSlug. */
  accountTypeSlug: string;
  /** Default wallet name: the integration name. */
  defaultWalletName: string;
  isGeneric: boolean;
  acceptedFormats: readonly string[];
  onImported: (wallet: ImportedWallet | null) => void;
}

export function CsvImportForm({ accountTypeSlug, defaultWalletName, isGeneric, acceptedFormats, onImported }: CsvImportFormProps) {
  const maxUploadBytes = useMaxUploadBytes();
  const { state, selectFile, removeFile, startImport, acceptMapping } = useCsvImport({
    accountTypeSlug,
    isGeneric,
    acceptedFormats,
    maxUploadBytes,
    onImported: (job) => {
      if (job.createdCustomWallet) trackEvent(EVENTS.walletAdded);
      onImported(job.createdCustomWallet);
    },
  });
  const [walletName, setWalletName] = useState(defaultWalletName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const id = useId();
  const nameId = `${id}-wallet-name`;

  async function onSubmit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const missingName = walletName.trim() === '';
    const missingFile = state.fileName === null;
    setNameError(missingName ? WALLET_NAME_REQUIRED : null);
    setFileError(missingFile ? FILE_REQUIRED : null);
    if (missingName || missingFile || !canImport(state)) return;
    await startImport((csvUrl) => createCustomWallet(walletName, csvUrl, accountTypeSlug));
  }

  return (
    <form className="form csv-form" noValidate onSubmit={onSubmit} aria-label="CSV import" data-testid="csv-import-form">
      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          Wallet name
        </label>
        <input
          id={nameId}
          className="input"
          name="walletName"
          data-testid="csv-wallet-name"
          value={walletName}
          disabled={state.status === 'importing' || state.status === 'done'}
          onChange={(event) => {
            setWalletName(event.target.value);
            if (event.target.value.trim()) setNameError(null);
          }}
          onBlur={() => setNameError(walletName.trim() ? null : WALLET_NAME_REQUIRED)}
          onKeyDown={(event) => {
            // Enter submits even while the Import button is disabled, so missing fields get their message.
            if (event.key === 'Enter') {
              event.preventDefault();
              void onSubmit();
            }
          }}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
        />
        <FieldError id={`${nameId}-error`} message={nameError} />
      </div>

      <FileBox
        state={state}
        acceptedFormats={acceptedFormats}
        maxUploadBytes={maxUploadBytes}
        invalid={Boolean(fileError)}
        onFile={(file) => {
          setFileError(null);
          selectFile(file);
        }}
        onRemove={removeFile}
      />
      <FieldError id={`${id}-file-error`} message={fileError} />

      <ValidationErrors errors={state.validationErrors} />
      <IgnoredRows reasons={state.ignoredReasons} />
      {state.mappable && state.fileUrl ? (
        <ColumnMappingStep key={state.fileUrl} fileUrl={state.fileUrl} mappable={state.mappable} onAccepted={acceptMapping} />
      ) : null}

      <div className="form__actions">
        <ImportButton state={state} testId="csv-import-button" />
      </div>
    </form>
  );
}
