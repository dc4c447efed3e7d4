import type { ReactNode } from 'react';
import '@/features/public-site/public-site.css';

/** A public page's opening: its one h1, a lead paragraph and optional actions. */
export function Hero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="public-hero">
      <h1>{title}</h1>
      <p className="public-hero__lead">{lead}</p>
      {children ? <div className="public-hero__actions">{children}</div> : null}
    </section>
  );
}

export function FeatureGrid({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <div className="public-grid">
      {items.map((item) => (
        <article key={item.title} className="public-card">
          <h2>{item.title}</h2>
          <p>{item.text}</p>
        </article>
      ))}
    </div>
  );
}
