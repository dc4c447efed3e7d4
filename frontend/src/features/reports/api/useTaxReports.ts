/** Tax reports: start one (generateTaxReport), poll it every 2 s until final (spec 001 §4), list those made. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GenerateTaxReportDocument, TaxReportPollResultDocument, TaxReportsDocument, type GenerateTaxReportMutationVariables, type TaxReportFileFieldsFragment, type TaxReportPollResultQuery } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';

export type TaxReportFile = TaxReportFileFieldsFragment;
export type TaxReportPoll = TaxReportPollResultQuery['taxReportPollResult'];

/** taxReportPollResult is polled every 2 s (spec 001 §7). */
export const REPORT_POLL_MS = 2_000;

/** A report's type and year, and the options some types take (a filter, dates, a 1099-DA upload). */
export type ReportRequest = Pick<GenerateTaxReportMutationVariables, 'type' | 'taxYear'> & Partial<GenerateTaxReportMutationVariables>;

export function useGenerateTaxReport() {
  return useMutation({
    mutationFn: async (given: ReportRequest) =>
      (await request(GenerateTaxReportDocument, { query: null, startDate: null, endDate: null, form1099daFileUrl: null, ...given })).generateTaxReport,
  });
}

/** The report's job, polled until its status is final; the list of reports refreshes when it is. */
export function useTaxReportJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.taxReportJob(jobId),
    queryFn: async () => {
      const poll = (await request(TaxReportPollResultDocument, { jobId: jobId ?? '' })).taxReportPollResult;
      if (poll.isStatusFinal) void queryClient.invalidateQueries({ queryKey: queryKeys.taxReports });
      return poll;
    },
    enabled: jobId !== null,
    ...pollEvery<TaxReportPoll>(REPORT_POLL_MS, { while: (data) => !data?.isStatusFinal, inBackground: true }),
  });
}

export function useTaxReports() {
  return useQuery({
    queryKey: queryKeys.taxReports,
    queryFn: async () => (await request(TaxReportsDocument, { taxYear: null })).taxReports,
  });
}
