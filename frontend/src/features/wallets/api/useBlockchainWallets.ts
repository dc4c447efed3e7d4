import { useQuery } from '@tanstack/react-query';
import { BlockchainWalletsDocument, type BlockchainWalletsQuery } from '@/gql/graphql';
import { pollWhileSyncing } from '@/lib/accounts/syncing';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { PAGE_SIZE } from './pageSize';

export type BlockchainWallet = BlockchainWalletsQuery['wallets']['items'][number];

/** Blockchain wallets (kind 2); refreshed every 5 s while any of them is syncing, not otherwise. */
export function useBlockchainWallets(page: number) {
  return useQuery({
    queryKey: queryKeys.blockchainWallets(page),
    queryFn: () => request(BlockchainWalletsDocument, { page, limit: PAGE_SIZE }),
    ...pollWhileSyncing<BlockchainWalletsQuery>((data) => data?.wallets.items),
    placeholderData: (previous) => previous,
  });
}
