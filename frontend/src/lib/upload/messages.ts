/** CSV messages of spec 000 §5 and §8, kept word for word. */
import { formatBytes } from '@/lib/format';

export const WALLET_NAME_REQUIRED = 'Wallet name is required';
export const FILE_REQUIRED = 'File is required';
export const FAILED_TO_PRESIGN = 'Failed to presign';
export const FAILED_TO_UPLOAD = 'Failed to upload';
export const UPLOAD_ISSUE = 'There was an issue while trying to upload the file';
export const UPLOAD_AND_VALIDATE_ISSUE = 'There was an issue while trying to upload and validate the file.';
export const VALIDATE_FORMAT_ISSUE = "There was an issue while trying to validate the file's format.";
export const IMPORT_DEFAULT_ERROR = 'There was an error while trying to import the CSV';
export const CREATE_WALLET_ERROR = 'There was an issue while trying to upload your csv. Please try again';
export const VALIDATION_ERRORS_LABEL = 'Validation errors';
/** Not in the spec (issue 11): why rows of a file that passed the check will be ignored. */
export const IGNORED_ROWS_LABEL = 'Rows that will be ignored';

export const STATUS_TEXT = {
  uploading: 'Uploading file...',
  validating: 'Validating file...',
  importing: 'Importing file...',
  validated: 'File has been validated',
} as const;

export const DEFAULT_FILE_FORMATS = ['.csv', '.xls', '.xlsx'] as const;
/** Used when a file has no name (spec 000 §5: a generic csv name). */
export const DEFAULT_FILE_NAME = 'transactions.csv';

export function onlyFormatsAllowed(formats: readonly string[]): string {
  return `Only ${formats.join(', ')} files are allowed for this CSV import.`;
}

export function fileTooLarge(maxBytes: number): string {
  return `This file is too large. The maximum file size is ${formatBytes(maxBytes)}.`;
}

export function importSuccess(imported: number, total: number): string {
  return `Successfully imported ${imported} out of ${total} crypto transactions.`;
}

export function importSkipped(skipped: number): string {
  return `Skipped ${skipped} transaction(s) that were already imported.`;
}

export function importIgnored(ignored: number): string {
  return `Ignored ${ignored} crypto transaction(s) because they are missing data or are not supported.`;
}

/** Not in the spec (issue 11): new transactions of a type the file's parser did not recognise. */
export function importForReview(count: number): string {
  return `Imported ${count} transaction(s) for review: of a type that was not recognised. Each says which type under Needs review.`;
}

/** Not in the spec, which has no wording for it: new transactions held because their tax year is frozen. */
export function importHeldFrozen(count: number): string {
  return `Held ${count} transaction(s) for review: dated in a frozen tax year, they are not applied until you unfreeze it.`;
}

export function importUnidentifiedTokens(count: number): string {
  return `${count} token(s) could not be identified and were imported as custom currencies. You can find them at the bottom of the wallet's token list.`;
}
