import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { EVENTS, trackEvent } from '@/lib/analytics';
import { notifyJobStarted } from '@/lib/events';
import { queryKeys } from '@/lib/queryKeys';

/** Spec 000 §4 add-account success: a toast, the account lists refreshed, the sync refresh restarted, and
 * 'Wallet Added' sent (spec 001 §9). */
export function useAccountAdded() {
  const queryClient = useQueryClient();
  return (message: string) => {
    toast.success(message);
    trackEvent(EVENTS.walletAdded);
    void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    notifyJobStarted();
  };
}
