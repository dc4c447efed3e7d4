import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { notifyJobStarted } from '@/lib/events';
import { queryKeys } from '@/lib/queryKeys';

/** Spec 000 §4 add-account success: a toast, the account lists refreshed, and the sync refresh restarted. */
export function useAccountAdded() {
  const queryClient = useQueryClient();
  return (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    notifyJobStarted();
  };
}
