import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, parsePost, postBySlug } from './blog';

const SOURCE = `---
title: A post
excerpt: What it says
date: 2026-05-01
readingTime: 3 min read
author: Someone
authorHref: /about
imageSrc: /favicon.svg
imageAlt: Logo
---
## Heading

Some **bold** text.
`;

describe('blog posts', () => {
  it('reads the fields of spec 001 §3 from the front matter and renders the Markdown', () => {
    const post = parsePost('a-post', SOURCE);
    expect(post).toMatchObject({
      href: '/blog/a-post',
      title: 'A post',
      excerpt: 'What it says',
      date: '2026-05-01',
      readingTime: '3 min read',
      author: 'Someone',
      authorHref: '/about',
      imageSrc: '/favicon.svg',
      imageAlt: 'Logo',
    });
    expect(post.html).toContain('<h2>Heading</h2>');
    expect(post.html).toContain('<strong>bold</strong>');
  });

  it('refuses a post without its fields', () => {
    expect(() => parsePost('bare', '# Just text')).toThrow('content/blog/bare.md lacks title');
  });

  it('holds both tax guides, newest post first', () => {
    expect(postBySlug('crypto-tax-guide')?.title).toBe('Crypto Tax Guide');
    expect(postBySlug('crypto-tax-guide-for-cpas')?.title).toBe('Crypto Tax Guide for CPAs');
    const dates = BLOG_POSTS.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
