import { AddWalletsModal } from '@/features/integrations/components/AddWalletsModal';
import { LinkForm } from '@/features/linking/components/LinkForm';
import { linkFormOf } from '@/features/linking/utils/forms';
import { NeedsReviewList } from '@/features/review/components/NeedsReviewList';
import { Wallets } from '@/features/wallets/components/Wallets';

/** /wallets/{walletType?}/{walletId?}: the wallets lists, the add-wallets modal with its linking forms, and a selected wallet's review list. */
export default function WalletsRoute() {
  return (
    <Wallets
      addWallets={(onImported) => (
        <AddWalletsModal
          onImported={onImported}
          syncForm={(integration, onLinked) =>
            linkFormOf(integration) ? <LinkForm key={integration.slug} integration={integration} onLinked={onLinked} /> : null
          }
        />
      )}
      accountReview={(accountId) => <NeedsReviewList accountId={accountId} />}
    />
  );
}
