import { useQuery } from '@tanstack/react-query';
import { PublicIntegrationsDocument } from '@/gql/graphql';
import { publicRequest } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/**
 * The integration catalogue from /public/graphql: the same for every visitor, signed in or not. The cache
 * holds the operation's answer as it is, as the prerendered pages carry it (`cairn site data`).
 */
export function useCatalogue() {
  return useQuery({
    queryKey: queryKeys.publicCatalogue,
    queryFn: () => publicRequest(PublicIntegrationsDocument, {}),
    select: (data) => data.integrations,
    staleTime: 5 * 60_000,
  });
}
