/** The universal → per-wallet migration: its state, the lot allocation method, the start and the poll
 * (every 2 s until the report's link, giving up after 1500 polls; spec 001 §4, §9). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  StartUniversalToPerWalletMigrationDocument,
  UniversalToPerWalletMigrationDocument,
  UniversalToPerWalletMigrationPollResultDocument,
  UpdateLotAllocationMethodDocument,
  type LotAllocationMethod,
  type UniversalToPerWalletMigrationPollResultQuery,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';
import { MIGRATION_MAX_POLLS, MIGRATION_POLL_MS, POLL_TIMED_OUT } from '@/features/migration/utils/migration';

export type MigrationPoll = UniversalToPerWalletMigrationPollResultQuery['universalToPerWalletMigrationPollResult'];

const MIGRATION_KEY = ['migration'] as const;
const migrationJobKey = (jobId: string | null) => ['jobs', 'migration', jobId] as const;

export function useMigrationState() {
  return useQuery({
    queryKey: MIGRATION_KEY,
    queryFn: async () => (await request(UniversalToPerWalletMigrationDocument)).universalToPerWalletMigration,
  });
}

export function useSetLotAllocationMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (method: LotAllocationMethod) => (await request(UpdateLotAllocationMethodDocument, { method })).updateLotAllocationMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MIGRATION_KEY }),
  });
}

/** Starts the migration; the user, settings and status refresh (spec 001 §7), the status showing Calculating... */
export function useStartMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(StartUniversalToPerWalletMigrationDocument)).startUniversalToPerWalletMigration,
    onSettled: () =>
      Promise.all(
        [MIGRATION_KEY, queryKeys.me, queryKeys.userSettings, queryKeys.costBasisStatus].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The migration's poll, every 2 s (in the background too: the user waits for it) until final; the
 * 1500th unfinished answer ends it with the spec's time-out message. */
export function useMigrationJob(jobId: string | null) {
  const polls = useRef(0);
  return useQuery({
    queryKey: migrationJobKey(jobId),
    queryFn: async (): Promise<MigrationPoll> => {
      const poll = (await request(UniversalToPerWalletMigrationPollResultDocument, { jobId: jobId ?? '' })).universalToPerWalletMigrationPollResult;
      polls.current += 1;
      if (!poll.isStatusFinal && polls.current >= MIGRATION_MAX_POLLS) {
        return { ...poll, isStatusFinal: true, success: false, errorMessage: POLL_TIMED_OUT };
      }
      return poll;
    },
    enabled: jobId !== null,
    ...pollEvery<MigrationPoll>(MIGRATION_POLL_MS, { while: (data) => !data?.isStatusFinal, inBackground: true }),
  });
}
