/**
 * The feedback prompt (spec 001 §4, §6, §9) as a pure state machine.
 * Step 0 asks whether the user enjoys the product: Yes → step 4 (the review site's rating link), No →
 * step 2 (free-text feedback). Step 1, where tax pros start, is the 0–10 recommend scale: 7 or below (a
 * detractor) → step 2, 8 or more → step 4 with the rating submitted without a message. Submitting
 * feedback → step 3 (thanks), hidden 5 seconds later. Dismissing hides it and is remembered locally; with
 * that flag set, a rating hides the prompt instead of moving on.
 */
export type PromptStep = 0 | 1 | 2 | 3 | 4;

export const MAX_RATING = 10;
export const DETRACTOR_MAX = 7;
export const THANKS_HIDE_MS = 5_000;
export const ACCOUNT_AGE_DAYS = 30;
export const DISMISSED_KEY = 'feedback_prompt_dismissed';
/** Where the prompt may show: main (home, dashboard), tax, wallets and tax-pro pages. */
const PAGES = [/^\/(home|dashboard)\/?$/, /^\/tax(\/|$)/, /^\/wallets(\/|$)/, /^\/tax-pros(\/|$)/];

export interface PromptState {
  step: PromptStep;
  visible: boolean;
  rating: number | null; // a detractor's rating, sent with their message
}

export type PromptEvent =
  | { type: 'enjoy'; yes: boolean }
  | { type: 'rate'; rating: number }
  | { type: 'submitted' }
  | { type: 'dismiss' }
  | { type: 'hide' };

/** What the prompt sends when it moves: a rating alone (a promoter at step 1). */
export interface PromptEffect {
  submit?: { rating: number };
}

export function initialState(isTaxPro: boolean): PromptState {
  return { step: isTaxPro ? 1 : 0, visible: true, rating: null };
}

export function transition(state: PromptState, event: PromptEvent, dismissed: boolean): [PromptState, PromptEffect] {
  switch (event.type) {
    case 'enjoy':
      return [{ ...state, step: event.yes ? 4 : 2 }, {}];
    case 'rate': {
      const rating = Math.max(0, Math.min(MAX_RATING, Math.round(event.rating)));
      if (rating <= DETRACTOR_MAX) return [{ ...state, step: 2, rating, visible: !dismissed }, {}];
      return [{ ...state, step: 4, rating: null, visible: !dismissed }, { submit: { rating } }];
    }
    case 'submitted':
      return [{ ...state, step: 3 }, {}];
    case 'dismiss':
    case 'hide':
      return [{ ...state, visible: false }, {}];
  }
}

/** Spec 001 §6: signed-in users whose account is over 30 days old (the server says), on the pages above. */
export function promptAllowed(pathname: string, accountDue: boolean, dismissed: boolean): boolean {
  return accountDue && !dismissed && PAGES.some((page) => page.test(pathname));
}
