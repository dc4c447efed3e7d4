import { useQuery } from '@tanstack/react-query';
import { PublicIntegrationsDocument } from '@/gql/graphql';
import { publicRequest } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** The integration catalogue from /public/graphql: the same for every visitor, signed in or not. */
export function useCatalogue() {
  return useQuery({
    queryKey: queryKeys.publicCatalogue,
    queryFn: async () => (await publicRequest(PublicIntegrationsDocument, {})).integrations,
    staleTime: 5 * 60_000,
  });
}
