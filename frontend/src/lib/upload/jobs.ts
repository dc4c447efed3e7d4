/** The jobs behind the file box, polled every 1 s until final through the app's one polling helper. */
import { queryOptions } from '@tanstack/react-query';
import {
  CsvImportJobStatusDocument,
  CsvValidationDocument,
  CsvValidationJobStatusDocument,
  type CsvImportJobStatusQuery,
  type CsvValidationFieldsFragment,
  type CsvValidationJobStatusQuery,
} from '@/gql/graphql';
import { request, UnauthorizedError } from '@/lib/graphql';
import { JOB_POLL_MS, pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';

export type CsvValidation = CsvValidationFieldsFragment;
export type ImportJob = CsvImportJobStatusQuery['csvImportJobStatus'];
export type ImportedWallet = NonNullable<ImportJob['createdCustomWallet']>;

/** Consecutive failed status polls tolerated before the job is reported as failed. */
export const MAX_POLL_FAILURES = 3;

const jobRetry = {
  retry: (failures: number, error: Error) => !(error instanceof UnauthorizedError) && failures < MAX_POLL_FAILURES,
  retryDelay: JOB_POLL_MS,
};

/** Starts (or joins) the worker's check of an uploaded file; answers at once, final or with a job to poll. */
export async function startCsvValidation(csvFileUrl: string, isGeneric: boolean, accountTypeSlug: string): Promise<CsvValidation> {
  return (await request(CsvValidationDocument, { csvFileUrl, isGeneric, accountTypeSlug })).csvValidation;
}

export function csvValidationJobOptions(jobId: string | null) {
  return queryOptions({
    queryKey: queryKeys.csvValidationJob(jobId),
    queryFn: () => request(CsvValidationJobStatusDocument, { jobId: jobId ?? '' }),
    enabled: jobId !== null,
    ...jobRetry,
    ...pollEvery<CsvValidationJobStatusQuery>(JOB_POLL_MS, {
      while: (data) => !data?.csvValidationJobStatus.isStatusFinal,
      inBackground: true,
    }),
  });
}

export function csvImportJobOptions(jobId: string | null) {
  return queryOptions({
    queryKey: queryKeys.csvImportJob(jobId),
    queryFn: () => request(CsvImportJobStatusDocument, { jobId: jobId ?? '' }),
    enabled: jobId !== null,
    ...jobRetry,
    ...pollEvery<CsvImportJobStatusQuery>(JOB_POLL_MS, {
      while: (data) => !data?.csvImportJobStatus.isStatusFinal,
      inBackground: true,
    }),
  });
}
