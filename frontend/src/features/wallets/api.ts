import { useQuery } from '@tanstack/react-query';
import {
  AccountDocument,
  CustomWalletsDocument,
  ExchangesDocument,
  UserInfoDocument,
  WalletsDocument,
  type AccountQuery,
  type CustomWalletsQuery,
  type ExchangesQuery,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { syncRefreshInterval } from './syncing';

export const PAGE_SIZE = 50;

export type CustomWallet = CustomWalletsQuery['customWallets']['items'][number];
export type Exchange = ExchangesQuery['exchanges']['items'][number];
export type AccountDetail = NonNullable<AccountQuery['account']>;

/** Custom wallets; refreshed every 5 s while any of them is syncing, not otherwise. */
export function useCustomWallets(page: number) {
  return useQuery({
    queryKey: queryKeys.customWallets(page),
    queryFn: () => request(CustomWalletsDocument, { page, limit: PAGE_SIZE }),
    refetchInterval: (query) => syncRefreshInterval(query.state.data?.customWallets.items),
    placeholderData: (previous) => previous,
  });
}

/** Exchanges; refreshed every 5 s while any of them is syncing, not otherwise. */
export function useExchanges(page: number) {
  return useQuery({
    queryKey: queryKeys.exchanges(page),
    queryFn: () => request(ExchangesDocument, { page, limit: PAGE_SIZE }),
    refetchInterval: (query) => syncRefreshInterval(query.state.data?.exchanges.items),
    placeholderData: (previous) => previous,
  });
}

/** One account (exchange or custom wallet) by id; null when it isn't the user's. Refreshed while syncing. */
export function useAccount(id: string) {
  return useQuery({
    queryKey: queryKeys.account(id),
    queryFn: () => request(AccountDocument, { id }),
    refetchInterval: (query) => {
      const account = query.state.data?.account;
      return syncRefreshInterval(account ? [account] : undefined);
    },
  });
}

/** Exchanges and blockchain wallets (for the status indicator's Syncing rule). */
export function useExchangesAndWallets() {
  const wallets = useQuery({
    queryKey: queryKeys.wallets,
    queryFn: () => request(WalletsDocument, { page: 1, limit: PAGE_SIZE }),
    refetchInterval: (query) => syncRefreshInterval(query.state.data?.wallets.items),
  });
  const exchanges = useExchanges(1);
  return {
    loading: wallets.isPending || exchanges.isPending,
    accounts: [...(wallets.data?.wallets.items ?? []), ...(exchanges.data?.exchanges.items ?? [])],
  };
}

export function useUserInfo() {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => request(UserInfoDocument), staleTime: 30_000 });
}
