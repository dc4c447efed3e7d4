import { AddWalletsModal } from '@/features/integrations/components/AddWalletsModal';
import { NeedsReviewList } from '@/features/review/components/NeedsReviewList';
import { Wallets } from '@/features/wallets/components/Wallets';

/** /wallets/{walletType?}/{walletId?}: the wallets lists, the add-wallets modal, and a selected wallet's review list. */
export default function WalletsRoute() {
  return (
    <Wallets
      addWallets={(onImported) => <AddWalletsModal onImported={onImported} />}
      accountReview={(accountId) => <NeedsReviewList accountId={accountId} />}
    />
  );
}
