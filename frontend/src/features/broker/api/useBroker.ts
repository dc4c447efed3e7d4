import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AddCbeDepositDocument,
  AddCbeDisposalDocument,
  CbeDemoAccountIdDocument,
  CbeDepositHistoryDocument,
  ConnectedCtUserDocument,
  ConnectedCtUsersDocument,
  ExchangeLevelReportDocument,
  ResetDemoUserDocument,
  type CbeDepositInput,
  type CbeDisposalInput,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { DEMO_BROKER_ID } from '@/features/broker/utils/menus';

/** Everything of the broker demo is cached under one key, read again after any change. */
const BROKER = ['broker'] as const;
export const brokerKeys = {
  connected: [...BROKER, 'connected'] as const,
  connectedUser: (userId: string) => [...BROKER, 'connected', userId] as const,
  deposits: (userId: string, page: number) => [...BROKER, 'deposits', userId, page] as const,
  report: (taxYear: number) => [...BROKER, 'report', taxYear] as const,
  demoAccount: [...BROKER, 'demoAccount'] as const,
};

export const DEPOSITS_PAGE_SIZE = 50;

/** connectedCtUsers is network-only (spec 001 §6): never answered from the cache. */
export function useConnectedCtUsers() {
  return useQuery({
    queryKey: brokerKeys.connected,
    queryFn: () => request(ConnectedCtUsersDocument),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useConnectedCtUser(userId: string) {
  return useQuery({ queryKey: brokerKeys.connectedUser(userId), queryFn: () => request(ConnectedCtUserDocument, { userId }) });
}

export function useDepositHistory(userId: string, page: number) {
  return useQuery({
    queryKey: brokerKeys.deposits(userId, page),
    queryFn: () =>
      request(CbeDepositHistoryDocument, { userId, limit: DEPOSITS_PAGE_SIZE, offset: (page - 1) * DEPOSITS_PAGE_SIZE }),
  });
}

export function useExchangeLevelReport(taxYear: number) {
  return useQuery({ queryKey: brokerKeys.report(taxYear), queryFn: () => request(ExchangeLevelReportDocument, { taxYear }) });
}

export function useDemoAccountId() {
  return useQuery({ queryKey: brokerKeys.demoAccount, queryFn: () => request(CbeDemoAccountIdDocument) });
}

/** After a change every cached query is read again: the demo touches lots, taxes and wallets too. */
function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

export function useAddDeposit() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (input: CbeDepositInput) => request(AddCbeDepositDocument, { input }).then((data) => data.addCbeDeposit),
    onSuccess: (result) => (result.success ? refresh() : undefined),
  });
}

export function useAddSellOrder() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (input: CbeDisposalInput) => request(AddCbeDisposalDocument, { input }).then((data) => data.addCbeDisposal),
    onSuccess: (result) => (result.success ? refresh() : undefined),
  });
}

export function useResetDemoUser() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => request(ResetDemoUserDocument, { input: { brokerId: DEMO_BROKER_ID } }).then((data) => data.resetDemoUser),
    onSuccess: (result) => (result.success ? refresh() : undefined),
  });
}
