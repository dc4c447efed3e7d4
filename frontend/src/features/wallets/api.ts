import { useQuery } from '@tanstack/react-query';
import { CustomWalletsDocument, ExchangesDocument, UserInfoDocument, WalletsDocument, type CustomWalletsQuery } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { syncRefreshInterval } from './syncing';

export const PAGE_SIZE = 50;

export type CustomWallet = CustomWalletsQuery['customWallets']['items'][number];

/** Custom wallets; refreshed every 5 s while any of them is syncing, not otherwise. */
export function useCustomWallets(page: number) {
  return useQuery({
    queryKey: queryKeys.customWallets(page),
    queryFn: () => request(CustomWalletsDocument, { page, limit: PAGE_SIZE }),
    refetchInterval: (query) => syncRefreshInterval(query.state.data?.customWallets.items),
    placeholderData: (previous) => previous,
  });
}

/** Exchanges and blockchain wallets (for the status indicator's Syncing rule). */
export function useExchangesAndWallets() {
  const wallets = useQuery({
    queryKey: queryKeys.wallets,
    queryFn: () => request(WalletsDocument, { page: 1, limit: PAGE_SIZE }),
    refetchInterval: (query) => syncRefreshInterval(query.state.data?.wallets.items),
  });
  const exchanges = useQuery({
    queryKey: queryKeys.exchanges,
    queryFn: () => request(ExchangesDocument, { page: 1, limit: PAGE_SIZE }),
    refetchInterval: (query) => syncRefreshInterval(query.state.data?.exchanges.items),
  });
  return {
    loading: wallets.isPending || exchanges.isPending,
    accounts: [...(wallets.data?.wallets.items ?? []), ...(exchanges.data?.exchanges.items ?? [])],
  };
}

export function useUserInfo() {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => request(UserInfoDocument), staleTime: 30_000 });
}
