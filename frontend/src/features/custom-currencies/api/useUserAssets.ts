import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { AddUserAssetDocument, EditUserAssetDocument, UserAssetsDocument, type UserAssetFieldsFragment, type UserAssetInput } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const USER_ASSETS_PAGE_SIZE = 25;
export const SAVE_FAILED = 'There was a problem while saving your custom currency. Please try again.';

/** One page of the user's custom currencies whose symbol or name contains `search` (userAssets). */
export function useUserAssets(search: string, page: number) {
  const trimmed = search.trim();
  return useQuery({
    queryKey: queryKeys.userAssetsPage(trimmed, page),
    queryFn: () => request(UserAssetsDocument, { search: trimmed, offset: (page - 1) * USER_ASSETS_PAGE_SIZE, limit: USER_ASSETS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

async function save(assetId: string | null, input: UserAssetInput) {
  if (assetId === null) return (await request(AddUserAssetDocument, { input })).addUserAsset;
  return (await request(EditUserAssetDocument, { assetId, input })).editUserAsset;
}

/**
 * Add a custom currency (assetId null) or replace what one says (addUserAsset, editUserAsset). A saved one
 * refreshes the list, and the balances and portfolio its price values; a changed symbol asks for a
 * cost-basis run, so the status backoff restarts. A refusal goes to onError with the server's words.
 */
export function useSaveUserAsset(
  assetId: string | null,
  { onSaved, onError }: { onSaved: (asset: UserAssetFieldsFragment) => void; onError: (message: string) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserAssetInput) => save(assetId, input),
    onSuccess: (answer) => {
      if (!answer.success || !answer.userAsset) {
        onError(answer.errorMessage || SAVE_FAILED);
        return;
      }
      toast.success(`${answer.userAsset.symbol} saved.`);
      notifyJobStarted();
      for (const queryKey of [queryKeys.userAssets, queryKeys.accounts, queryKeys.results, queryKeys.costBasisStatus]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      onSaved(answer.userAsset);
    },
    onError: () => onError(SAVE_FAILED),
  });
}
