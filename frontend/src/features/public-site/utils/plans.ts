/**
 * The unified tax plans of spec 001 §1 and §9 as data: the pricing page reads them from here until a plan
 * table exists, which this module then gives way to. Prices are not part of the spec, so none are shown.
 */
export interface PlanCard {
  readonly name: string;
  readonly tiers: readonly string[];
  readonly summary: string;
  readonly features: readonly string[];
}

export const TAX_PLANS: readonly PlanCard[] = [
  {
    name: 'Free',
    tiers: ['Free'],
    summary: 'Track your portfolio and preview your taxes.',
    features: ['Unlimited wallets and exchanges', 'Portfolio tracking', 'Tax report preview'],
  },
  {
    name: 'Base',
    tiers: ['Base', 'Base+'],
    summary: 'For a handful of trades a year.',
    features: ['Tax reports for every year', 'Tax-loss harvesting insight', 'Email support'],
  },
  {
    name: 'Prime',
    tiers: ['Prime', 'Prime+'],
    summary: 'For active traders across many platforms.',
    features: ['Everything in Base', 'Higher transaction limits', 'Priority support'],
  },
  {
    name: 'Ultra',
    tiers: ['Ultra', 'Ultra+'],
    summary: 'For high-volume traders and DeFi users.',
    features: ['Everything in Prime', 'The highest transaction limits', 'Dedicated support'],
  },
  {
    name: 'Full service',
    tiers: ['Full service'],
    summary: 'A tax professional prepares your crypto taxes for you.',
    features: ['Everything in Ultra', 'Review by a tax professional', 'Filing support'],
  },
];

export const PORTFOLIO_PLANS: readonly string[] = ['Basic', 'Premium'];
