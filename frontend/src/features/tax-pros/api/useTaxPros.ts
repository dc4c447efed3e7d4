import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import {
  IncomingInvitesDocument,
  SentInvitesDocument,
  TaxFirmDocument,
  TaxFirmInvitesDocument,
  TaxFirmMembersDocument,
  TaxProClientsDocument,
  TaxProsDocument,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** Everything of this feature is cached under one key, read again after any change. */
const TAX_PROS = ['taxPros'] as const;
export const taxProKeys = {
  incoming: [...TAX_PROS, 'incoming'] as const,
  sent: [...TAX_PROS, 'sent'] as const,
  clients: [...TAX_PROS, 'clients'] as const,
  pros: [...TAX_PROS, 'pros'] as const,
  firm: [...TAX_PROS, 'firm'] as const,
  members: (firm: string) => [...TAX_PROS, 'members', firm] as const,
  firmInvites: (firm: string) => [...TAX_PROS, 'firmInvites', firm] as const,
};

export const ACTION_FAILED = 'That did not work. Please try again.';

export function useIncomingInvites() {
  return useQuery({ queryKey: taxProKeys.incoming, queryFn: () => request(IncomingInvitesDocument) });
}

export function useSentInvites() {
  return useQuery({ queryKey: taxProKeys.sent, queryFn: () => request(SentInvitesDocument) });
}

export function useTaxProClients() {
  return useQuery({ queryKey: taxProKeys.clients, queryFn: () => request(TaxProClientsDocument) });
}

export function useTaxPros() {
  return useQuery({ queryKey: taxProKeys.pros, queryFn: () => request(TaxProsDocument) });
}

export function useTaxFirm() {
  return useQuery({ queryKey: taxProKeys.firm, queryFn: () => request(TaxFirmDocument) });
}

export function useTaxFirmMembers(taxFirmPublicId: string) {
  return useQuery({
    queryKey: taxProKeys.members(taxFirmPublicId),
    queryFn: () => request(TaxFirmMembersDocument, { taxFirmPublicId, withClients: true }),
  });
}

export function useTaxFirmInvites(taxFirmPublicId: string, enabled: boolean) {
  return useQuery({
    queryKey: taxProKeys.firmInvites(taxFirmPublicId),
    queryFn: () => request(TaxFirmInvitesDocument, { taxFirmPublicId }),
    enabled,
  });
}

interface Result {
  success: boolean;
  errorMessage: string | null;
}

/** One tax-pro action: its refusal is a toast, its success a toast when `done` is given; every list
 * of the feature and the user (registration) are read again. */
export function useTaxProAction<TVariables>(send: (variables: TVariables) => Promise<Result>, done?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      if (!result.success) {
        toast.error(result.errorMessage ?? ACTION_FAILED);
        return;
      }
      if (done) toast.success(done);
      void queryClient.invalidateQueries({ queryKey: TAX_PROS });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: () => toast.error(ACTION_FAILED),
  });
}
