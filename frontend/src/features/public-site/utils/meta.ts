import { useEffect } from 'react';

export const BRAND = 'Cairn';
/** Spec 001 §1: the default page title; every other title is the page title plus the brand. */
export const DEFAULT_TITLE = 'Crypto Tax and Portfolio Software';

export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

export function fullTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

/** Sets the tab title and the meta description; the prerender step writes the same into the HTML. */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    document.title = fullTitle(title);
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}
