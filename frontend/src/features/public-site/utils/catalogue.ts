/** The integration categories of the catalogue (vocabulary IntegrationCategory). */
export type CatalogueCategory = 'Exchange' | 'Wallet' | 'Blockchain';

export interface CatalogueEntry {
  readonly slug: string;
  readonly name: string;
  readonly category: string;
}

/** The directory's entries, one category or all, by name. */
export function catalogueEntries(
  entries: readonly CatalogueEntry[],
  category?: CatalogueCategory,
): CatalogueEntry[] {
  return entries
    .filter((entry) => category === undefined || entry.category === category)
    .sort((a, b) => a.name.localeCompare(b.name) || a.category.localeCompare(b.category));
}
