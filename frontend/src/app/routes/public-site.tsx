import { lazy } from 'react';

/** The public site's pages, each its own chunk: the signed-in app never loads them (nor Markdown). */
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

export const PublicHomePage = page(() => import('@/features/public-site/components/HomePage'), 'HomePage');
export const FeaturesPage = page(() => import('@/features/public-site/components/FeaturesPage'), 'FeaturesPage');
export const PricingPage = page(() => import('@/features/public-site/components/PricingPage'), 'PricingPage');
export const IntegrationsPage = page(
  () => import('@/features/public-site/components/IntegrationsPage'),
  'IntegrationsPage',
);
export const BlogIndexPage = page(() => import('@/features/public-site/components/BlogPages'), 'BlogIndexPage');
export const BlogPostPage = page(() => import('@/features/public-site/components/BlogPages'), 'BlogPostPage');
export const LearnPage = page(() => import('@/features/public-site/components/LearnPage'), 'LearnPage');
export const CalculatorPage = page(() => import('@/features/public-site/components/CalculatorPage'), 'CalculatorPage');
export const PortfolioTrackerPage = page(
  () => import('@/features/public-site/components/PortfolioTrackerPage'),
  'PortfolioTrackerPage',
);
export const EnterprisePage = page(() => import('@/features/public-site/components/EnterprisePage'), 'EnterprisePage');
export const DemoBookingPage = page(
  () => import('@/features/public-site/components/DemoBookingPage'),
  'DemoBookingPage',
);
export const PartnerPage = page(() => import('@/features/public-site/components/PartnerPage'), 'PartnerPage');
export const FullServicePage = page(() => import('@/features/public-site/components/SimplePages'), 'FullServicePage');
export const TestimonialsPage = page(
  () => import('@/features/public-site/components/SimplePages'),
  'TestimonialsPage',
);
export const ContentPageView = lazy(() =>
  import('@/features/public-site/components/ContentPageView').then((module) => ({ default: module.ContentPageView })),
);
export const ProvisionPage = lazy(() =>
  import('@/features/public-site/components/ProvisionPage').then((module) => ({ default: module.ProvisionPage })),
);
export const LandingPage = page(() => import('@/features/public-site/components/LandingPage'), 'LandingPage');
export const SupportRedirect = page(
  () => import('@/features/public-site/components/SupportRedirect'),
  'SupportRedirect',
);
export const SwapPage = page(() => import('@/features/public-site/components/SwapPage'), 'SwapPage');
