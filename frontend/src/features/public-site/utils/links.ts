/**
 * Where the public site's external links go (spec 001 §2: /support and the Support and Help center links
 * are the external help centre). Each is a build setting (`VITE_…` in the environment of `npm run build`,
 * read by Vite at build time); the defaults are the product's own addresses.
 */
const env = import.meta.env;

function setting(value: string | undefined, fallback: string): string {
  return value?.trim() ? value.trim() : fallback;
}

export const HELP_CENTER_URL = setting(env.VITE_HELP_CENTER_URL, 'https://help.cairn.tax');
export const STATUS_URL = setting(env.VITE_STATUS_URL, 'https://status.cairn.tax');
export const SOCIAL_LINKS: readonly { label: string; href: string }[] = [
  { label: 'X', href: setting(env.VITE_SOCIAL_X_URL, 'https://x.com/cairntax') },
  { label: 'Reddit', href: setting(env.VITE_SOCIAL_REDDIT_URL, 'https://www.reddit.com/r/cairntax') },
  { label: 'LinkedIn', href: setting(env.VITE_SOCIAL_LINKEDIN_URL, 'https://www.linkedin.com/company/cairntax') },
  { label: 'Facebook', href: setting(env.VITE_SOCIAL_FACEBOOK_URL, 'https://www.facebook.com/cairntax') },
  { label: 'YouTube', href: setting(env.VITE_SOCIAL_YOUTUBE_URL, 'https://www.youtube.com/@cairntax') },
];
export const APP_STORE_URL = setting(env.VITE_APP_STORE_URL, 'https://apps.apple.com/app/cairn');
export const PLAY_STORE_URL = setting(
  env.VITE_PLAY_STORE_URL,
  'https://play.google.com/store/apps/details?id=tax.cairn',
);
