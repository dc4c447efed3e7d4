import { LoadFailed } from '@/components/LoadStates';
import { useCatalogue } from '@/features/public-site/api/useCatalogue';
import { catalogueEntries, type CatalogueCategory } from '@/features/public-site/utils/catalogue';

/** The integration catalogue as a directory, all of it or one category (exchange and wallet landings). */
export function CatalogueList({ category }: { category?: CatalogueCategory }) {
  const catalogue = useCatalogue();
  if (catalogue.isError) {
    return <LoadFailed title="Integrations could not be loaded" onRetry={() => void catalogue.refetch()} />;
  }
  return (
    <ul className="public-directory" data-testid="integrations-directory" aria-busy={catalogue.isPending}>
      {catalogueEntries(catalogue.data ?? [], category).map((integration) => (
        <li key={`${integration.category}/${integration.slug}`}>
          {integration.name}
          {category ? null : <span className="public-note">{integration.category.toLowerCase()}</span>}
        </li>
      ))}
    </ul>
  );
}
