import { useState } from 'react';
import { useIntegrationSearch } from '@/features/integrations/api/useIntegrationSearch';
import { useDebouncedValue } from '@/features/integrations/hooks/useDebouncedValue';
import type { Integration } from '@/features/integrations/utils/integration';
import { IntegrationGrid } from './IntegrationGrid';

export const SEARCH_HINT =
  'Search for an integration or paste your wallet address or ENS domain or xPub key into the field below.';

/** Search and the grid of integrations, or No results found with Upload CSV. */
export function IntegrationPicker({ onPick, onUploadCsv }: { onPick: (integration: Integration) => void; onUploadCsv: () => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const { loading, results } = useIntegrationSearch(debounced);
  return (
    <div className="integration-picker">
      <p className="integration-picker__hint" id="add-wallets-hint">
        {SEARCH_HINT}
      </p>
      <div className="search">
        <span className="search__icon" aria-hidden="true">⌕</span>
        <input
          className="input search__input"
          type="search"
          placeholder="Search..."
          aria-label="Search integrations"
          aria-describedby="add-wallets-hint"
          data-testid="integration-search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoFocus
        />
      </div>
      {!loading && results.length === 0 ? (
        <div className="empty-state" data-testid="integration-no-results">
          <p className="empty-state__title">No results found</p>
          <p className="empty-state__text">
            We haven't found the integration you're looking for. You can upload a CSV file instead.
          </p>
          <button type="button" className="button button--primary" onClick={onUploadCsv}>
            Upload CSV
          </button>
        </div>
      ) : (
        <IntegrationGrid loading={loading} integrations={results} onSelect={onPick} />
      )}
    </div>
  );
}
