import { Navigate } from 'react-router';

/** `/` is the portfolio home (spec 001 §2); redirects keep the query string. */
export function HomeRoute() {
  return <Navigate to={{ pathname: '/home', search: window.location.search }} replace />;
}
