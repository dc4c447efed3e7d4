import { Component, type ErrorInfo, type ReactNode } from 'react';
import { EVENTS, trackEvent } from '@/lib/analytics';
import './message-page.css';

/** 'Oops! This is unexpected.' with a way back (spec 001 §2, §4). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    trackEvent(EVENTS.userViewedErrorPage);
    if (/Loading chunk|dynamically imported module|Importing a module script failed/i.test(error.message)) {
      const last = Number(sessionStorage.getItem('chunk_reload_at') ?? 0);
      if (Date.now() - last > 10_000) {
        sessionStorage.setItem('chunk_reload_at', String(Date.now()));
        window.location.reload();
      }
    }
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="centered-page" data-testid="error-page">
        <div className="centered-card message-page__card">
          <h1 className="message-page__title">Oops! This is unexpected.</h1>
          <p className="message-page__text">Something went wrong while showing this page.</p>
          <a className="button button--primary" href="/">
            Back to dashboard
          </a>
        </div>
      </main>
    );
  }
}
