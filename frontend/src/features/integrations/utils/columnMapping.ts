/**
 * The column mapping of a file no format recognises: which of its columns holds each generic field
 * (the generic CSV's Date, Received/Sent/Fee quantity and currency, plus type, id and notes).
 */
import type { ColumnMappingInput, MappingDateFormat } from '@/gql/graphql';

export type MappingField =
  | 'date'
  | 'receivedQuantity'
  | 'receivedCurrency'
  | 'sentQuantity'
  | 'sentCurrency'
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
  { field: 'feeQuantity', label: 'Fee quantity' },
  { field: 'feeCurrency', label: 'Fee currency' },
  { field: 'type', label: 'Type' },
  { field: 'id', label: 'ID' },
  { field: 'notes', label: 'Notes' },
];

export const DATE_FORMATS: readonly { value: MappingDateFormat; label: string }[] = [
  { value: 'DETECT', label: 'Detect (2024-12-31 13:45, 31.12.2024…)' },
  { value: 'DAY_FIRST', label: 'Day first (31/12/2024 13:45)' },
  { value: 'MONTH_FIRST', label: 'Month first (12/31/2024 13:45)' },
  { value: 'UNIX_SECONDS', label: 'Unix time, seconds' },
  { value: 'UNIX_MILLISECONDS', label: 'Unix time, milliseconds' },
];

/** The columns of the file's preview lines (previewRows), as the server writes them. */
export const PREVIEW_COLUMNS = ['Row', 'Date', 'Type', 'Received', 'Sent', 'Fee', 'ID', 'Notes', 'Problem'] as const;

export const DATE_REQUIRED = 'Choose the column that holds the date.';

/** The chosen column of each field (its position in the file's header), null when none. */
export type MappingChoice = Record<MappingField, number | null> & { dateFormat: MappingDateFormat };

export const EMPTY_CHOICE: MappingChoice = {
  date: null,
  receivedQuantity: null,
  receivedCurrency: null,
  sentQuantity: null,
  sentCurrency: null,
  feeQuantity: null,
  feeCurrency: null,
  type: null,
  id: null,
  notes: null,
  dateFormat: 'DETECT',
};

/** The mutation input of a choice; null until a date column is chosen (the server checks the rest). */
export function mappingInput(choice: MappingChoice): ColumnMappingInput | null {
  if (choice.date === null) return null;
  const input: ColumnMappingInput = { date: choice.date, dateFormat: choice.dateFormat };
  for (const { field } of MAPPING_FIELDS) {
    const column = choice[field];
    if (field !== 'date' && column !== null) input[field] = column;
  }
  return input;
}
