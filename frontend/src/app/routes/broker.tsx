import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { customWalletPath } from '@/config/paths';
import { useAccount } from '@/lib/accounts/useAccount';
import { ImportForm } from '@/features/account-import/components/ImportForm';
import { useDemoAccountId } from '@/features/broker/api/useBroker';
import { DemoTransactionForm } from '@/features/broker/components/DemoTransactionForm';
import { RequireBroker } from '@/features/broker/components/RequireBroker';
import { UserOverview } from '@/features/broker/components/UserOverview';
import { UsersOverview } from '@/features/broker/components/UsersOverview';

/** /users-overview: the broker portal's home. */
export function UsersOverviewRoute() {
  return (
    <RequireBroker>
      <UsersOverview />
    </RequireBroker>
  );
}

/** /users-overview/{userId}: one connected user's deposits, currencies, tax method and pipeline stages. */
export function UserOverviewRoute() {
  return (
    <RequireBroker>
      <UserOverview />
    </RequireBroker>
  );
}

/** /add-deposit (demo only). */
export function AddDepositRoute() {
  return (
    <RequireBroker>
      <DemoTransactionForm kind="deposit" />
    </RequireBroker>
  );
}

/** /add-sell-order (demo only). */
export function AddSellOrderRoute() {
  return (
    <RequireBroker>
      <DemoTransactionForm kind="sell-order" />
    </RequireBroker>
  );
}

/** /upload-csv (demo only): a file into the demo account through the import of any account. */
export function UploadCsvRoute() {
  return (
    <RequireBroker>
      <DemoAccountImport />
    </RequireBroker>
  );
}

function DemoAccountImport() {
  const demo = useDemoAccountId();
  if (demo.isPending) return <PageLoading />;
  if (demo.isError) return <PageLoadFailed title="We couldn't load the demo account" onRetry={() => void demo.refetch()} />;
  const id = demo.data.cbeDemoAccountId;
  if (!id) {
    return (
      <div className="page">
        <div className="empty-state" data-testid="no-demo-account">
          <p className="empty-state__title">The demo account is empty</p>
          <p className="empty-state__text">Add a deposit or reset the demo account first.</p>
        </div>
      </div>
    );
  }
  return <DemoAccount id={id} />;
}

function DemoAccount({ id }: { id: string }) {
  const account = useAccount(id);
  if (account.isPending) return <PageLoading />;
  const found = account.data?.account;
  if (account.isError || !found) {
    return <PageLoadFailed title="We couldn't load the demo account" onRetry={() => void account.refetch()} />;
  }
  return <ImportForm account={found} accountPath={customWalletPath(found.id)} />;
}
