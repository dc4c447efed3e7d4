import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_INVALID,
  importStartError,
  importTypeOptions,
  initialImportType,
  invalidImportType,
  isGenericImportType,
  syncedIntegrationWarning,
} from './importTypes';

describe('import type choice', () => {
  it('offers only the allowed types, with the spec labels, in code order', () => {
    expect(importTypeOptions([7, 1, 3, 2])).toEqual([
      { value: 1, label: 'Generic CSV import' },
      { value: 2, label: 'Trade imports' },
      { value: 3, label: 'Trade transfers' },
      { value: 7, label: 'Transaction history import' },
    ]);
    expect(importTypeOptions([7]).map((option) => option.label)).toEqual(['Transaction history import']);
  });

  it('drops unknown and repeated types', () => {
    expect(importTypeOptions([4, 1, 1, 99]).map((option) => option.value)).toEqual([1]);
    expect(importTypeOptions([])).toEqual([]);
  });

  it('preselects the type only when there is exactly one', () => {
    expect(initialImportType([7])).toBe(7);
    expect(initialImportType([7, 7, 42])).toBe(7);
    expect(initialImportType([1, 7])).toBeNull();
    expect(initialImportType([])).toBeNull();
  });

  it('validates only the Generic CSV import type as the generic format', () => {
    expect(isGenericImportType(1)).toBe(true);
    expect(isGenericImportType(2)).toBe(false);
    expect(isGenericImportType(7)).toBe(false);
  });
});

describe('import messages', () => {
  it('words the synced-integration warning as the spec does', () => {
    expect(syncedIntegrationWarning('Kraken')).toBe('Importing additional Kraken transactions could result in duplicates...');
  });

  it('maps importAccountTransactions errors', () => {
    expect(importStartError('account_not_found', null, [1])).toBe(ACCOUNT_INVALID);
    expect(importStartError('invalid_account', 'whatever', [1])).toBe('Account is invalid.');
    expect(importStartError('invalid_import_type', null, [7, 1])).toBe(
      'This import type is not allowed for this account. Allowed import types: Generic CSV import, Transaction history import.',
    );
    expect(
      importStartError('invalid_import_type', 'This file is a Kraken ledgers export, a transaction history import, not a generic CSV import.', [1, 2, 7]),
    ).toBe(
      'This file is a Kraken ledgers export, a transaction history import, not a generic CSV import. Allowed import types: Generic CSV import, Trade imports, Transaction history import.',
    );
    expect(importStartError('invalid_file_url', null, [1])).toBe('There was an issue while trying to upload the file');
    expect(importStartError('generic_error', null, [1])).toBe('There was an error while trying to import the CSV');
    expect(importStartError(null, 'The import service is paused.', [1])).toBe('The import service is paused.');
  });

  it('says so when no import type is allowed', () => {
    expect(invalidImportType([])).toBe('This account does not accept file imports.');
  });
});
