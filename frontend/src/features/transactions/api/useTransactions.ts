import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from '@/components/toast/toastStore';
import {
  type GetCostBasisStatusQuery,
  TransactionAccountsDocument,
  TransactionAssetsDocument,
  TransactionByPublicIdDocument,
  TransactionCountDocument,
  TransactionsPageDocument,
} from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { EDIT_FAILED } from '@/features/transactions/utils/messages';

export const TRANSACTIONS_PAGE_SIZE = 50;

/** A page of transactions matching the search, newest first; `after` (the previous page's cursor) pages by keyset. */
export function useTransactionsPage(query: string, page: number, after: string | null) {
  return useQuery({
    queryKey: queryKeys.transactionsPage(query, page, after),
    queryFn: () => request(TransactionsPageDocument, { query, page, limit: TRANSACTIONS_PAGE_SIZE, after }),
    placeholderData: keepPreviousData,
  });
}

/** How many transactions match the search: asked beside the page, which does not wait for it. */
export function useTransactionCount(query: string) {
  return useQuery({
    queryKey: queryKeys.transactionCount(query),
    queryFn: () => request(TransactionCountDocument, { query }),
    select: (data) => data.transactionCount,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(publicId: string) {
  return useQuery({
    queryKey: queryKeys.transaction(publicId),
    queryFn: () => request(TransactionByPublicIdDocument, { publicId }),
  });
}

export function useTransactionAssets(search: string) {
  return useQuery({
    queryKey: queryKeys.transactionAssets(search),
    queryFn: () => request(TransactionAssetsDocument, { query: search }),
    enabled: search.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** Every account a transaction may be entered into. */
export function useTransactionAccounts() {
  return useQuery({
    queryKey: [...queryKeys.accounts, 'forTransactions'],
    queryFn: () => request(TransactionAccountsDocument),
    select: (data) => [...data.wallets.items, ...data.exchanges.items, ...data.customWallets.items],
  });
}

export interface EditResult {
  success: boolean;
  errorMessage: string | null;
}

/**
 * One edit of transactions: its toast, then the transactions and the status panel refresh, and the
 * status backoff restarts at its fastest step, since every edit requests a cost-basis run.
 */
export function useTransactionEdit<TVariables>(edit: (variables: TVariables) => Promise<EditResult>, success: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  const stopAwaiting = () => queryClient.removeQueries({ queryKey: queryKeys.awaitingRun, exact: true });
  return useMutation({
    mutationFn: edit,
    onMutate: () => {
      const status = queryClient.getQueryData<GetCostBasisStatusQuery>(queryKeys.costBasisStatus);
      const awaiting: AwaitingRun = { lastRunEnd: status?.costBasisStatus.costBasisComputeEndTime ?? null };
      queryClient.setQueryData(queryKeys.awaitingRun, awaiting);
    },
    onSuccess: (result) => {
      if (!result.success) {
        stopAwaiting();
        toast.error(result.errorMessage || EDIT_FAILED);
        return;
      }
      toast.success(success);
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
      onDone?.();
    },
    onError: () => {
      stopAwaiting();
      toast.error(EDIT_FAILED);
    },
  });
}

interface AwaitingRun {
  lastRunEnd: string | null; // the last run's end time when the edit was sent
}

/**
 * Whether the results shown may be stale: while a run is going, and from the moment an edit is sent
 * until a run has ended since (the status reports another end time). A run on a small ledger can end
 * before the first status fetch after the edit, which then never sees it running.
 */
export function useCalculating(running: boolean, lastRunEnd: string | null | undefined): boolean {
  const queryClient = useQueryClient();
  const awaiting = useSyncExternalStore(
    (changed) => queryClient.getQueryCache().subscribe(changed),
    () => queryClient.getQueryData<AwaitingRun>(queryKeys.awaitingRun),
  );
  const ended = awaiting !== undefined && !running && (lastRunEnd ?? null) !== awaiting.lastRunEnd;
  useEffect(() => {
    if (ended) queryClient.removeQueries({ queryKey: queryKeys.awaitingRun, exact: true });
  }, [ended, queryClient]);
  return running || (awaiting !== undefined && !ended);
}

/** When a cost-basis run ends, the transactions' gains and values are read again. */
export function useRefreshWhenCalculated(calculating: boolean) {
  const queryClient = useQueryClient();
  const was = useRef(calculating);
  useEffect(() => {
    if (was.current && !calculating) void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    was.current = calculating;
  }, [calculating, queryClient]);
}
