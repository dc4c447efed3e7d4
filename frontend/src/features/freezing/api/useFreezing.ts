import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/toast/toastStore';
import { FreezeTaxYearDocument, FreezingStatusDocument, type FreezingStatusQuery, UnfreezeTaxYearDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';
import { FREEZING_ERROR_MESSAGE, FREEZING_POLL_MS, inProgress } from '@/features/freezing/utils/freezing';

/** One tax year's freezing status, read every 2 s while it is being frozen or unfrozen; when that ends,
 * the status panel reads its own at once. */
export function useYearFreezing(taxYear: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.freezingStatus(taxYear),
    queryFn: () => request(FreezingStatusDocument, { taxYear }),
    ...pollEvery<FreezingStatusQuery>(FREEZING_POLL_MS, { while: (data) => inProgress(data?.freezingStatus.status) }),
  });
  const working = inProgress(query.data?.freezingStatus.status);
  const wasWorking = useRef(false);
  useEffect(() => {
    if (wasWorking.current && !working) void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
    wasWorking.current = working;
  }, [working, queryClient]);
  return query;
}

/** Freeze or unfreeze a tax year (freezeTaxYear / unfreezeTaxYear); the status panel polls faster meanwhile. */
export function useChangeFreezing(taxYear: number, { onStarted }: { onStarted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (freeze: boolean) => {
      if (freeze) return (await request(FreezeTaxYearDocument, { taxYear })).freezeTaxYear;
      return (await request(UnfreezeTaxYearDocument, { taxYear })).unfreezeTaxYear;
    },
    onSuccess: (result, freeze) => {
      if (!result.success) {
        toast.error(result.errorMessage ?? FREEZING_ERROR_MESSAGE);
        return;
      }
      toast.success(freeze ? `Freezing ${taxYear}…` : `Unfreezing ${taxYear}…`);
      onStarted();
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.freezingStatus(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
    },
    onError: () => toast.error(FREEZING_ERROR_MESSAGE),
  });
}
