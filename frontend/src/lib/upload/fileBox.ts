/**
 * CSV file box state machine (spec 000 §4 "CSV file box"): default → uploading → validating →
 * validated | error; validated → importing → (done) | error. Progress: 2 % when the upload
 * starts, 50 after upload, +10 every 2 s while importing, capped at 100; the import job's own
 * progress lifts the bar too, which never goes back. Removing the file clears everything.
 */

export type FileBoxStatus = 'default' | 'uploading' | 'validating' | 'validated' | 'importing' | 'done' | 'error';

export interface FileBoxState {
  status: FileBoxStatus;
  fileName: string | null;
  fileSize: number | null;
  fileUrl: string | null;
  progress: number;
  validationErrors: string[];
  /** Why rows of a validated file will be ignored, one line per reason. */
  ignoredReasons: string[];
  /** Of a file no format recognises: its columns and first rows, to map them to the generic fields. */
  mappable: MappableFile | null;
  error: string | null;
  errorDetail: string | null;
  /** The worker's check of the file, polled while validating (null when answered at once). */
  validationJobId: string | null;
  /** The import job, polled while importing. */
  importJobId: string | null;
}

export interface MappableFile {
  columns: string[];
  sampleRows: string[][];
}

export type FileBoxAction =
  | { type: 'reset' }
  | { type: 'rejected'; fileName: string; fileSize: number; error: string }
  | { type: 'uploadStarted'; fileName: string; fileSize: number }
  | { type: 'uploaded'; fileUrl: string }
  | { type: 'validationStarted'; jobId: string }
  | { type: 'validated'; errors: string[]; ignored?: string[]; mappable?: MappableFile | null }
  | { type: 'mapped' }
  | { type: 'failed'; error: string; detail?: string | null }
  | { type: 'importStarted' }
  | { type: 'importJobStarted'; jobId: string }
  | { type: 'importTick' }
  | { type: 'importProgress'; progress: number }
  | { type: 'importCancelled' }
  | { type: 'imported' };

export const PROGRESS_UPLOAD_START = 2;
export const PROGRESS_UPLOADED = 50;
export const PROGRESS_IMPORT_STEP = 10;
export const PROGRESS_IMPORT_TICK_MS = 2_000;
export const PROGRESS_MAX = 100;

export const initialFileBoxState: FileBoxState = {
  status: 'default',
  fileName: null,
  fileSize: null,
  fileUrl: null,
  progress: 0,
  validationErrors: [],
  ignoredReasons: [],
  mappable: null,
  error: null,
  errorDetail: null,
  validationJobId: null,
  importJobId: null,
};

export function fileBoxReducer(state: FileBoxState, action: FileBoxAction): FileBoxState {
  switch (action.type) {
    case 'reset':
      return initialFileBoxState;
    case 'rejected':
      return { ...initialFileBoxState, status: 'error', fileName: action.fileName, fileSize: action.fileSize, error: action.error };
    case 'uploadStarted':
      return {
        ...initialFileBoxState,
        status: 'uploading',
        fileName: action.fileName,
        fileSize: action.fileSize,
        progress: PROGRESS_UPLOAD_START,
      };
    case 'uploaded':
      if (state.status !== 'uploading') return state;
      return { ...state, status: 'validating', fileUrl: action.fileUrl, progress: PROGRESS_UPLOADED };
    case 'validationStarted':
      if (state.status !== 'validating') return state;
      return { ...state, validationJobId: action.jobId };
    case 'validated':
      if (state.status !== 'validating') return state;
      return action.errors.length
        ? { ...state, status: 'error', validationErrors: action.errors, error: null, mappable: action.mappable ?? null }
        : { ...state, status: 'validated', validationErrors: [], ignoredReasons: action.ignored ?? [] };
    case 'mapped':
      // The user's column mapping passed its check and is saved: the file imports with it.
      if (state.status !== 'error' || state.mappable === null) return state;
      return { ...state, status: 'validated', validationErrors: [], error: null };
    case 'failed':
      if (state.status === 'default') return state;
      return { ...state, status: 'error', error: action.error, errorDetail: action.detail ?? null };
    case 'importStarted':
      if (state.status !== 'validated') return state;
      return { ...state, status: 'importing' };
    case 'importJobStarted':
      if (state.status !== 'importing') return state;
      return { ...state, importJobId: action.jobId };
    case 'importTick':
      if (state.status !== 'importing') return state;
      return { ...state, progress: Math.min(PROGRESS_MAX, state.progress + PROGRESS_IMPORT_STEP) };
    case 'importProgress':
      if (state.status !== 'importing') return state;
      return { ...state, progress: Math.max(state.progress, Math.min(PROGRESS_MAX, action.progress)) };
    case 'importCancelled':
      if (state.status !== 'importing') return state;
      return { ...state, status: 'validated' };
    case 'imported':
      if (state.status !== 'importing') return state;
      return { ...state, status: 'done', progress: PROGRESS_MAX };
    default:
      return state;
  }
}

/** Import is possible only once the file is validated with no errors. */
export function canImport(state: FileBoxState): boolean {
  return state.status === 'validated' && state.validationErrors.length === 0 && state.fileUrl !== null;
}

export function importButtonLabel(status: FileBoxStatus): string {
  switch (status) {
    case 'uploading':
      return 'Uploading';
    case 'validating':
      return 'Validating';
    case 'importing':
    case 'done':
      return 'Importing';
    default:
      return 'Import';
  }
}

export function isBusy(status: FileBoxStatus): boolean {
  return status === 'uploading' || status === 'validating' || status === 'importing';
}
