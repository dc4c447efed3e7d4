import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { LotProof } from './LotProof';

const disposed = {
  id: '77',
  flowId: '30:0',
  transactionId: 'tx-sell',
  type: 'SELL',
  asset: 'ETH',
  lotId: '10:1>21:0',
  originLotId: '10:1',
  transferChain: '21:0',
  acquiredAt: '2022-01-01T10:00:00+00:00',
  disposedAt: '2023-03-01T10:00:00+00:00',
  holdingDays: 424,
  quantity: '1',
  proceeds: '2000',
  costBasis: '500',
  gain: '1500',
  deniedLoss: '0',
  term: 'LONG',
  rule: null,
  callout: null,
};
const step = (lotId: string, accountName: string, at: string, asset = 'ETH') => ({
  lotId,
  flowId: lotId.split('>').at(-1),
  asset,
  transactionId: `tx-${lotId}`,
  at,
  accountId: accountName,
  accountName,
  acquiredAt: '2022-01-01T10:00:00+00:00',
  quantity: '1',
  costBasis: '500',
});

describe('Lot proof', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('traces the slice from the acquisition through its transfer to the disposal, with the rule applied', async () => {
    const fetchMock = mockFetch({
      lotProof: () => ({
        me: { baseCurrency: 'USD' },
        lotProof: {
          method: 'FIFO',
          scope: 'WALLET',
          disposalAccountName: 'Cold',
          disposed,
          steps: [step('10:1', 'Exchange', '2022-01-01T10:00:00+00:00'), step('10:1>21:0', 'Cold', '2022-02-01T10:05:00+00:00')],
        },
      }),
    });
    renderWithProviders(<LotProof flowId="30:0" disposedLotId="77" />);
    const steps = await screen.findAllByTestId('proof-step');
    expect(steps.map((item) => within(item).getByRole('paragraph').textContent)).toEqual(['Acquired in Exchange', 'Transferred to Cold']);
    expect(steps[1]).toHaveTextContent('Carried over from');
    expect(screen.getByTestId('proof-disposal')).toHaveTextContent('Sell in Cold');
    expect(screen.getByTestId('proof-gain')).toHaveTextContent('+$1,500.00');
    expect(screen.getByTestId('proof-rule')).toHaveTextContent('First in, first out (FIFO), among the lots held in the same wallet');
    expect(fetchMock.calls[0].variables).toEqual({ flowId: '30:0', disposedLotId: '77' });
  });

  it('shows a conversion that was no disposal as a step of its own, in the asset it became', async () => {
    mockFetch({
      lotProof: () => ({
        me: { baseCurrency: 'USD' },
        lotProof: {
          method: 'FIFO',
          scope: 'UNIVERSAL',
          disposalAccountName: 'Main wallet',
          disposed: { ...disposed, asset: 'WETH' },
          steps: [
            step('10:1', 'Main wallet', '2022-01-01T10:00:00+00:00'),
            step('10:1>21:1', 'Main wallet', '2022-02-01T10:05:00+00:00', 'WETH'),
          ],
        },
      }),
    });
    renderWithProviders(<LotProof flowId="30:0" disposedLotId="77" />);
    const steps = await screen.findAllByTestId('proof-step');
    expect(steps.map((item) => within(item).getByRole('paragraph').textContent)).toEqual([
      'Acquired in Main wallet',
      'Converted to WETH in Main wallet',
    ]);
    expect(steps[0]).toHaveTextContent('1 ETH');
    expect(steps[1]).toHaveTextContent('1 WETH');
    expect(steps[1]).toHaveTextContent('Carried over from');
  });

  it('says the slice was not found when it is not the user’s', async () => {
    mockFetch({ lotProof: () => ({ me: { baseCurrency: 'USD' }, lotProof: null }) });
    renderWithProviders(<LotProof flowId="30:0" disposedLotId="1" />);
    expect(await screen.findByText(/This disposed lot was not found/)).toBeInTheDocument();
  });
});
