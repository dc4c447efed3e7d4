/** Integration helpers: the generic CSV pseudo-integration, sync-method flags, tab labels. */
import type { IntegrationFieldsFragment } from '@/gql/graphql';
import { DEFAULT_FILE_FORMATS } from '@/lib/upload/messages';

export type Integration = IntegrationFieldsFragment;

/** The product-branded CSV name. */
export const BRANDED_CSV_NAME = 'Cairn CSV';
export const GENERIC_CSV_SLUG = 'csv';
const GENERIC_SLUGS = new Set(['csv', 'csv-file-import', 'csv_file_import', 'csv file import']);

export const SYNC_METHODS = {
  AUTOMATIC: 'Automatic sync',
  CUSTOM_FILE: 'Custom file',
  BRANDED_CSV: BRANDED_CSV_NAME,
  AUTOMATIC_AND_FILE: 'Automatic sync and custom file',
} as const;

export const GENERIC_CSV_INTEGRATION: Integration = {
  slug: GENERIC_CSV_SLUG,
  name: BRANDED_CSV_NAME,
  rank: Number.MAX_SAFE_INTEGER,
  category: 'File',
  syncMethod: SYNC_METHODS.BRANDED_CSV,
  formId: '',
  imageUrl: '/icons/csv-file-import.svg',
  isDisabled: false,
  supportsHdWallet: false,
  instructions: '',
  websiteUrl: null,
  info: {
    symbol: null,
    cryptoNetwork: null,
    isEvmChain: false,
    supportedCryptoNetworks: [],
    isInstitutional: false,
    supportedFileFormats: [...DEFAULT_FILE_FORMATS],
  },
};

export function isGenericCsv(integration: Pick<Integration, 'slug'>): boolean {
  return GENERIC_SLUGS.has(integration.slug.toLowerCase());
}

export function supportsAutomaticSync(integration: Integration): boolean {
  return integration.syncMethod === SYNC_METHODS.AUTOMATIC || integration.syncMethod === SYNC_METHODS.AUTOMATIC_AND_FILE;
}

export function supportsOwnFile(integration: Integration): boolean {
  return integration.syncMethod === SYNC_METHODS.CUSTOM_FILE || integration.syncMethod === SYNC_METHODS.AUTOMATIC_AND_FILE;
}

/** The CSV tab reads Custom file when the integration supports both, the branded CSV name otherwise. */
export function csvTabLabel(integration: Integration): string {
  return integration.syncMethod === SYNC_METHODS.AUTOMATIC_AND_FILE ? SYNC_METHODS.CUSTOM_FILE : BRANDED_CSV_NAME;
}

/** Files in the integration's own export format are not generic; everything else uses the branded CSV. */
export function isGenericImport(integration: Integration): boolean {
  return isGenericCsv(integration) || !supportsOwnFile(integration);
}

export function acceptedFormats(integration: Integration): string[] {
  const formats = integration.info.supportedFileFormats;
  return formats.length ? formats : [...DEFAULT_FILE_FORMATS];
}

/** Ordered by rank (lowest first; a wallet-connect integration defaults to -1000), name breaks ties. */
export function sortByRank<T extends Pick<Integration, 'rank' | 'name'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
}

/** The generic CSV integration: the server's entry when it lists one (its slug is sent as accountTypeSlug). */
export function genericCsvIntegration(items: readonly Integration[] = []): Integration {
  const server = items.find(isGenericCsv);
  return server ? { ...GENERIC_CSV_INTEGRATION, ...server } : GENERIC_CSV_INTEGRATION;
}

/** Server integrations minus any generic CSV entry, ranked, with the CSV pseudo-integration last. */
export function withCsvLast(items: readonly Integration[], all: readonly Integration[] = items): Integration[] {
  const ranked = sortByRank(items.filter((item) => !isGenericCsv(item)));
  return [...ranked, genericCsvIntegration(all)];
}
