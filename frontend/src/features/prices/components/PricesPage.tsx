import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadStates';
import { Pager } from '@/components/Pager';
import type { CoinPriceFieldsFragment } from '@/gql/graphql';
import { useSignedIn } from '@/lib/session';
import { PRICES_PAGE_SIZE, useCoinPrices, useToggleWatchlist, useWatchlist } from '@/features/prices/api/usePrices';
import { PRICES_VIEWS, type PricesView } from '@/features/prices/utils/views';
import { PriceTable, type WatchToggle } from './PriceTable';
import { PricesNav } from './PricesNav';
import './prices.css';

/** The signed-in visitor's stars; undefined signed out (no stars are shown). */
function useWatchToggle(): WatchToggle | undefined {
  const signedIn = useSignedIn();
  const watchlist = useWatchlist(signedIn);
  const toggle = useToggleWatchlist();
  if (!signedIn) return undefined;
  return {
    watched: new Set(watchlist.data?.watchlistPrices.items.map((coin) => coin.symbol) ?? []),
    onToggle: (symbol) => toggle.mutate(symbol),
    pending: toggle.isPending || watchlist.isFetching,
  };
}

function Rankings({ view, watch }: { view: PricesView; watch: WatchToggle | undefined }) {
  const info = PRICES_VIEWS[view];
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const limit = info.top ?? PRICES_PAGE_SIZE;
  const prices = useCoinPrices(info.ranking, search, (page - 1) * limit, limit);
  if (prices.isError) return <LoadFailed title="Prices could not be loaded." onRetry={() => void prices.refetch()} />;
  const found = prices.data?.coinPrices;
  return (
    <>
      {view === 'all' ? (
        <label className="prices-search">
          Search coins
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
      ) : null}
      {found ? <CoinList items={found.items} caption={info.label} watch={watch} /> : <span className="skeleton skeleton--block" aria-busy="true" />}
      {found && !info.top ? <Pager label="Coin pages" page={page} limit={limit} total={found.total} onPage={setPage} /> : null}
      {info.top && found && found.total > info.top ? (
        <p>
          <Link to={PRICES_VIEWS.all.path}>See all {found.total} coins</Link>
        </p>
      ) : null}
    </>
  );
}

function CoinList({ items, caption, watch }: { items: readonly CoinPriceFieldsFragment[]; caption: string; watch: WatchToggle | undefined }) {
  if (items.length === 0) return <p className="empty-state">No coin matches.</p>;
  return <PriceTable items={items} caption={caption} watch={watch} />;
}

function Watchlist({ watch }: { watch: WatchToggle | undefined }) {
  const signedIn = useSignedIn();
  const watchlist = useWatchlist(signedIn);
  if (!signedIn) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">Sign in to keep a watchlist.</p>
        <Link className="button button--primary" to={`/login?next=${encodeURIComponent(PRICES_VIEWS.watchlist.path)}`}>
          Sign in
        </Link>
      </div>
    );
  }
  if (watchlist.isError) return <LoadFailed title="Your watchlist could not be loaded." onRetry={() => void watchlist.refetch()} />;
  const items = watchlist.data?.watchlistPrices.items;
  if (!items) return <span className="skeleton skeleton--block" aria-busy="true" />;
  if (items.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">Your watchlist is empty.</p>
        <p>
          Star coins on <Link to={PRICES_VIEWS.all.path}>all coins</Link> to follow them here.
        </p>
      </div>
    );
  }
  return <PriceTable items={items} caption="Watchlist" watch={watch} />;
}

/** One of the price pages: its heading, the pages' navigation and its table. */
export function PricesPage({ view }: { view: PricesView }) {
  const info = PRICES_VIEWS[view];
  const watch = useWatchToggle();
  return (
    <main className="prices-page" data-testid="prices-page">
      <h1>{info.title}</h1>
      <p className="prices-page__lead">{info.description}</p>
      <PricesNav />
      {info.note ? <p className="prices-page__note">{info.note}</p> : null}
      {view === 'watchlist' ? <Watchlist watch={watch} /> : <Rankings key={view} view={view} watch={watch} />}
    </main>
  );
}
