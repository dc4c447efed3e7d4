import { Navigate, useLocation } from 'react-router';

/** The plan routes the spec sends to /plans (spec 001 §2); redirects keep the query string. */
export const TO_PLANS = [
  '/subscription',
  '/subscription/renew',
  '/subscription/update',
  '/subscription-checkout',
  '/portfolio/subscription',
  '/tax/plans',
  '/tax/:taxYear/plans',
] as const;

export function ToPlans() {
  const { search } = useLocation();
  return <Navigate to={`/plans${search}`} replace />;
}
