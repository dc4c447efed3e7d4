/** Where the public site's external links go (spec 001 §2: support is the external help centre). */
export const HELP_CENTER_URL = 'https://help.cairn.tax';
export const STATUS_URL = 'https://status.cairn.tax';
export const SOCIAL_LINKS: readonly { label: string; href: string }[] = [
  { label: 'X', href: 'https://x.com/cairntax' },
  { label: 'Reddit', href: 'https://www.reddit.com/r/cairntax' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/cairntax' },
  { label: 'Facebook', href: 'https://www.facebook.com/cairntax' },
  { label: 'YouTube', href: 'https://www.youtube.com/@cairntax' },
];
export const APP_STORE_URL = 'https://apps.apple.com/app/cairn';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=tax.cairn';
