import { marked } from 'marked';
import { splitFrontMatter } from './frontMatter';

/** A blog post (spec 001 §3's fields) read from content/blog/<slug>.md at build time. */
export interface BlogPost {
  readonly slug: string;
  readonly href: string;
  readonly title: string;
  readonly excerpt: string;
  readonly date: string;
  readonly readingTime: string;
  readonly author: string;
  readonly authorHref: string;
  readonly imageSrc: string;
  readonly imageAlt: string;
  readonly html: string;
}

const REQUIRED = ['title', 'excerpt', 'date', 'readingTime', 'author', 'authorHref', 'imageSrc', 'imageAlt'] as const;

export function parsePost(slug: string, source: string): BlogPost {
  const { fields, body } = splitFrontMatter(source);
  const missing = REQUIRED.filter((field) => !fields[field]);
  if (missing.length > 0) throw new Error(`content/blog/${slug}.md lacks ${missing.join(', ')}`);
  const field = (name: (typeof REQUIRED)[number]) => fields[name] as string;
  return {
    slug,
    href: `/blog/${slug}`,
    title: field('title'),
    excerpt: field('excerpt'),
    date: field('date'),
    readingTime: field('readingTime'),
    author: field('author'),
    authorHref: field('authorHref'),
    imageSrc: field('imageSrc'),
    imageAlt: field('imageAlt'),
    // the files are the repository's own, so their HTML is trusted
    html: marked.parse(body, { async: false }),
  };
}

const sources = import.meta.glob<string>('../content/blog/*.md', { query: '?raw', import: 'default', eager: true });

/** Newest first. */
export const BLOG_POSTS: readonly BlogPost[] = Object.entries(sources)
  .map(([path, source]) => parsePost(/([^/]+)\.md$/.exec(path)?.[1] ?? path, source))
  .sort((a, b) => b.date.localeCompare(a.date));

export function postBySlug(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
