/** The tax-pro header's external destinations (spec 001 §2 "Tax pro header"): placeholders until the
 * product has its own feature board, upgrade form and support desk for tax professionals. */
export const REQUEST_FEATURE_URL = 'https://cairn.example/tax-pros/request-a-feature';
export const UPGRADE_ACCOUNT_URL = 'https://cairn.example/tax-pros/upgrade';
export const TAX_PRO_SUPPORT_URL = 'https://cairn.example/tax-pros/support';

/** The tax pro's area. */
export const TAX_PRO_DASHBOARD = '/tax-pros/dashboard';
/** Where a pro leaves a client's books: the server ends the session switch and opens the dashboard. */
export const STOP_VIEWING_CLIENT = '/tax-pros/view-client/stop';
export const VIEW_CLIENT = '/tax-pros/view-client';
