import { useQuery } from '@tanstack/react-query';
import { DetectedCryptoNetworksDocument, IntegrationsDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { normalizeNetwork } from '@/lib/networks';
import { isGenericCsv, sortByRank, withCsvLast, type Integration } from '@/features/integrations/utils/integration';

export function useAllIntegrations() {
  return useQuery({
    queryKey: queryKeys.integrations(null),
    queryFn: () => request(IntegrationsDocument, { search: null }),
    staleTime: 5 * 60_000,
  });
}

export interface IntegrationSearchResult {
  loading: boolean;
  error: boolean;
  /** Ranked results with the CSV pseudo-integration last; empty means "No results found". */
  results: Integration[];
  /** Networks detected for address-like text that matched no integration by name. */
  detectedNetworks: string[];
}

/** Searches integrations by name/slug/symbol; falls back to networks detected for the text as an address. */
export function useIntegrationSearch(search: string): IntegrationSearchResult {
  const term = search.trim();
  const byName = useQuery({
    queryKey: queryKeys.integrations(term || null),
    queryFn: () => request(IntegrationsDocument, { search: term || null }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const nameMatches = (byName.data?.integrations ?? []).filter((item) => !isGenericCsv(item));
  const needsDetection = term !== '' && !byName.isPlaceholderData && byName.isSuccess && nameMatches.length === 0;

  const detected = useQuery({
    queryKey: queryKeys.detectedCryptoNetworks(term),
    queryFn: () => request(DetectedCryptoNetworksDocument, { address: term }),
    enabled: needsDetection,
    staleTime: 60_000,
  });
  const all = useAllIntegrations();
  const everything = [...(byName.data?.integrations ?? []), ...(all.data?.integrations ?? [])];
  const networks = (detected.data?.detectedCryptoNetworks ?? []).map((item) => item.cryptoNetworkName);

  if (!needsDetection) {
    return {
      loading: byName.isPending || byName.isPlaceholderData,
      error: byName.isError,
      results: byName.isSuccess && nameMatches.length > 0 ? withCsvLast(nameMatches, everything) : term === '' && byName.isSuccess ? withCsvLast([], everything) : [],
      detectedNetworks: [],
    };
  }
  const wanted = new Set(networks.map(normalizeNetwork));
  const matches = wanted.size
    ? sortByRank(
        (all.data?.integrations ?? []).filter(
          (item) => !isGenericCsv(item) && wanted.has(normalizeNetwork(item.info.cryptoNetwork)),
        ),
      )
    : [];
  return {
    loading: detected.isPending || (wanted.size > 0 && all.isPending),
    error: detected.isError,
    results: matches.length ? withCsvLast(matches, everything) : [],
    detectedNetworks: networks,
  };
}
