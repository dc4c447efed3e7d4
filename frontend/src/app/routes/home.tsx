import { lazy, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSignedIn } from '@/lib/session';
import { AppShell } from '@/app/layout/AppShell';
import { PublicLayout } from '@/app/layout/PublicLayout';
import { LandOnHomePage, LandOnHomePageOnArrival } from '@/features/onboarding/components/LandOnHomePage';
import { usePrefetchPortfolio } from '@/features/portfolio/api/usePortfolio';
import { PublicHomePage } from './public-site';
import { LandingWalletCheck } from './wallet-lookup';

const loadPortfolio = () => import('./portfolio');
const PortfolioRoute = lazy(loadPortfolio);

/** `/` → `/home` (spec 001 §2), or, signed in, the user's web-app home page; redirects keep the query string. */
export function RootRedirect() {
  const search = useLocation().search;
  if (useSignedIn()) return <LandOnHomePage />;
  return <Navigate to={{ pathname: '/home', search }} replace />;
}

/**
 * /home is two pages (spec 001 §2): signed in, the portfolio dashboard in the app shell; signed out, the
 * public home in the public site's chrome. The layout is chosen here; HomeIndex fills its outlet.
 */
export function HomeLayout() {
  return useSignedIn() ? <AppShell /> : <PublicLayout />;
}

export function HomeIndex() {
  return useSignedIn() ? (
    <PortfolioLanding />
  ) : (
    <>
      <PublicHomePage />
      <LandingWalletCheck />
    </>
  );
}

/** The portfolio at /home and /dashboard, where a signed-in user arriving lands on their home page instead. */
export function PortfolioLanding() {
  // the page's code and data are asked for beside the landing check, not after it
  useEffect(() => void loadPortfolio(), []);
  usePrefetchPortfolio();
  return (
    <LandOnHomePageOnArrival>
      <PortfolioRoute />
    </LandOnHomePageOnArrival>
  );
}
