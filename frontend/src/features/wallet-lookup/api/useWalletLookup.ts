import { useMutation, useQuery } from '@tanstack/react-query';
import { PublicWalletBalanceDocument, WalletLookupCoinsDocument } from '@/gql/graphql';
import { publicRequest } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export function useWalletLookupCoins() {
  return useQuery({ queryKey: queryKeys.walletLookupCoins, queryFn: () => publicRequest(WalletLookupCoinsDocument) });
}

/** One balance lookup per Check balance (a request, not a cached query: every press asks the chain). */
export function useWalletLookup() {
  return useMutation({
    mutationFn: (input: { address: string; coin: string }) => publicRequest(PublicWalletBalanceDocument, input),
  });
}
