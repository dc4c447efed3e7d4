import { useQuery } from '@tanstack/react-query';
import { MultiAddressImportJobStatusDocument, type MultiAddressImportJobStatusQuery } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { JOB_POLL_MS, pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';

export type MultiAddressJob = MultiAddressImportJobStatusQuery['multiAddressImportJobStatus'];

/** multiAddressImportJobStatus, polled every 1 s until isStatusFinal (spec 000 §4). */
export function useMultiAddressJob(jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.multiAddressJob(jobId),
    queryFn: async () => (await request(MultiAddressImportJobStatusDocument, { jobId: jobId ?? '' })).multiAddressImportJobStatus,
    enabled: jobId !== null,
    ...pollEvery<MultiAddressJob>(JOB_POLL_MS, { while: (job) => !job?.isStatusFinal, inBackground: true }),
  });
}
