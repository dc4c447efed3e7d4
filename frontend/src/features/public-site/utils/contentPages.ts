import { marked } from 'marked';
import { splitFrontMatter } from './frontMatter';
import type { PageMeta } from './meta';

/** The company and legal pages, read from content/pages/<slug>.md at build time. */
export interface ContentPage extends PageMeta {
  readonly slug: string;
  readonly html: string;
}

const sources = import.meta.glob<string>('../content/pages/*.md', { query: '?raw', import: 'default', eager: true });

export const CONTENT_PAGES: Readonly<Record<string, ContentPage>> = Object.fromEntries(
  Object.entries(sources).map(([path, source]) => {
    const slug = /([^/]+)\.md$/.exec(path)?.[1] ?? path;
    const { fields, body } = splitFrontMatter(source);
    const page: ContentPage = {
      slug,
      title: fields.title ?? slug,
      description: fields.description ?? '',
      html: marked.parse(body, { async: false }),
    };
    return [slug, page];
  }),
);
