import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/toast/toastStore';
import {
  TransactionAccountsDocument,
  TransactionAssetsDocument,
  TransactionByPublicIdDocument,
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
  return useMutation({
    mutationFn: edit,
    onSuccess: (result) => {
      if (!result.success) {
        toast.error(result.errorMessage || EDIT_FAILED);
        return;
      }
      toast.success(success);
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
      onDone?.();
    },
    onError: () => toast.error(EDIT_FAILED),
  });
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
