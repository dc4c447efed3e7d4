import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSignedIn } from '@/lib/session';
import '@/app/message-page.css';

export default function NotFoundRoute() {
  const signedIn = useSignedIn();
  useEffect(() => {
    document.title = 'Page not found | Cairn';
  }, []);
  return (
    <main className="centered-page" data-testid="not-found">
      <div className="centered-card message-page__card">
        <p className="message-page__code" aria-hidden="true">
          404
        </p>
        <h1 className="message-page__title">Page not found</h1>
        <p className="message-page__text">The page you are looking for has been moved or doesn't exist anymore.</p>
        {signedIn ? (
          <Link className="button button--primary" to="/">
            Return to dashboard
          </Link>
        ) : (
          <Link className="button" to="/login">
            Sign in
          </Link>
        )}
      </div>
    </main>
  );
}
