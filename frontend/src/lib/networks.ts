/** Chain names as the API expects them (spec 000 §3): lowercased, runs of non-word characters → hyphens. */
export function normalizeNetwork(name: string | null | undefined): string {
  return (name ?? '').toLowerCase().replace(/\W+/g, '-').replace(/^-+|-+$/g, '');
}
