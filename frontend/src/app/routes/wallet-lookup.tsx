import { useParams } from 'react-router';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { WalletCheck } from '@/features/wallet-lookup/components/WalletCheck';

/** /wallet and /wallet/{nameOrSymbol} (spec 001 §2): the wallet check, its coin preset by the path. */
export function WalletLookupRoute() {
  const nameOrSymbol = useParams().nameOrSymbol;
  usePageMeta({
    title: nameOrSymbol ? `${nameOrSymbol} wallet balance lookup` : PAGE_META.walletLookup.title,
    description: PAGE_META.walletLookup.description,
  });
  return (
    <main className="wallet-lookup-page" data-testid="wallet-lookup-page">
      <h1>Crypto wallet lookup</h1>
      <p>See the balance of a public blockchain address, without signing up.</p>
      <WalletCheck key={nameOrSymbol} initialCoin={nameOrSymbol} />
    </main>
  );
}

/** The landing wallet check (spec 001 §1, §2): under the public home's content. */
export function LandingWalletCheck() {
  return (
    <div className="wallet-lookup-page" data-testid="landing-wallet-check">
      <WalletCheck />
    </div>
  );
}
