import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { UpdateDebugPermissionDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { useUserInfo } from '@/lib/user';

const SAVE_FAILED = 'The setting could not be saved. Please try again.';

/** The user's debug permission (spec 001 §3): Cairn's staff, viewing as them, may change their data. */
export function DebugPermission() {
  const me = useUserInfo().data?.me;
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (granted: boolean) =>
      request(UpdateDebugPermissionDocument, { granted }).then((answer) => answer.updateDebugPermission),
    onSuccess: (answer) => {
      if (!answer.success) toast.error(answer.errorMessage ?? SAVE_FAILED);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: () => toast.error(SAVE_FAILED),
  });
  if (!me || me.viewAsUserId) return null;
  return (
    <section className="card card--padded form" aria-labelledby="support-title">
      <h2 id="support-title" className="card__title">
        Support
      </h2>
      <label className="choice">
        <input
          type="checkbox"
          checked={me.debugPermission}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        <span>Debug permission: let Cairn support change my data while helping me</span>
      </label>
    </section>
  );
}
