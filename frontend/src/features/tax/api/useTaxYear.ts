import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { RequestTaxRecalculationDocument, TaxYearDocument, UpdateTaskStatusDocument, type TaskStatus } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { RECALCULATION_FAILURE_MESSAGE, RECALCULATION_SUCCESS_MESSAGE, TASK_UPDATE_FAILURE_MESSAGE } from '@/features/tax/utils/taxYear';

/** The tax year's figures, as the last cost-basis run stored them, and the user's tasks with `taskStatus`. */
export function useTaxYear(taxYear: number, taskStatus: TaskStatus = 'TO_DO') {
  return useQuery({
    queryKey: queryKeys.taxYear(taxYear, taskStatus),
    queryFn: () => request(TaxYearDocument, { taxYear, taskStatus }),
    placeholderData: keepPreviousData,
  });
}

/** Task status update (spec 001 §7): ignore a task or set it back to do; the tax page refreshes. */
export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { taskId: string; status: TaskStatus }) => request(UpdateTaskStatusDocument, variables),
    onSuccess: (data) => {
      if (!data.updateTaskStatus.success) toast.error(data.updateTaskStatus.errorMessage ?? TASK_UPDATE_FAILURE_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: queryKeys.results });
    },
    onError: () => toast.error(TASK_UPDATE_FAILURE_MESSAGE),
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
