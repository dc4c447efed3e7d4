import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { GetCostBasisStatusDocument, type GetCostBasisStatusQuery } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useBackoffPolling } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';
import { isFreezingInProgress } from '@/features/status/utils/accountStatus';

/** Cost basis status, polled with the status backoff; at the fastest wait while freezing or unfreezing. */
export function useCostBasisStatus() {
  const polling = useBackoffPolling<GetCostBasisStatusQuery>(queryKeys.costBasisStatus, {
    fastWhile: (data) => isFreezingInProgress(data?.costBasisStatus.freezing.status),
  });
  const query = useQuery({
    queryKey: queryKeys.costBasisStatus,
    queryFn: () => request(GetCostBasisStatusDocument),
    ...polling,
  });
  useRefreshResultsWhenDone(query.data?.costBasisStatus.isCostBasisRunning);
  return query;
}

/** When a run ends, every page built from its results (portfolio, tax year, lots) reads the new ones. */
function useRefreshResultsWhenDone(running: boolean | undefined) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running === undefined) return;
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: queryKeys.results });
    wasRunning.current = running;
  }, [running, queryClient]);
}
