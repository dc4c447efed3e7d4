import { Link } from 'react-router';
import { BLOG_POSTS } from '@/features/public-site/utils/blog';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

const GLOSSARY: readonly [string, string][] = [
  ['Cost basis', 'What you paid for an asset, fees included; gains are measured against it.'],
  ['Capital gain', 'The difference between what you received for an asset and its cost basis.'],
  ['Short term', 'Gains on assets held for one year or less.'],
  ['Long term', 'Gains on assets held for more than one year.'],
  ['Taxable event', 'A sale, trade or spend of crypto, or crypto received as income.'],
  ['Tax-loss harvesting', 'Selling assets at a loss to offset gains of the same year.'],
];

/** /learn: the crypto glossary and the guides. */
export function LearnPage() {
  usePageMeta(PAGE_META.learn);
  return (
    <main className="public-page">
      <Hero title="Crypto glossary" lead="The words of crypto taxes, explained." />
      <dl className="public-glossary">
        {GLOSSARY.map(([term, meaning]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <h2>Guides</h2>
      <ul>
        {BLOG_POSTS.map((post) => (
          <li key={post.slug}>
            <Link to={post.href}>{post.title}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
