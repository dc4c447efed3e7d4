/** Plans (spec 001 §3): the user's subscription and counts, the plan table, credits, checkout and coupons. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckoutStatusDocument,
  CreateCheckoutSessionDocument,
  CreditsDocument,
  RedeemCouponDocument,
  SubscriptionPlansDocument,
  UnifiedSubscriptionDocument,
  type CheckoutStatusQuery,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { JOB_POLL_MS, pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';

export function useUnifiedSubscription() {
  return useQuery({
    queryKey: queryKeys.unifiedSubscription,
    queryFn: () => request(UnifiedSubscriptionDocument, {}),
  });
}

export function useSubscriptionPlans() {
  return useQuery({
    queryKey: queryKeys.subscriptionPlans,
    queryFn: async () => (await request(SubscriptionPlansDocument, {})).unifiedPlans,
    staleTime: 60 * 60_000,
  });
}

export function useCredits() {
  return useQuery({
    queryKey: queryKeys.credits,
    queryFn: async () => (await request(CreditsDocument, {})).credits,
  });
}

type Checkout = CheckoutStatusQuery['checkoutStatus'];

/** The checkout the provider sent the browser back from, polled until its webhook has given the plan. */
export function useCheckoutStatus(sessionId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.checkoutStatus(sessionId),
    queryFn: async () => {
      const found = (await request(CheckoutStatusDocument, { sessionId: sessionId ?? '' })).checkoutStatus;
      if (found?.completed) void queryClient.invalidateQueries({ queryKey: queryKeys.unifiedSubscription });
      return found;
    },
    enabled: sessionId !== null,
    ...pollEvery<Checkout>(JOB_POLL_MS, { while: (data) => data !== null && !data?.completed, inBackground: true }),
  });
}

export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: async (plan: string) => (await request(CreateCheckoutSessionDocument, { plan })).createCheckoutSession,
  });
}

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await request(RedeemCouponDocument, { code })).redeemCoupon,
    onSuccess: (answer) => {
      if (!answer.success) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.unifiedSubscription });
      void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    },
  });
}
