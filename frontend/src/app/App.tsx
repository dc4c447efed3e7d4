import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router';
import { Toaster } from '@/components/toast/Toaster';
import { AnalyticsTracker, ConsentBanner } from '@/features/consent/components/ConsentBanner';
import { createQueryClient } from '@/lib/queryClient';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';

/** `location` renders one address without a browser: the build's prerender step (src/prerender.tsx). */
export function App({ location }: { location?: string }) {
  const [queryClient] = useState(createQueryClient);
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
