import { useQuery } from '@tanstack/react-query';
import { CustomWalletsDocument, type CustomWalletsQuery } from '@/gql/graphql';
import { pollWhileSyncing } from '@/lib/accounts/syncing';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { PAGE_SIZE } from './pageSize';

export type CustomWallet = CustomWalletsQuery['customWallets']['items'][number];

/** Custom wallets; refreshed every 5 s while any of them is syncing, not otherwise. */
export function useCustomWallets(page: number) {
  return useQuery({
    queryKey: queryKeys.customWallets(page),
    queryFn: () => request(CustomWalletsDocument, { page, limit: PAGE_SIZE }),
    ...pollWhileSyncing<CustomWalletsQuery>((data) => data?.customWallets.items),
    placeholderData: (previous) => previous,
  });
}
