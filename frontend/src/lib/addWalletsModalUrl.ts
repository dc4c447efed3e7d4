/**
 * The Add-your-wallets modal is mirrored in the URL (spec 000 §2):
 * - add_integration (present, maybe empty) opens the modal; its value is slug + "_" + category;
 * - csv=true opens the CSV tab of that integration; t=csv opens the generic CSV form and
 *   t=<slug>&csv=true another integration's CSV form;
 * - closing clears the selection, add_integration and public_keys.
 */

export const PARAM_ADD_INTEGRATION = 'add_integration';
export const PARAM_PUBLIC_KEYS = 'public_keys';
export const PARAM_CSV = 'csv';
export const PARAM_T = 't';

export interface ModalSelection {
  open: boolean;
  slug: string | null;
  category: string | null;
  csvTab: boolean;
}

export function integrationParamValue(slug: string, category: string): string {
  return `${slug}_${category.toLowerCase()}`;
}

export function parseIntegrationParam(value: string): { slug: string; category: string | null } | null {
  if (!value) return null;
  const cut = value.lastIndexOf('_');
  if (cut <= 0) return { slug: value, category: null };
  return { slug: value.slice(0, cut), category: value.slice(cut + 1) };
}

export function readModalSelection(params: URLSearchParams): ModalSelection {
  const t = params.get(PARAM_T);
  const csvTab = params.get(PARAM_CSV) === 'true';
  if (t) return { open: true, slug: t, category: null, csvTab: t === 'csv' || csvTab };
  if (!params.has(PARAM_ADD_INTEGRATION)) return { open: false, slug: null, category: null, csvTab: false };
  const parsed = parseIntegrationParam(params.get(PARAM_ADD_INTEGRATION) ?? '');
  return { open: true, slug: parsed?.slug ?? null, category: parsed?.category ?? null, csvTab };
}

function copy(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams(params);
}

/** Open on the list of integrations. */
export function openList(params: URLSearchParams): URLSearchParams {
  const next = copy(params);
  next.delete(PARAM_T);
  next.delete(PARAM_CSV);
  next.set(PARAM_ADD_INTEGRATION, '');
  return next;
}

export function selectIntegration(params: URLSearchParams, slug: string, category: string, csvTab = false): URLSearchParams {
  const next = copy(params);
  next.delete(PARAM_T);
  next.set(PARAM_ADD_INTEGRATION, integrationParamValue(slug, category));
  if (csvTab) next.set(PARAM_CSV, 'true');
  else next.delete(PARAM_CSV);
  return next;
}

export function selectGenericCsv(params: URLSearchParams): URLSearchParams {
  const next = copy(params);
  next.delete(PARAM_ADD_INTEGRATION);
  next.delete(PARAM_CSV);
  next.set(PARAM_T, 'csv');
  return next;
}

export function closeModal(params: URLSearchParams): URLSearchParams {
  const next = copy(params);
  for (const key of [PARAM_ADD_INTEGRATION, PARAM_PUBLIC_KEYS, PARAM_T, PARAM_CSV]) next.delete(key);
  return next;
}
