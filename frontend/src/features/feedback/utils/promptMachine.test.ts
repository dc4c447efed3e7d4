import { describe, expect, it } from 'vitest';
import { initialState, promptAllowed, transition, type PromptState } from './promptMachine';

const shown = (step: PromptState['step'], rating: number | null = null): PromptState => ({ step, visible: true, rating });

describe('the feedback prompt', () => {
  it('starts at step 0, or at step 1 for tax pros', () => {
    expect(initialState(false)).toEqual(shown(0));
    expect(initialState(true)).toEqual(shown(1));
  });

  it('sends Yes to the rating link (4) and No to the free-text step (2)', () => {
    expect(transition(shown(0), { type: 'enjoy', yes: true }, false)).toEqual([shown(4), {}]);
    expect(transition(shown(0), { type: 'enjoy', yes: false }, false)).toEqual([shown(2), {}]);
  });

  it('treats 7 or below as a detractor and submits 8 or more with no message', () => {
    expect(transition(shown(1), { type: 'rate', rating: 7 }, false)).toEqual([shown(2, 7), {}]);
    expect(transition(shown(1), { type: 'rate', rating: 0 }, false)).toEqual([shown(2, 0), {}]);
    expect(transition(shown(1), { type: 'rate', rating: 8 }, false)).toEqual([shown(4), { submit: { rating: 8 } }]);
    expect(transition(shown(1), { type: 'rate', rating: 10 }, false)[1]).toEqual({ submit: { rating: 10 } });
  });

  it('hides on rating when the dismissed flag is set', () => {
    expect(transition(shown(1), { type: 'rate', rating: 9 }, true)[0].visible).toBe(false);
    expect(transition(shown(1), { type: 'rate', rating: 3 }, true)[0].visible).toBe(false);
  });

  it('thanks after submitting, then hides; dismissing hides', () => {
    expect(transition(shown(2), { type: 'submitted' }, false)[0]).toEqual(shown(3));
    expect(transition(shown(3), { type: 'hide' }, false)[0].visible).toBe(false);
    expect(transition(shown(0), { type: 'dismiss' }, false)[0].visible).toBe(false);
  });

  it('shows only on main, tax, wallets and tax-pro pages, for accounts over 30 days, not once dismissed', () => {
    for (const path of ['/home', '/dashboard', '/tax', '/tax/2024', '/wallets', '/wallets/custom/3', '/tax-pros/dashboard']) {
      expect(promptAllowed(path, true, false)).toBe(true);
    }
    for (const path of ['/transactions', '/tax-lots', '/taxes', '/user/profile', '/onboarding/success']) {
      expect(promptAllowed(path, true, false)).toBe(false);
    }
    expect(promptAllowed('/home', false, false)).toBe(false);
    expect(promptAllowed('/home', true, true)).toBe(false);
  });
});
