import { useEffect, useState } from 'react';

/** Route loading spinner: appears only after 1 second (spec 001 §2), so fast loads never flash. */
export const ROUTE_SPINNER_DELAY_MS = 1_000;

export function DelayedSpinner({ delay = ROUTE_SPINNER_DELAY_MS, label = 'Loading' }: { delay?: number; label?: string }) {
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  if (!visible) return null;
  return (
    <div className="route-spinner" role="status" data-testid="route-spinner">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
