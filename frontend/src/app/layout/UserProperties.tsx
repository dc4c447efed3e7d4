import { useEffect, useSyncExternalStore } from 'react';
import { readConsent, saveUserProperties, subscribeConsent } from '@/lib/analytics';
import { useUserInfo } from '@/lib/user';
import { useOnboardingStatus } from '@/features/onboarding/api/useOnboarding';
import { useUnifiedSubscription } from '@/features/plans/api/usePlans';

/**
 * Sends the signed-in user's properties (`/save_user_properties`, spec 001 §7) once they are known: the
 * cohorts spec 001 §9 names, country and plan. Not while viewing as someone, whose id is not the session's.
 */
export function UserProperties() {
  const consent = useSyncExternalStore(subscribeConsent, readConsent, () => null);
  const me = useUserInfo().data?.me;
  const viewing = Boolean(me?.viewAsUserId || me?.isTaxProViewingClient);
  const country = useOnboardingStatus(!viewing).data?.onboardingStatus.country;
  const plan = useUnifiedSubscription().data?.unifiedSubscription.subscriptionPlan.internalName;
  useEffect(() => {
    if (!me || viewing || country === undefined || plan === undefined) return;
    saveUserProperties(me.publicId, { country, plan });
  }, [me, viewing, country, plan, consent]);
  return null;
}
