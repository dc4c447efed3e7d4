import { describe, expect, it } from 'vitest';
import { BROKER_TAX_YEAR, CONSUMER_SIDEBAR, DEMO_SIDEBAR, brokerAccountMenu, menuLayout, taxCenterItems } from './menus';

const BROKER = { enableCbe: true, isBroker: true };
const CBE_USER = { enableCbe: true, isBroker: false };
const NORMAL = { enableCbe: false, isBroker: false };

describe('the three menu layouts (spec 001 §2)', () => {
  it('gives a broker the broker portal unless they chose the consumer view', () => {
    expect(menuLayout(BROKER, null)).toBe('broker-portal');
    expect(menuLayout(BROKER, 'broker')).toBe('broker-portal');
    expect(menuLayout(BROKER, 'consumer')).toBe('consumer-view');
  });

  it('has view modes only with enableCbe, and no broker portal without isBroker', () => {
    expect(menuLayout(NORMAL, 'broker')).toBe('normal');
    expect(menuLayout({ enableCbe: false, isBroker: true }, 'broker')).toBe('normal');
    expect(menuLayout(null, 'broker')).toBe('normal');
    expect(menuLayout(CBE_USER, 'broker')).toBe('consumer-view');
  });
});

describe('the Tax Center top bar', () => {
  it('labels Wallets Connect and shows it only when the broker allows user wallet connect', () => {
    expect(taxCenterItems(false).map((item) => item.label)).toEqual(['Home', 'Tax Lots']);
    expect(taxCenterItems(true).map((item) => [item.label, item.to])).toEqual([
      ['Home', '/users-overview'],
      ['Connect', '/wallets'],
      ['Tax Lots', '/tax-lots'],
    ]);
  });

  it('has the Tax Lots menu: Available Lots, Disposed Lots, Tax Loss Harvest', () => {
    const lots = taxCenterItems(false).find((item) => item.label === 'Tax Lots');
    expect(lots?.items?.map((item) => [item.label, item.to])).toEqual([
      ['Available Lots', '/tax-lots'],
      ['Disposed Lots', '/disposed-lots'],
      ['Tax Loss Harvest', '/tax-loss-harvest'],
    ]);
  });
});

describe('the broker mode account menu', () => {
  const labels = (user: typeof BROKER, layout: Parameters<typeof brokerAccountMenu>[1]) =>
    brokerAccountMenu(user, layout).map((entry) => entry.label);

  it('switches to the other portal, then Settings, Sign out and Reset demo account', () => {
    expect(labels(BROKER, 'broker-portal')).toEqual(['Switch to User Portal', 'Settings', 'Sign out', 'Reset demo account']);
    expect(labels(BROKER, 'consumer-view')).toEqual(['Switch to Broker Portal', 'Settings', 'Sign out', 'Reset demo account']);
  });

  it('gives a user with only enableCbe neither a switch nor a reset', () => {
    expect(labels(CBE_USER, 'consumer-view')).toEqual(['Settings', 'Sign out']);
  });
});

describe('the consumer view sidebar', () => {
  it('opens taxes on the broker tax year, 2025, and has the demo-only group', () => {
    expect(BROKER_TAX_YEAR).toBe(2025);
    expect(CONSUMER_SIDEBAR.find((item) => item.label.startsWith('Taxes'))).toEqual({ label: 'Taxes 2025', to: '/tax/2025' });
    expect(DEMO_SIDEBAR.map((item) => item.label)).toEqual(['Upload CSV', 'Add sell order', 'Add deposit', 'Cost basis method']);
  });
});
