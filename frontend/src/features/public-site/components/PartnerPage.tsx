import { Navigate, useParams } from 'react-router';
import { partnerBySlug, type Partner } from '@/features/public-site/utils/partners';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { SignUpButton } from './AuthButtons';
import { Hero } from './Hero';

function PartnerLanding({ partner }: { partner: Partner }) {
  usePageMeta({ title: `${partner.name} partnership`, description: partner.offer });
  return (
    <main className="public-page">
      <Hero title={`Cairn for ${partner.name} users`} lead={partner.offer}>
        <SignUpButton section="hero" sectionTitle={`Cairn for ${partner.name} users`} />
      </Hero>
    </main>
  );
}

/** /partner/{slug}; an unknown partner is "Page not found". */
export function PartnerPage() {
  const partner = partnerBySlug(useParams().slug);
  return partner ? <PartnerLanding partner={partner} /> : <Navigate to="/not_found" replace />;
}
