import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadStates';
import { toast } from '@/components/toast/toastStore';
import { formatDate } from '@/lib/format';
import { useAllowUserWalletConnectSetting, useConnectedCtUsers } from '@/features/broker/api/useBroker';
import { ExchangeLevelReport } from './ExchangeLevelReport';
import './broker.css';

const SETTINGS_FAILED = 'The settings could not be saved. Try again.';

/** /users-overview: the broker portal's home — the exchange-level report, the connected users with their
 * deposit information, and the broker settings. */
export function UsersOverview() {
  const users = useConnectedCtUsers();
  const settings = useAllowUserWalletConnectSetting();
  const changeAllowConnect = (allow: boolean) =>
    settings.update.mutate(allow, {
      onSuccess: (result) => (result.success ? undefined : toast.error(result.errorMessage ?? SETTINGS_FAILED)),
      onError: () => toast.error(SETTINGS_FAILED),
    });
  useEffect(() => {
    document.title = 'Users overview | Tax Center';
  }, []);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Users overview</h1>
      </header>
      <ExchangeLevelReport />
      <section className="card" aria-labelledby="connected-users-title">
        <div className="card__header">
          <h2 id="connected-users-title" className="card__title">
            Connected users
          </h2>
        </div>
        {users.isError ? <LoadFailed title="We couldn't load the connected users" onRetry={() => void users.refetch()} /> : null}
        {users.data?.connectedCtUsers ? (
          <table className="broker-table" data-testid="connected-users">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Connected</th>
                <th scope="col" className="number">
                  Deposits
                </th>
                <th scope="col">Last deposit</th>
              </tr>
            </thead>
            <tbody>
              {users.data.connectedCtUsers.map((user) => (
                <tr key={user.publicId}>
                  <td>
                    <Link to={`/users-overview/${user.publicId}`}>{user.email}</Link>
                  </td>
                  <td>{formatDate(user.connectedAt)}</td>
                  <td className="number">{user.depositCount}</td>
                  <td>{user.lastDepositAt ? formatDate(user.lastDepositAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <section className="card" aria-labelledby="broker-settings-title">
        <div className="card__header">
          <h2 id="broker-settings-title" className="card__title">
            Settings
          </h2>
        </div>
        <div className="broker-settings">
          <label className="choice">
            <input
              type="checkbox"
              checked={settings.allowed}
              disabled={settings.update.isPending}
              onChange={(event) => changeAllowConnect(event.target.checked)}
            />
            Allow user wallet connect
          </label>
        </div>
      </section>
    </div>
  );
}
