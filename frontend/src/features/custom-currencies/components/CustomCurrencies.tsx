import { useState } from 'react';
import { LoadFailed, PageLoading } from '@/components/LoadStates';
import { Pager } from '@/components/Pager';
import type { UserAssetFieldsFragment } from '@/gql/graphql';
import { USER_ASSETS_PAGE_SIZE, useUserAssets } from '@/features/custom-currencies/api/useUserAssets';
import { UserAssetDialog } from './UserAssetDialog';
import './custom-currencies.css';

/** Which dialog is open: none, adding, or editing one currency. */
type Editing = null | 'new' | UserAssetFieldsFragment;

/** /currencies/custom (spec 001 §2): the user's own tokens, those imports could not identify and those they
 * added, searched and paged, each with its description and the price in US dollars that values it today. */
export function CustomCurrencies() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const assets = useUserAssets(search, page);
  if (assets.isPending) return <PageLoading />;
  return (
    <div className="page custom-currencies">
      <header className="page__header">
        <div>
          <h1 className="page__title">Custom currencies</h1>
          <p className="page__subtitle">
            Tokens Cairn could not identify are imported as custom currencies. Give each a name, a description and a price in US dollars: the price
            values it today wherever Cairn has no market price.
          </p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Add custom currency
        </button>
      </header>
      <section className="card">
        <div className="card__header">
          <label className="custom-currencies__search">
            Search custom currencies
            <input
              className="input"
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </label>
        </div>
        {assets.isError ? (
          <LoadFailed title="Your custom currencies could not be loaded." onRetry={() => void assets.refetch()} />
        ) : (
          <UserAssetTable items={assets.data.userAssets.items} searching={search.trim() !== ''} onEdit={setEditing} />
        )}
        {assets.data ? (
          <Pager label="Custom currency pages" page={page} limit={USER_ASSETS_PAGE_SIZE} total={assets.data.userAssets.total} onPage={setPage} />
        ) : null}
      </section>
      {editing ? <UserAssetDialog asset={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function UserAssetTable({
  items,
  searching,
  onEdit,
}: {
  items: readonly UserAssetFieldsFragment[];
  searching: boolean;
  onEdit: (asset: UserAssetFieldsFragment) => void;
}) {
  if (items.length === 0) {
    return <p className="muted custom-currencies__empty">{searching ? 'No custom currency matches.' : 'You have no custom currencies yet.'}</p>;
  }
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="user-assets">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Price (USD)
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((asset) => (
            <tr key={asset.id} data-testid="user-asset">
              <th scope="row">{asset.symbol}</th>
              <td>{asset.name}</td>
              <td className="custom-currencies__text">{asset.description ?? '—'}</td>
              <td className="num">{asset.priceUsd === null ? '—' : `$${asset.priceUsd}`}</td>
              <td className="custom-currencies__actions">
                <button type="button" className="button button--small" aria-label={`Edit ${asset.symbol}`} onClick={() => onEdit(asset)}>
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
