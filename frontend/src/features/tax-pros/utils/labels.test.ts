import { describe, expect, it } from 'vitest';
import { inviteLabel, ROLE_LABELS } from './labels';

describe('tax-pro labels', () => {
  it('says what each incoming invite asks', () => {
    expect(inviteLabel('CLIENT_TAX_PRO', 'CLIENT', null)).toBe('Work on their books as their tax professional');
    expect(inviteLabel('CLIENT_TAX_PRO', 'TAX_PRO', null)).toBe('Let them work on your books');
    expect(inviteLabel('TAX_FIRM', 'TAX_PRO', 'Ledger & Co')).toBe('Join the firm Ledger & Co');
    expect(ROLE_LABELS.TAX_FIRM_ADMIN).toBe('Firm admin');
  });
});
