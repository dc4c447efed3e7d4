import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter } from 'react-router';
import { Toaster } from '@/components/toast/Toaster';
import { AnalyticsTracker, ConsentBanner } from '@/features/consent/components/ConsentBanner';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';

/**
 * `location` renders one address without a browser: the build's prerender step (src/prerender.tsx).
 * `queryClient` comes from the caller, which seeds it with the data a prerendered page holds.
 */
export function App({ location, queryClient }: { location?: string; queryClient: QueryClient }) {
  const routes = (
    <>
      <ConsentBanner />
      <AnalyticsTracker />
      <AppRoutes />
      <Toaster />
    </>
  );
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {location === undefined ? (
          <BrowserRouter>{routes}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{routes}</StaticRouter>
        )}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
