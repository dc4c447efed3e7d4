import { CheckoutPage } from '@/features/plans/components/CheckoutPage';
import { ManageSubscriptionPage } from '@/features/plans/components/ManageSubscriptionPage';

/** /subscription/checkout: a checkout at the payment provider, and the way back from it. */
export function CheckoutRoute() {
  return <CheckoutPage />;
}

/** /subscription/manage and /portfolio/subscription/manage. */
export function ManageSubscriptionRoute() {
  return <ManageSubscriptionPage />;
}
