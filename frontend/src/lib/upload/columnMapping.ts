/**
 * The column mapping of a file no format recognises: which of its columns holds each generic field
 * (the generic CSV's Date, Received/Sent/Fee quantity and currency, plus type, id and notes, or one
 * signed amount for both sides), the date's format and the decimal separator; and its two mutations.
 */
import {
  SaveCsvMappingDocument,
  ValidateCsvMappingDocument,
  type ColumnMappingInput,
  type MappingDateFormat,
  type MappingDecimalSeparator,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import type { CsvValidation } from './jobs';

export type MappingField =
  | 'date'
  | 'receivedQuantity'
  | 'receivedCurrency'
  | 'sentQuantity'
  | 'sentCurrency'
  | 'signedQuantity'
  | 'signedCurrency'
  | 'feeQuantity'
  | 'feeCurrency'
  | 'type'
  | 'id'
  | 'notes';

export const MAPPING_FIELDS: readonly { field: MappingField; label: string }[] = [
  { field: 'date', label: 'Date' },
  { field: 'receivedQuantity', label: 'Received quantity' },
  { field: 'receivedCurrency', label: 'Received currency' },
  { field: 'sentQuantity', label: 'Sent quantity' },
  { field: 'sentCurrency', label: 'Sent currency' },
  { field: 'signedQuantity', label: 'Amount (signed)' },
  { field: 'signedCurrency', label: 'Amount currency' },
  { field: 'feeQuantity', label: 'Fee quantity' },
  { field: 'feeCurrency', label: 'Fee currency' },
  { field: 'type', label: 'Type' },
  { field: 'id', label: 'ID' },
  { field: 'notes', label: 'Notes' },
];

/** Shown under Amount (signed): how its sign reads. */
export const SIGNED_HINT = 'Instead of received and sent: positive is received, negative is sent, zero moves nothing.';

export const DATE_FORMATS: readonly { value: MappingDateFormat; label: string }[] = [
  { value: 'DETECT', label: 'Detect (2024-12-31 13:45, 31.12.2024…)' },
  { value: 'DAY_FIRST', label: 'Day first (31/12/2024 13:45)' },
  { value: 'MONTH_FIRST', label: 'Month first (12/31/2024 13:45)' },
  { value: 'UNIX_SECONDS', label: 'Unix time, seconds' },
  { value: 'UNIX_MILLISECONDS', label: 'Unix time, milliseconds' },
];

export const DECIMAL_SEPARATORS: readonly { value: MappingDecimalSeparator; label: string }[] = [
  { value: 'AUTOMATIC', label: 'Automatic (as the file shows)' },
  { value: 'POINT', label: 'Point (1,234.56)' },
  { value: 'COMMA', label: 'Comma (1.234,56)' },
];

/** The columns of the file's preview lines (previewRows), as the server writes them. */
export const PREVIEW_COLUMNS = ['Row', 'Date', 'Type', 'Received', 'Sent', 'Fee', 'ID', 'Notes', 'Problem'] as const;

export const DATE_REQUIRED = 'Choose the column that holds the date.';

/** The chosen column of each field (its position in the file's header), null when none. */
export type MappingChoice = Record<MappingField, number | null> & {
  dateFormat: MappingDateFormat;
  decimalSeparator: MappingDecimalSeparator;
};

export const EMPTY_CHOICE: MappingChoice = {
  date: null,
  receivedQuantity: null,
  receivedCurrency: null,
  sentQuantity: null,
  sentCurrency: null,
  signedQuantity: null,
  signedCurrency: null,
  feeQuantity: null,
  feeCurrency: null,
  type: null,
  id: null,
  notes: null,
  dateFormat: 'DETECT',
  decimalSeparator: 'AUTOMATIC',
};

/** The mutation input of a choice; null until a date column is chosen (the server checks the rest). */
export function mappingInput(choice: MappingChoice): ColumnMappingInput | null {
  if (choice.date === null) return null;
  const input: ColumnMappingInput = { date: choice.date, dateFormat: choice.dateFormat, decimalSeparator: choice.decimalSeparator };
  for (const { field } of MAPPING_FIELDS) {
    const column = choice[field];
    if (field !== 'date' && column !== null) input[field] = column;
  }
  return input;
}

/** Starts (or joins) the worker's check of the upload read with the mapping; final at once or a job to poll. */
export async function validateCsvMapping(csvFileUrl: string, mapping: ColumnMappingInput): Promise<CsvValidation> {
  return (await request(ValidateCsvMappingDocument, { csvFileUrl, mapping })).validateCsvMapping;
}

/** Remembers the mapping for the upload's header once its check passed; answers the error, or null. */
export async function saveCsvMapping(csvFileUrl: string, mapping: ColumnMappingInput): Promise<string | null> {
  const { saveCsvMapping: answer } = await request(SaveCsvMappingDocument, { csvFileUrl, mapping });
  return answer.success ? null : (answer.error ?? 'The column mapping could not be saved.');
}
