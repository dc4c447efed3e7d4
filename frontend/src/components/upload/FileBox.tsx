import { useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@/lib/format';
import type { FileBoxState } from '@/lib/upload/fileBox';
import { STATUS_TEXT } from '@/lib/upload/messages';
import './file-box.css';

export interface FileBoxProps {
  state: FileBoxState;
  acceptedFormats: readonly string[];
  maxUploadBytes: number | null;
  invalid?: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** The CSV file box (spec 000 §4–§5): drop or browse, status text, progress, errors, remove. */
export function FileBox({ state, acceptedFormats, maxUploadBytes, invalid = false, onFile, onRemove }: FileBoxProps) {
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
