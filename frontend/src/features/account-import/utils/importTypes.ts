/**
 * Import types of a file import into an existing account (spec 000 §3 "Import types") and the
 * messages of that import (spec 000 §6, §8).
 */
import { IMPORT_DEFAULT_ERROR, UPLOAD_ISSUE } from '@/lib/upload/messages';

export const IMPORT_TYPE = { GENERIC_CSV: 1, TRADES: 2, TRADE_TRANSFERS: 3, TRANSACTION_HISTORY: 7 } as const;

export const IMPORT_TYPE_LABELS: Readonly<Record<number, string>> = {
  [IMPORT_TYPE.GENERIC_CSV]: 'Generic CSV import',
  [IMPORT_TYPE.TRADES]: 'Trade imports',
  [IMPORT_TYPE.TRADE_TRANSFERS]: 'Trade transfers',
  [IMPORT_TYPE.TRANSACTION_HISTORY]: 'Transaction history import',
};

export interface ImportTypeOption {
  value: number;
  label: string;
}

/** Spec 000 §8 InvalidAccount, also used for account_not_found. */
export const ACCOUNT_INVALID = 'Account is invalid.';
export const NO_IMPORT_TYPES = 'This account does not accept file imports.';
/** Of a file no format recognises, chosen as another type: its columns are mapped as a generic CSV. */
export const MAP_AS_GENERIC = 'To map the columns of this file yourself, choose Generic CSV import and add the file again.';
export const ACCOUNT_ERRORS = { ACCOUNT_NOT_FOUND: 'account_not_found', INVALID_ACCOUNT: 'invalid_account', INVALID_IMPORT_TYPE: 'invalid_import_type', INVALID_FILE_URL: 'invalid_file_url' } as const;

/** The choices offered: only the account's allowed types that have a label, in code order. */
export function importTypeOptions(allowed: readonly number[]): ImportTypeOption[] {
  return [...new Set(allowed)]
    .filter((value) => value in IMPORT_TYPE_LABELS)
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: IMPORT_TYPE_LABELS[value] }));
}

/** Preselected when the account allows exactly one type, otherwise the user chooses. */
export function initialImportType(allowed: readonly number[]): number | null {
  const options = importTypeOptions(allowed);
  return options.length === 1 ? options[0].value : null;
}

/** A generic CSV is validated as the generic format; the other types in the integration's own format. */
export function isGenericImportType(importType: number): boolean {
  return importType === IMPORT_TYPE.GENERIC_CSV;
}

export function syncedIntegrationWarning(integrationName: string): string {
  return `Importing additional ${integrationName} transactions could result in duplicates...`;
}

/** Why the type was refused (the server's detail, e.g. what the file really is) and the allowed types. */
export function invalidImportType(allowed: readonly number[], detail: string | null = null): string {
  const labels = importTypeOptions(allowed).map((option) => option.label);
  if (!labels.length) return NO_IMPORT_TYPES;
  return `${detail || 'This import type is not allowed for this account.'} Allowed import types: ${labels.join(', ')}.`;
}

/** The message for an importAccountTransactions failure. */
export function importStartError(error: string | null, errorMessage: string | null, allowed: readonly number[]): string {
  switch (error) {
    case ACCOUNT_ERRORS.ACCOUNT_NOT_FOUND:
    case ACCOUNT_ERRORS.INVALID_ACCOUNT:
      return ACCOUNT_INVALID;
    case ACCOUNT_ERRORS.INVALID_IMPORT_TYPE:
      return invalidImportType(allowed, errorMessage);
    case ACCOUNT_ERRORS.INVALID_FILE_URL:
      return UPLOAD_ISSUE;
    default:
      return errorMessage || IMPORT_DEFAULT_ERROR;
  }
}
