import { Link, Navigate, useParams } from 'react-router';
import { BLOG_POSTS, postBySlug, type BlogPost } from '@/features/public-site/utils/blog';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

function PostByline({ post }: { post: BlogPost }) {
  return (
    <p className="public-byline">
      <Link to={post.authorHref}>{post.author}</Link> · <time dateTime={post.date}>{post.date}</time> ·{' '}
      {post.readingTime}
    </p>
  );
}

export function BlogIndexPage() {
  usePageMeta(PAGE_META.blog);
  return (
    <main className="public-page">
      <Hero title="Blog" lead="Guides and news on crypto taxes and portfolio tracking." />
      <div className="public-grid">
        {BLOG_POSTS.map((post) => (
          <article key={post.slug} className="public-card">
            <img src={post.imageSrc} alt={post.imageAlt} width={40} height={40} />
            <h2>
              <Link to={post.href}>{post.title}</Link>
            </h2>
            <p>{post.excerpt}</p>
            <PostByline post={post} />
          </article>
        ))}
      </div>
    </main>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  usePageMeta({ title: post.title, description: post.excerpt });
  return (
    <main className="public-page public-article">
      <h1>{post.title}</h1>
      <PostByline post={post} />
      <div className="public-prose" dangerouslySetInnerHTML={{ __html: post.html }} />
    </main>
  );
}

/** /blog/{slug}: the tax guides are posts too (/blog/crypto-tax-guide, /blog/crypto-tax-guide-for-cpas). */
export function BlogPostPage() {
  const post = postBySlug(useParams().slug);
  return post ? <PostArticle post={post} /> : <Navigate to="/not_found" replace />;
}
