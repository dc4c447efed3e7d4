import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toast/toastStore';
import { transaction } from '@/features/review/testing/transaction';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { NeedsReviewList } from './NeedsReviewList';

function page(items: unknown[]) {
  return { transactions: { items, total: items.length, page: 1, limit: 50 } };
}

const unmatched = transaction('s1', { accountId: '41', accountName: 'My Kraken' });
const matched = transaction('s2', {
  accountId: '41',
  accountName: 'My Kraken',
  reviewReason: 'Received 2 days later with a high fee',
  linkedTransactionId: 'r9',
  linkConfidence: '0.62',
});
const receive = transaction('r1', { accountId: '55', accountName: 'Ledger', reviewReason: 'No matching send' }, 'INFLOW');

describe('Needs review', () => {
  beforeEach(() => toast.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("lists the account's flagged legs with their reason, link and confidence (filter has:review, 50 a page)", async () => {
    const fetchMock = mockFetch({ transactions: () => page([unmatched, matched]) });
    renderWithProviders(<NeedsReviewList accountId="41" />);
    const items = await screen.findAllByTestId('review-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByTestId('review-reason')).toHaveTextContent('No matching receive in your other accounts');
    expect(within(items[0]).getByRole('button', { name: 'Link' })).toBeInTheDocument();
    expect(within(items[1]).getByTestId('review-linked')).toHaveTextContent('Linked to transaction r9 · Confidence 62%');
    expect(within(items[1]).getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
    expect(fetchMock.calls[0].variables).toEqual({ page: 1, limit: 50, needsReview: true, accountId: '41' });
    expect(screen.getByRole('heading', { name: /Needs review/ })).toHaveTextContent('Needs review 2');
  });

  it('unlinks a matched pair as send and receive', async () => {
    const fetchMock = mockFetch({
      transactions: () => page([matched]),
      unlinkTransfer: () => ({ unlinkTransfer: { success: true, error: null, errorMessage: null } }),
    });
    renderWithProviders(<NeedsReviewList accountId="41" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    await screen.findByText('Transfer unlinked.');
    const call = fetchMock.calls.find((c) => c.operationName === 'unlinkTransfer');
    expect(call?.variables).toEqual({ sendTransactionId: 's2', receiveTransactionId: 'r9' });
  });

  it('links an unmatched send to a receive chosen among the legs to review', async () => {
    const fetchMock = mockFetch({
      transactions: (vars) => (vars.accountId ? page([unmatched]) : page([unmatched, receive])),
      linkTransfer: () => ({ linkTransfer: { success: true, error: null, errorMessage: null } }),
    });
    renderWithProviders(<NeedsReviewList accountId="41" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link transfer' });
    const confirm = within(dialog).getByRole('button', { name: 'Link' });
    expect(confirm).toBeDisabled();
    const candidate = await within(dialog).findByRole('radio');
    expect(candidate.closest('label')).toHaveTextContent('Ledger');
    await user.click(candidate);
    await user.click(confirm);
    await screen.findByText('Transfer linked.');
    const call = fetchMock.calls.find((c) => c.operationName === 'linkTransfer');
    expect(call?.variables).toEqual({ sendTransactionId: 's1', receiveTransactionId: 'r1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when there is nothing to review', async () => {
    mockFetch({ transactions: () => page([]) });
    renderWithProviders(<NeedsReviewList accountId="41" />);
    expect(await screen.findByTestId('needs-review-empty')).toBeInTheDocument();
  });
});
