import { QueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from './graphql';
import { onSessionCleared } from './session';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(error instanceof UnauthorizedError) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  onSessionCleared(() => client.clear());
  return client;
}
