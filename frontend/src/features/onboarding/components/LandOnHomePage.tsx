import { Navigate } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useOnboardingStatus } from '@/features/onboarding/api/useOnboarding';

/** A signed-in user at the main address lands on their web-app home page (spec 001 §2): onboarding until
 * they confirmed a country, then the page they chose (the portfolio by default). */
export function LandOnHomePage() {
  const status = useOnboardingStatus();
  if (status.isPending) return <DelayedSpinner />;
  return <Navigate to={status.data?.onboardingStatus.webAppHomePage ?? '/home'} replace />;
}
