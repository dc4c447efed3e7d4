import { NavLink } from 'react-router';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { shortenName } from '@/lib/format';
import { useSpamAssets, useToggleSpam } from '@/features/spam-center/api/useSpamAssets';
import { SPAM_CENTER_PAGES, pageOf, reasonOf, type SpamAsset, type SpamCenterPage } from '@/features/spam-center/utils/tabs';
import './spam-center.css';

/** /spam-center/{page}: the tokens of the user's transactions that are spam or suspected of it, with why, and
 * the user's verdict on each. Spam holds no balance or value and is left out of the cost basis. */
export function SpamCenter({ page }: { page: SpamCenterPage }) {
  const query = useSpamAssets();
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageLoadFailed title="The spam center could not be loaded." onRetry={() => void query.refetch()} />;
  const assets = query.data.spamAssets;
  const current = SPAM_CENTER_PAGES.find((known) => known.page === page) ?? SPAM_CENTER_PAGES[0];
  const listed = assets.filter((asset) => pageOf(asset) === page);
  return (
    <div className="page spam-center">
      <header className="page__header">
        <div>
          <h1 className="page__title">Spam center</h1>
          <p className="page__subtitle">
            Tokens marked as spam hold no balance or value and are left out of your cost basis and taxes. Their transactions are kept.
          </p>
        </div>
      </header>
      <nav className="spam-center__tabs" aria-label="Spam center pages">
        {SPAM_CENTER_PAGES.map((known) => (
          <NavLink key={known.page} to={`/spam-center/${known.page}`} className="spam-center__tab">
            {known.label} <span className="badge">{assets.filter((asset) => pageOf(asset) === known.page).length}</span>
          </NavLink>
        ))}
      </nav>
      <section className="card" aria-label={current.label}>
        {listed.length === 0 ? (
          <p className="spam-center__empty muted">{current.empty}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="spam-assets">
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col">Network</th>
                  <th scope="col">Contract</th>
                  <th scope="col">Why</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {listed.map((asset) => (
                  <SpamAssetRow key={asset.id} asset={asset} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function SpamAssetRow({ asset }: { asset: SpamAsset }) {
  const toggle = useToggleSpam();
  const judge = (isSpam: boolean) => toggle.mutate({ assetId: asset.id, symbol: asset.symbol, isSpam });
  return (
    <tr data-testid="spam-asset">
      <th scope="row">
        <span className="spam-center__symbol">{asset.symbol}</span>
        <span className="muted spam-center__name">{asset.name}</span>
      </th>
      <td>{asset.cryptoNetwork ?? '—'}</td>
      <td title={asset.contractAddress ?? undefined}>{asset.contractAddress ? shortenName(asset.contractAddress) : '—'}</td>
      <td className="spam-center__why">{reasonOf(asset)}</td>
      <td className="spam-center__actions">
        {asset.isSpam !== true ? (
          <button type="button" className="button button--small" disabled={toggle.isPending} onClick={() => judge(true)}>
            {asset.isSpam === null ? 'Spam' : 'Mark as spam'}
          </button>
        ) : null}
        {asset.isSpam !== false ? (
          <button type="button" className="button button--small" disabled={toggle.isPending} onClick={() => judge(false)}>
            Not spam
          </button>
        ) : null}
      </td>
    </tr>
  );
}
