import { useEffect } from 'react';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { HELP_CENTER_URL } from '@/features/public-site/utils/links';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

/**
 * /support (spec 001 §2): an external redirect to the help centre. The prerendered page redirects with a
 * meta refresh, so it works without JavaScript too; the link is there for whoever sees the page at all.
 */
export function SupportRedirect() {
  usePageMeta(PAGE_META.support);
  useEffect(() => {
    window.location.replace(HELP_CENTER_URL);
  }, []);
  return (
    <main className="public-page">
      <Hero title="Support" lead="Taking you to the Cairn help center.">
        <a className="button button--primary" href={HELP_CENTER_URL}>
          Go to the help center
        </a>
      </Hero>
    </main>
  );
}
