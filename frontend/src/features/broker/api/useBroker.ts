import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  AddCbeDepositDocument,
  AddCbeDisposalDocument,
  CbeDemoAccountIdDocument,
  CbeDepositHistoryDocument,
  CbePipelineStagesDocument,
  CbeSettingsDocument,
  CbeTaxMethodDocument,
  CbeUserCurrenciesDocument,
  ConnectedCtUserDocument,
  ConnectedCtUsersDocument,
  ExchangeLevelReportDocument,
  ResetDemoUserDocument,
  UpdateCbeSettingsDocument,
  type CbeDepositInput,
  type CbeDisposalInput,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { DEMO_BROKER_ID } from '@/features/broker/utils/menus';
import { allowUserWalletConnect, setAllowUserWalletConnect, useAllowUserWalletConnect } from '@/features/broker/utils/viewMode';

/** Everything of the broker demo is cached under one key, read again after any change. */
const BROKER = ['broker'] as const;
export const brokerKeys = {
  connected: [...BROKER, 'connected'] as const,
  connectedUser: (userId: string) => [...BROKER, 'connected', userId] as const,
  deposits: (userId: string, page: number) => [...BROKER, 'deposits', userId, page] as const,
  report: (taxYear: number) => [...BROKER, 'report', taxYear] as const,
  demoAccount: [...BROKER, 'demoAccount'] as const,
  currencies: (userId: string) => [...BROKER, 'currencies', userId] as const,
  taxMethod: (userId: string) => [...BROKER, 'taxMethod', userId] as const,
  stages: (userId: string) => [...BROKER, 'stages', userId] as const,
  settings: [...BROKER, 'settings'] as const,
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

export function useUserCurrencies(userId: string) {
  return useQuery({ queryKey: brokerKeys.currencies(userId), queryFn: () => request(CbeUserCurrenciesDocument, { userId }) });
}

export function useTaxMethod(userId: string) {
  return useQuery({ queryKey: brokerKeys.taxMethod(userId), queryFn: () => request(CbeTaxMethodDocument, { userId }) });
}

export function usePipelineStages(userId: string) {
  return useQuery({ queryKey: brokerKeys.stages(userId), queryFn: () => request(CbePipelineStagesDocument, { userId }) });
}

/** allowUserWalletConnect: the server keeps it, local storage mirrors it (spec 001 §3) so the top bar
 * shows the last known value at once; the server's answer wins once it arrives. A change shows at once
 * and is taken back if the server refuses it. */
export function useAllowUserWalletConnectSetting() {
  const [allowed] = useAllowUserWalletConnect();
  const client = useQueryClient();
  const stored = useQuery({ queryKey: brokerKeys.settings, queryFn: () => request(CbeSettingsDocument) }).data?.cbeSettings;
  useEffect(() => {
    if (stored) setAllowUserWalletConnect(stored.allowUserWalletConnect);
  }, [stored]);
  const update = useMutation({
    mutationFn: (allow: boolean) =>
      request(UpdateCbeSettingsDocument, { input: { allowUserWalletConnect: allow } }).then((data) => data.updateCbeSettings),
    onMutate: (allow) => {
      const before = allowUserWalletConnect();
      setAllowUserWalletConnect(allow);
      return before;
    },
    onSuccess: (result, _allow, before) => {
      if (result.settings) client.setQueryData(brokerKeys.settings, { cbeSettings: result.settings });
      else setAllowUserWalletConnect(before);
    },
    onError: (_error, _allow, before) => {
      if (before !== undefined) setAllowUserWalletConnect(before);
    },
  });
  return { allowed, update };
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
