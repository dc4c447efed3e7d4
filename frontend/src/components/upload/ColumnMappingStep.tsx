import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useState } from 'react';
import { FieldError } from '@/components/FieldError';
import { ValidationErrors } from '@/components/upload/ValidationErrors';
import type { MappingDateFormat, MappingDecimalSeparator } from '@/gql/graphql';
import {
  DATE_FORMATS,
  DATE_REQUIRED,
  DECIMAL_SEPARATORS,
  EMPTY_CHOICE,
  MAPPING_FIELDS,
  mappingInput,
  PREVIEW_COLUMNS,
  saveCsvMapping,
  SIGNED_HINT,
  validateCsvMapping,
  type MappingChoice,
  type MappingField,
} from '@/lib/upload/columnMapping';
import type { MappableFile } from '@/lib/upload/fileBox';
import { csvValidationJobOptions, type CsvValidation } from '@/lib/upload/jobs';
import './column-mapping.css';

export interface ColumnMappingStepProps {
  fileUrl: string;
  mappable: MappableFile;
  /** The mapping passed its check and is saved: the form's Import now imports the file with it. */
  onAccepted: () => void;
}

const CHECK_FAILED = 'The file could not be checked with this mapping. Please try again.';

/**
 * Maps the columns of a file no format recognises to the generic fields, previews its first rows as
 * they would import (the worker's check, polled), and saves the mapping for files with this header.
 */
export function ColumnMappingStep({ fileUrl, mappable, onAccepted }: ColumnMappingStepProps) {
  const id = useId();
  const [choice, setChoice] = useState<MappingChoice>(EMPTY_CHOICE);
  const [checkJobId, setCheckJobId] = useState<string | null>(null);
  const [check, setCheck] = useState<CsvValidation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const polled = useQuery(csvValidationJobOptions(checkJobId));

  useEffect(() => {
    const answer = polled.data?.csvValidationJobStatus;
    if (answer?.isStatusFinal) {
      setCheck(answer);
      setCheckJobId(null);
      setBusy(false);
    } else if (polled.isError) {
      setProblem(CHECK_FAILED);
      setCheckJobId(null);
      setBusy(false);
    }
  }, [polled.data, polled.isError]);

  function choose(change: Partial<MappingChoice>) {
    setChoice((current) => ({ ...current, ...change }));
    setCheck(null);
    setProblem(null);
  }

  async function preview() {
    const input = mappingInput(choice);
    if (input === null) {
      setProblem(DATE_REQUIRED);
      return;
    }
    setBusy(true);
    setCheck(null);
    try {
      const answer = await validateCsvMapping(fileUrl, input);
      if (answer.isStatusFinal || answer.jobId === null) {
        setCheck(answer);
        setBusy(false);
      } else {
        setCheckJobId(answer.jobId);
      }
    } catch {
      setProblem(CHECK_FAILED);
      setBusy(false);
    }
  }

  async function accept() {
    const input = mappingInput(choice);
    if (input === null) return;
    setBusy(true);
    try {
      const error = await saveCsvMapping(fileUrl, input);
      setProblem(error);
      if (error === null) {
        setAccepted(true);
        onAccepted();
      }
    } catch {
      setProblem(CHECK_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const passed = check !== null && check.csvValidationErrors.length === 0;
  return (
    <section className="column-mapping" aria-labelledby={`${id}-title`} data-testid="column-mapping">
      <h3 id={`${id}-title`} className="column-mapping__title">
        Map the file's columns
      </h3>
      <p className="muted">
        Choose which column holds each field. Cairn remembers the mapping: the next file with the same columns imports directly.
      </p>
      <div className="table-scroll">
        <table className="data-table column-mapping__sample" data-testid="column-mapping-sample">
          <thead>
            <tr>
              {mappable.columns.map((column, index) => (
                <th scope="col" key={index}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {mappable.sampleRows.slice(0, 3).map((row, rowIndex) => (
              <tr key={rowIndex}>
                {mappable.columns.map((_, index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="column-mapping__fields">
        {MAPPING_FIELDS.map(({ field, label }) => (
          <Fragment key={field}>
            <ColumnSelect
              id={`${id}-${field}`}
              field={field}
              label={label}
              columns={mappable.columns}
              value={choice[field]}
              disabled={accepted}
              hint={field === 'signedQuantity' ? SIGNED_HINT : null}
              onChange={(column) => choose({ [field]: column })}
            />
            {field === 'date' ? (
              <div className="field">
                <label className="field__label" htmlFor={`${id}-date-format`}>
                  Date format
                </label>
                <select
                  id={`${id}-date-format`}
                  className="input"
                  value={choice.dateFormat}
                  disabled={accepted}
                  onChange={(event) => choose({ dateFormat: event.target.value as MappingDateFormat })}
                >
                  {DATE_FORMATS.map(({ value, label: shown }) => (
                    <option key={value} value={value}>
                      {shown}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </Fragment>
        ))}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-decimal-separator`}>
            Decimal separator
          </label>
          <select
            id={`${id}-decimal-separator`}
            className="input"
            data-testid="mapping-decimalSeparator"
            value={choice.decimalSeparator}
            disabled={accepted}
            onChange={(event) => choose({ decimalSeparator: event.target.value as MappingDecimalSeparator })}
          >
            {DECIMAL_SEPARATORS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
      {check ? <ValidationErrors errors={check.csvValidationErrors} /> : null}
      {check && check.previewRows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table" data-testid="column-mapping-preview" aria-label="Preview">
            <thead>
              <tr>
                {PREVIEW_COLUMNS.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {check.previewRows.map((row) => (
                <tr key={row[0]} className={row[8] ? 'column-mapping__problem' : undefined}>
                  {row.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {accepted ? (
        <p className="column-mapping__saved" role="status">
          Mapping saved: import the file with it.
        </p>
      ) : (
        <div className="form__actions">
          <button type="button" className="button" disabled={busy} onClick={() => void preview()} data-testid="column-mapping-preview-button">
            {busy && !passed ? 'Checking' : 'Preview'}
          </button>
          <button type="button" className="button" disabled={busy || !passed} onClick={() => void accept()} data-testid="column-mapping-use">
            Use this mapping
          </button>
        </div>
      )}
    </section>
  );
}

interface ColumnSelectProps {
  id: string;
  field: MappingField;
  label: string;
  columns: readonly string[];
  value: number | null;
  disabled: boolean;
  hint: string | null;
  onChange: (column: number | null) => void;
}

function ColumnSelect({ id, field, label, columns, value, disabled, hint, onChange }: ColumnSelectProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        data-testid={`mapping-${field}`}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{field === 'date' ? 'Choose a column' : 'None'}</option>
        {columns.map((column, index) => (
          <option key={index} value={String(index)}>
            {column || `Column ${index + 1}`}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
