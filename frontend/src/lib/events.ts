/** App-wide signals between features (e.g. "a job started" restarts the status backoff). */
type Listener = () => void;
const jobListeners = new Set<Listener>();

export function onJobStarted(listener: Listener): () => void {
  jobListeners.add(listener);
  return () => jobListeners.delete(listener);
}

export function notifyJobStarted(): void {
  for (const listener of jobListeners) listener();
}
