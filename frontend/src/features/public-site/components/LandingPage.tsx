import { Link, Navigate, useLocation } from 'react-router';
import { landingAt, type Landing } from '@/features/public-site/utils/landings';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { CatalogueList } from './CatalogueList';
import { FeatureGrid, Hero } from './Hero';

function LandingView({ landing }: { landing: Landing }) {
  usePageMeta(landing);
  return (
    <main className="public-page">
      <Hero title={landing.heading} lead={landing.lead}>
        <Link className="button button--primary" to={landing.action.to}>
          {landing.action.label}
        </Link>
      </Hero>
      <FeatureGrid items={landing.points} />
      {landing.catalogue ? <CatalogueList category={landing.catalogue} /> : null}
    </main>
  );
}

/** A landing page of utils/landings.ts, chosen by the address. */
export function LandingPage() {
  const landing = landingAt(useLocation().pathname);
  return landing ? <LandingView landing={landing} /> : <Navigate to="/not_found" replace />;
}
