import type { SpamAssetsQuery } from '@/gql/graphql';

export type SpamAsset = SpamAssetsQuery['spamAssets'][number];

/** The spam center's pages (/spam-center/{page}, spec 001 §2): the assets to review, those that are spam, those that are not. */
export const SPAM_CENTER_PAGES = [
  { page: 'to-review', label: 'To review', empty: 'No suspected spam to review.' },
  { page: 'spam', label: 'Spam', empty: 'No assets are marked as spam.' },
  { page: 'not-spam', label: 'Not spam', empty: 'No assets are marked as not spam.' },
] as const;

export type SpamCenterPage = (typeof SPAM_CENTER_PAGES)[number]['page'];

export function isSpamCenterPage(page: string): page is SpamCenterPage {
  return SPAM_CENTER_PAGES.some((known) => known.page === page);
}

/** Which page lists the asset: isSpam null means unresolved (spec 000 §3). */
export function pageOf(asset: Pick<SpamAsset, 'isSpam'>): SpamCenterPage {
  if (asset.isSpam === null) return 'to-review';
  return asset.isSpam ? 'spam' : 'not-spam';
}

/** Why the asset is listed: the heuristic's reason, else the user's own verdict. */
export function reasonOf(asset: Pick<SpamAsset, 'spamReasonText' | 'isSpam'>): string {
  if (asset.spamReasonText) return asset.spamReasonText;
  return asset.isSpam ? 'You marked it as spam.' : 'You marked it as not spam.';
}

export const TOGGLE_FAILED = 'The asset could not be updated. Please try again.';
