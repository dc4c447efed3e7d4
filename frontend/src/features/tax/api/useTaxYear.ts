import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { RequestTaxRecalculationDocument, TaxYearDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { RECALCULATION_FAILURE_MESSAGE, RECALCULATION_SUCCESS_MESSAGE } from '@/features/tax/utils/taxYear';

/** The tax year's figures, as the last cost-basis run stored them. */
export function useTaxYear(taxYear: number) {
  return useQuery({
    queryKey: queryKeys.taxYear(taxYear),
    queryFn: () => request(TaxYearDocument, { taxYear }),
    placeholderData: keepPreviousData,
  });
}

/** Recalculate (spec 001 §4): requests a run and refreshes the cost-basis status, with the §8 toasts. */
export function useRequestTaxRecalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(RequestTaxRecalculationDocument),
    onSuccess: (data) => {
      if (!data.requestTaxRecalculation.success) {
        toast.error(RECALCULATION_FAILURE_MESSAGE);
        return;
      }
      toast.success(RECALCULATION_SUCCESS_MESSAGE);
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
    },
    onError: () => toast.error(RECALCULATION_FAILURE_MESSAGE),
  });
}
