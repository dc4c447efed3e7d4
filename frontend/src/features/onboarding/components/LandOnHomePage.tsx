import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useUserInfo } from '@/lib/user';
import { useOnboardingStatus } from '@/features/onboarding/api/useOnboarding';

const HOME = '/home';
/** The key react-router gives the location a page load starts at: the browser arrived from outside the app. */
const ARRIVAL_KEY = 'default';

/** The signed-in user's web-app home page (spec 001 §2): onboarding until they confirmed a country, then the
 * page they chose (the portfolio by default). Someone viewing as a user stays on the portfolio: onboarding is
 * closed to them. Undefined while loading. */
function useHomePage(enabled: boolean): string | undefined {
  const me = useUserInfo();
  const status = useOnboardingStatus(enabled);
  if (me.isPending || status.isPending) return undefined;
  if (me.data?.me?.viewAsUserId) return HOME;
  return status.data?.onboardingStatus.webAppHomePage ?? HOME;
}

/** A signed-in user at the main address lands on their web-app home page. */
export function LandOnHomePage() {
  const page = useHomePage(true);
  if (page === undefined) return <DelayedSpinner />;
  return <Navigate to={page} replace />;
}

/** /home and /dashboard (one page): a signed-in user who arrives at them (a sign-in, a typed address, a
 * bookmark) lands on their web-app home page, as at the main address. Within the app, the portfolio link
 * shows the portfolio, which would otherwise be out of reach of a user whose home page is another one. */
export function LandOnHomePageOnArrival({ children }: { children: ReactNode }) {
  const arrived = useLocation().key === ARRIVAL_KEY;
  const page = useHomePage(arrived);
  if (!arrived) return children;
  if (page === undefined) return <DelayedSpinner />;
  return page === HOME ? children : <Navigate to={page} replace />;
}
