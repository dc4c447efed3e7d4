/** The onboarding routes of spec 001 §2, children of /onboarding, in the order the flow walks them. */
export const ONBOARDING_PATH = '/onboarding';

export const FLOW = [
  'joined-welcome',
  'add-wallet',
  'add-another-wallet',
  'feature-introduction-welcome',
  'feature-introduction-taxes',
  'feature-introduction-performance',
  'confirm-settings',
  'success',
] as const;

/** Reached from the success step, outside the main walk. */
export const SIDE_STEPS = ['resolve-transactions', 'file-taxes', 'quiz'] as const;

export type OnboardingStep = (typeof FLOW)[number] | (typeof SIDE_STEPS)[number];

export function isOnboardingStep(step: string | undefined): step is OnboardingStep {
  return (FLOW as readonly string[]).includes(step ?? '') || (SIDE_STEPS as readonly string[]).includes(step ?? '');
}

export function stepPath(step: OnboardingStep): string {
  return `${ONBOARDING_PATH}/${step}`;
}

/** The step after `step` in the walk; the success step and the side steps have none. */
export function nextStep(step: OnboardingStep): OnboardingStep | null {
  const index = (FLOW as readonly string[]).indexOf(step);
  return index < 0 || index === FLOW.length - 1 ? null : FLOW[index + 1];
}

/** Position shown as "Step n of m" within the walk (the success step is the last). */
export function stepNumber(step: OnboardingStep): number | null {
  const index = (FLOW as readonly string[]).indexOf(step);
  return index < 0 ? null : index + 1;
}

/** The countries offered first; any other ISO 3166-1 alpha-2 code may be typed (the server checks it). */
export const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'IE', 'NZ', 'IN', 'JP', 'SG', 'CH'] as const;

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The names of the pages a user may land on (the server's `homePages`), as the sidebar calls them. */
export const HOME_PAGE_LABELS: Readonly<Record<string, string>> = {
  '/home': 'Portfolio',
  '/wallets': 'Wallets',
  '/transactions': 'Transactions',
  '/tax': 'Taxes',
  '/performance': 'Performance',
};

/** Quiz answers and the home page each one chooses (`updateWebAppHomePage`). */
export const QUIZ_ANSWERS = [
  { label: 'Track my portfolio', page: '/home' },
  { label: 'File my crypto taxes', page: '/tax' },
  { label: 'Review my transactions', page: '/transactions' },
  { label: 'Manage my wallets', page: '/wallets' },
] as const;
