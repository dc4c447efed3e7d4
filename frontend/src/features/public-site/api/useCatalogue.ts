import { useQuery } from '@tanstack/react-query';
import { IntegrationsDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** The integration catalogue; /graphql answers signed-in visitors only, so it is asked only for them. */
export function useCatalogue(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.integrations(null),
    queryFn: () => request(IntegrationsDocument, { search: null }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}
