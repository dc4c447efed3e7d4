import { CONTENT_PAGES } from '@/features/public-site/utils/contentPages';
import { usePageMeta } from '@/features/public-site/utils/meta';

/** The legal and company pages (/privacy, /terms, /security, /disclaimer, /about, /careers). */
export function ContentPageView({ slug }: { slug: string }) {
  const page = CONTENT_PAGES[slug];
  if (!page) throw new Error(`content/pages/${slug}.md is missing`);
  usePageMeta(page);
  return (
    <main className="public-page public-article">
      <h1>{page.title}</h1>
      <div className="public-prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </main>
  );
}
