import { AccountImport, type ImportTarget } from '@/features/account-import/components/AccountImport';
import { ForbidViewAs } from '@/features/account-import/components/ForbidViewAs';

/** /accounts/{exchangeId}/import and /custom_wallets/{walletId}/import, closed to a viewer acting as a user. */
export default function AccountImportRoute({ target }: { target: ImportTarget }) {
  return (
    <ForbidViewAs>
      <AccountImport target={target} />
    </ForbidViewAs>
  );
}
