import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { AddPublicAddressDocument, type AddPublicAddressMutation, type PublicAddressInput } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { WALLET_ADDED, WALLET_UNKNOWN_ERROR, walletErrorMessage } from '@/features/linking/utils/messages';
import { useAccountAdded } from './useAccountAdded';

/**
 * addPublicAddress with spec 000 §8's handling: success message as a toast, warning and
 * multiAddWarning as info notices, multiAddError as an error; a failure's text to onError.
 */
export function useAddPublicAddress({ onAdded, onError }: { onAdded: (answer: AddPublicAddressMutation['addPublicAddress'], input: PublicAddressInput) => void; onError: (message: string, code: string | null) => void }) {
  const accountAdded = useAccountAdded();
  return useMutation({
    mutationFn: async (input: PublicAddressInput) => (await request(AddPublicAddressDocument, { publicAddressInput: input })).addPublicAddress,
    onSuccess: (answer, input) => {
      if (answer.warning) toast.info(answer.warning);
      if (answer.multiAddWarning) toast.info(answer.multiAddWarning);
      if (answer.multiAddError) toast.error(answer.multiAddError);
      if (answer.success) {
        accountAdded(answer.message || WALLET_ADDED);
        onAdded(answer, input);
      } else {
        onError(answer.errorMessage || walletErrorMessage(answer.error), answer.error);
      }
    },
    onError: () => onError(WALLET_UNKNOWN_ERROR, null),
  });
}
