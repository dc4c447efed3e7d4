import { canImport, importButtonLabel, isBusy, type FileBoxState } from '@/lib/upload/fileBox';

/** The Import button of a file box: enabled once the file is validated without errors, its label the upload's stage. */
export function ImportButton({ state, testId }: { state: FileBoxState; testId: string }) {
  const busy = isBusy(state.status) || state.status === 'done';
  return (
    <button
      type="submit"
      className="button button--primary"
      data-testid={testId}
      disabled={!canImport(state) || busy}
      aria-busy={busy || undefined}
    >
      {importButtonLabel(state.status)}
    </button>
  );
}
