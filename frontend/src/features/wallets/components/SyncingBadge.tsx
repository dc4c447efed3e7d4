/** Syncing... (or Deleting... for an account about to be deleted), announced politely. */
export function SyncingBadge({ deleting, testId }: { deleting: boolean; testId: string }) {
  return (
    <span className="badge badge--syncing" role="status" data-testid={testId}>
      <span className="spinner spinner--tiny" aria-hidden="true" />
      {deleting ? 'Deleting...' : 'Syncing...'}
    </span>
  );
}
