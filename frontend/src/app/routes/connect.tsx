import { RedirectStart } from '@/features/linking/components/RedirectConnect';

/** /connect/{provider}: the full-page start of a redirect connection (Coinbase, Coinjar, Uphold). */
export default function ConnectRoute() {
  return <RedirectStart />;
}
