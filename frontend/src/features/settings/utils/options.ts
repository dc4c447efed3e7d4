import type { CostBasisMethod, TaxabilityCategory } from '@/gql/graphql';

/** The spec's cost-basis methods (spec 001 §3), as the settings name them. */
export const METHODS: readonly { value: CostBasisMethod; label: string }[] = [
  { value: 'FIFO', label: 'First in, first out (FIFO)' },
  { value: 'LIFO', label: 'Last in, first out (LIFO)' },
  { value: 'HIFO', label: 'Highest in, first out (HIFO)' },
  { value: 'ACB', label: 'Adjusted cost base (ACB, Canada)' },
  { value: 'WAC', label: 'Weighted average cost (WAC)' },
  { value: 'SP', label: 'Share pooling (SP, United Kingdom)' },
];

export function methodLabel(method: string): string {
  return METHODS.find((option) => option.value === method)?.label ?? method;
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The taxability settings (spec 001 §7), what each covers and what turning it off does (analytics/TREATMENTS.md). */
export const TAXABILITY: Record<TaxabilityCategory, { label: string; off: string }> = {
  LENDING: {
    label: 'Lending is taxable',
    off: 'When off, lending deposits and withdrawals are not disposals: what you lend keeps its cost basis and dates.',
  },
  LIQUID_STAKING: {
    label: 'Liquid staking is taxable',
    off: 'When off, staking one asset for another (ETH for stETH) is not a disposal: the new asset keeps the cost basis and dates of what you staked.',
  },
  LIQUIDITY: {
    label: 'Liquidity is taxable',
    off: 'When off, adding tokens to a liquidity pool and removing them are not disposals: the pool token and the tokens you take back keep the cost basis and dates of what you put in.',
  },
  STAKING_REWARDS: {
    label: 'Staking rewards are taxable income',
    off: 'When off, staking rewards are not income: they are acquired at a cost basis of zero.',
  },
  WRAPPING: {
    label: 'Wrapping is taxable',
    off: 'When off, wrapping and unwrapping (ETH for WETH) are not disposals: the wrapped asset keeps the cost basis and dates of what you wrapped.',
  },
};
