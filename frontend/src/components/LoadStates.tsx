/** A query that failed: what could not be loaded, and Try again. */
export function LoadFailed({ title, onRetry, className = 'empty-state' }: { title: string; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p className="empty-state__title">{title}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A whole page while its query is pending. */
export function PageLoading() {
  return (
    <div className="page" aria-busy="true">
      <span className="skeleton skeleton--block" />
    </div>
  );
}

/** A whole page whose query failed. */
export function PageLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="page">
      <LoadFailed className="card empty-state" title={title} onRetry={onRetry} />
    </div>
  );
}
