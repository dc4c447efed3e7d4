import { describe, expect, it } from 'vitest';
import { canImport, fileBoxReducer, importButtonLabel, initialFileBoxState, type FileBoxAction, type FileBoxState } from './fileBox';

function run(actions: FileBoxAction[], state: FileBoxState = initialFileBoxState): FileBoxState {
  return actions.reduce(fileBoxReducer, state);
}

describe('file box state machine', () => {
  const started: FileBoxAction = { type: 'uploadStarted', fileName: 'a.csv', fileSize: 10 };

  it('goes default → uploading (2 %) → validating (50 %) → validated', () => {
    let state = run([started]);
    expect(state).toMatchObject({ status: 'uploading', progress: 2, fileName: 'a.csv' });
    state = run([{ type: 'uploaded', fileUrl: 's3://x' }], state);
    expect(state).toMatchObject({ status: 'validating', progress: 50, fileUrl: 's3://x' });
    state = run([{ type: 'validated', errors: [] }], state);
    expect(state.status).toBe('validated');
    expect(canImport(state)).toBe(true);
  });

  it('keeps why rows will be ignored once validated, and clears them with the file', () => {
    const ignored = ['Rows 3, 4: the quantity is zero'];
    let state = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: [], ignored }]);
    expect(state).toMatchObject({ status: 'validated', ignoredReasons: ignored });
    expect(canImport(state)).toBe(true);
    state = run([{ type: 'reset' }], state);
    expect(state.ignoredReasons).toEqual([]);
  });

  it('ends in error with validation errors and blocks import', () => {
    const state = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: ['Row 2: bad date'] }]);
    expect(state.status).toBe('error');
    expect(state.validationErrors).toEqual(['Row 2: bad date']);
    expect(canImport(state)).toBe(false);
  });

  it('rises by 10 per tick while importing, capped at 100', () => {
    let state = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: [] }, { type: 'importStarted' }]);
    expect(state.status).toBe('importing');
    state = run([{ type: 'importTick' }], state);
    expect(state.progress).toBe(60);
    state = run(Array.from({ length: 10 }, () => ({ type: 'importTick' }) as const), state);
    expect(state.progress).toBe(100);
    state = run([{ type: 'imported' }], state);
    expect(state.status).toBe('done');
  });

  it("follows the job's own progress but never goes back", () => {
    let state = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: [] }, { type: 'importStarted' }]);
    state = run([{ type: 'importProgress', progress: 75 }], state);
    expect(state.progress).toBe(75);
    state = run([{ type: 'importProgress', progress: 20 }], state);
    expect(state.progress).toBe(75);
    state = run([{ type: 'importTick' }, { type: 'importProgress', progress: 140 }], state);
    expect(state.progress).toBe(100);
  });

  it('keeps the validation and import job ids only in their states', () => {
    let state = run([started, { type: 'validationStarted', jobId: 'v' }]);
    expect(state.validationJobId).toBeNull();
    state = run([{ type: 'uploaded', fileUrl: 'u' }, { type: 'validationStarted', jobId: 'v' }], state);
    expect(state).toMatchObject({ status: 'validating', validationJobId: 'v' });
    state = run([{ type: 'validated', errors: [] }, { type: 'importJobStarted', jobId: 'i' }], state);
    expect(state.importJobId).toBeNull();
    state = run([{ type: 'importStarted' }, { type: 'importJobStarted', jobId: 'i' }], state);
    expect(state).toMatchObject({ status: 'importing', importJobId: 'i' });
  });

  it('ignores ticks and stale answers outside their state', () => {
    expect(run([{ type: 'importTick' }])).toBe(initialFileBoxState);
    expect(run([{ type: 'uploaded', fileUrl: 'u' }])).toBe(initialFileBoxState);
    expect(run([{ type: 'failed', error: 'x' }])).toBe(initialFileBoxState);
    expect(run([{ type: 'importStarted' }])).toBe(initialFileBoxState);
  });

  it('clears everything on reset', () => {
    const state = run([started, { type: 'failed', error: 'boom', detail: 'Failed to upload' }]);
    expect(state).toMatchObject({ status: 'error', error: 'boom', errorDetail: 'Failed to upload' });
    expect(run([{ type: 'reset' }], state)).toEqual(initialFileBoxState);
  });

  it('can go back to validated when the wallet could not be created', () => {
    const state = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: [] }, { type: 'importStarted' }, { type: 'importCancelled' }]);
    expect(state.status).toBe('validated');
  });

  it('keeps the columns of a file no format recognises, and imports it once its mapping is saved', () => {
    const mappable = { columns: ['Time', 'Amount'], sampleRows: [['2024-01-01', '1']] };
    const unknown = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: ['not found'], mappable }]);
    expect(unknown.status).toBe('error');
    expect(unknown.mappable).toEqual(mappable);
    expect(canImport(unknown)).toBe(false);
    const mapped = fileBoxReducer(unknown, { type: 'mapped' });
    expect(mapped.status).toBe('validated');
    expect(mapped.validationErrors).toEqual([]);
    expect(canImport(mapped)).toBe(true);
    const broken = run([started, { type: 'uploaded', fileUrl: 'u' }, { type: 'validated', errors: ['Row 1: bad'] }, { type: 'mapped' }]);
    expect(broken.status).toBe('error');
  });

  it('labels the import button Import, Uploading, Validating or Importing', () => {
    expect(importButtonLabel('default')).toBe('Import');
    expect(importButtonLabel('uploading')).toBe('Uploading');
    expect(importButtonLabel('validating')).toBe('Validating');
    expect(importButtonLabel('validated')).toBe('Import');
    expect(importButtonLabel('importing')).toBe('Importing');
    expect(importButtonLabel('error')).toBe('Import');
  });
});
