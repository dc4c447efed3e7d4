import { useMutation, useQuery } from '@tanstack/react-query';
import { AccountDeletionDocument, DeleteUserDocument, type DeleteUserMutationVariables } from '@/gql/graphql';
import { request } from '@/lib/graphql';

/** How the signed-in user confirms deleting their account: their password, or typing DELETE. */
export function useAccountDeletion() {
  return useQuery({ queryKey: ['accountDeletion'], queryFn: () => request(AccountDeletionDocument) });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: async (variables: DeleteUserMutationVariables) => (await request(DeleteUserDocument, variables)).deleteUser,
  });
}
