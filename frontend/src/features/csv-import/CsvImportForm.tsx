import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { FieldError } from '@/components/FieldError';
import { AppInfoDocument } from '@/gql/graphql';
import { formatBytes } from '@/lib/format';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { canImport, importButtonLabel, isBusy, type FileBoxState } from './fileBox';
import { FILE_REQUIRED, STATUS_TEXT, VALIDATION_ERRORS_LABEL, WALLET_NAME_REQUIRED } from './messages';
import { useCsvImport, type ImportedWallet } from './useCsvImport';

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
  const appInfo = useQuery({ queryKey: queryKeys.appInfo, queryFn: () => request(AppInfoDocument), staleTime: 60_000 });
  const maxUploadBytes = appInfo.data?.appInfo.maxUploadBytes ?? null;
  const { state, selectFile, removeFile, startImport } = useCsvImport({
    accountTypeSlug,
    isGeneric,
    acceptedFormats,
    maxUploadBytes,
    onImported,
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
    await startImport(walletName);
  }

  const busy = isBusy(state.status) || state.status === 'done';
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

      {state.validationErrors.length > 0 ? (
        <div className="validation-errors" data-testid="csv-validation-errors" role="alert">
          <p className="validation-errors__label">{VALIDATION_ERRORS_LABEL}</p>
          <ul className="validation-errors__list">
            {state.validationErrors.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid="csv-import-button"
          disabled={!canImport(state) || busy}
          aria-busy={busy || undefined}
        >
          {importButtonLabel(state.status)}
        </button>
      </div>
    </form>
  );
}

interface FileBoxProps {
  state: FileBoxState;
  acceptedFormats: readonly string[];
  maxUploadBytes: number | null;
  invalid: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}

function FileBox({ state, acceptedFormats, maxUploadBytes, invalid, onFile, onRemove }: FileBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const inputId = `${id}-file`;
  const hasFile = state.fileName !== null;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file && state.status !== 'importing' && state.status !== 'done') onFile(file);
  }

  const statusText =
    state.status === 'uploading'
      ? STATUS_TEXT.uploading
      : state.status === 'validating'
        ? STATUS_TEXT.validating
        : state.status === 'importing' || state.status === 'done'
          ? STATUS_TEXT.importing
          : state.status === 'validated'
            ? STATUS_TEXT.validated
            : null;
  const showProgress = state.status === 'uploading' || state.status === 'validating' || state.status === 'importing' || state.status === 'done';

  return (
    <div
      className={`file-box file-box--${state.status}${dragging ? ' file-box--dragging' : ''}${invalid ? ' file-box--invalid' : ''}`}
      data-testid="csv-file-box"
      data-state={state.status}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={acceptedFormats.join(',')}
        aria-label="CSV file"
        data-testid="csv-file-input"
        disabled={state.status === 'importing' || state.status === 'done'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {!hasFile ? (
        <div className="file-box__empty">
          <span className="file-box__icon" aria-hidden="true">⇪</span>
          <p className="file-box__prompt">
            Drag and drop your file here, or{' '}
            <label htmlFor={inputId} className="link-button">
              browse
            </label>
          </p>
          <p className="file-box__hint">
            Accepted formats: {acceptedFormats.join(', ')}
            {maxUploadBytes !== null ? ` · up to ${formatBytes(maxUploadBytes)}` : ''}
          </p>
        </div>
      ) : (
        <div className="file-box__file">
          <div className="file-box__row">
            <span className="file-box__doc" aria-hidden="true">
              {state.status === 'validated' ? '✓' : state.status === 'error' ? '!' : '▤'}
            </span>
            <div className="file-box__meta">
              <span className="file-box__name" data-testid="csv-file-name">
                {state.fileName}
              </span>
              {statusText ? (
                <span className="file-box__status" role="status" data-testid="csv-file-status">
                  {statusText}
                </span>
              ) : null}
              {state.status === 'error' && state.error ? (
                <span className="file-box__error" role="alert" data-testid="csv-file-error">
                  {state.error}
                  {state.errorDetail ? <span className="file-box__error-detail"> ({state.errorDetail})</span> : null}
                </span>
              ) : null}
            </div>
            {state.status !== 'importing' && state.status !== 'done' ? (
              <button
                type="button"
                className="icon-button"
                aria-label="Remove file"
                data-testid="csv-remove-file"
                onClick={() => {
                  if (inputRef.current) inputRef.current.value = '';
                  onRemove();
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
          {showProgress ? (
            <div
              className="progress"
              role="progressbar"
              aria-label="File progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              data-testid="csv-file-progress"
            >
              <div className="progress__bar" style={{ width: `${state.progress}%` }} />
            </div>
          ) : null}
          {state.status === 'error' || state.status === 'validated' ? (
            <label htmlFor={inputId} className="link-button file-box__replace">
              Choose another file
            </label>
          ) : null}
        </div>
      )}
    </div>
  );
}
