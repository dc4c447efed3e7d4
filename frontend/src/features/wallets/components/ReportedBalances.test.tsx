import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportedBalances } from './ReportedBalances';

const ETH = { symbol: 'ETH', uaid: 'crypto_eth' };
const USDC = { symbol: 'USDC', uaid: 'blockchain_ethereum_0xa0b8' };

describe('Reported against calculated balances', () => {
  it('marks only the asset whose difference is significant', () => {
    render(
      <ReportedBalances
        wallet={{
          name: 'Hot ETH',
          reportedBalances: [
            { balance: '1.7', calculatedBalance: '0.7', isBalanceDifferenceSignificant: true, currency: ETH },
            { balance: '2000', calculatedBalance: '2000', isBalanceDifferenceSignificant: false, currency: USDC },
          ],
        }}
      />,
    );
    const [eth, usdc] = screen.getAllByTestId('reported-balance-row');
    expect(eth).toHaveAttribute('data-significant', 'true');
    expect(within(eth!).getByText('Differs')).toBeInTheDocument();
    expect(within(eth!).getByRole('rowheader')).toHaveTextContent('ETH');
    expect(usdc).toHaveAttribute('data-significant', 'false');
    expect(within(usdc!).queryByText('Differs')).not.toBeInTheDocument();
  });

  it('shows nothing for a wallet whose chain has reported nothing yet', () => {
    const { container } = render(<ReportedBalances wallet={{ name: 'New', reportedBalances: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
