import type { TransactionType } from '@/gql/graphql';

/** Every transaction type with its label; a Record, so a type added to the schema fails the typecheck here. */
export const TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  ADD_LIQUIDITY: 'Add liquidity',
  AIRDROP: 'Airdrop',
  BRIDGE: 'Bridge',
  BUY: 'Buy',
  CASHBACK: 'Cashback',
  CONTRACT_INTERACTION: 'Contract interaction',
  DEPOSIT: 'Deposit',
  DONATION: 'Donation',
  FEE: 'Fee',
  FEE_REBATE: 'Fee rebate',
  FIAT_DEPOSIT: 'Fiat deposit',
  FIAT_WITHDRAWAL: 'Fiat withdrawal',
  FORK: 'Fork',
  FUNDING_FEE: 'Funding fee',
  FUTURES_LOSS: 'Futures loss',
  FUTURES_PROFIT: 'Futures profit',
  GIFT_RECEIVED: 'Gift received',
  GIFT_SENT: 'Gift sent',
  INCOME: 'Income',
  INTEREST: 'Interest',
  LENDING_DEPOSIT: 'Lending deposit',
  LENDING_WITHDRAWAL: 'Lending withdrawal',
  LINKED_TRADE: 'Linked trade',
  LIQUIDATION: 'Liquidation',
  LIQUIDITY_REWARD: 'Liquidity reward',
  LOAN_BORROW: 'Loan borrow',
  LOAN_REPAYMENT: 'Loan repayment',
  LOST: 'Lost',
  MARGIN_FEE: 'Margin fee',
  MARGIN_LOSS: 'Margin loss',
  MARGIN_PROFIT: 'Margin profit',
  MARGIN_TRADE: 'Margin trade',
  MINING_REWARD: 'Mining reward',
  MULTI_OPERATION_TRANSACTION: 'Multi-operation transaction',
  NETWORK_FEE: 'Network fee',
  NFT_MINT: 'NFT mint',
  NFT_PURCHASE: 'NFT purchase',
  NFT_SALE: 'NFT sale',
  REALIZED_PNL: 'Realized P&L',
  RECEIVE: 'Receive',
  REFERRAL_REWARD: 'Referral reward',
  REMOVE_LIQUIDITY: 'Remove liquidity',
  REWARD: 'Reward',
  SELL: 'Sell',
  SEND: 'Send',
  SPAM: 'Spam',
  STAKE: 'Stake',
  STAKING_REWARD: 'Staking reward',
  STOLEN: 'Stolen',
  TRADE: 'Trade',
  TRADE_FEE: 'Trade fee',
  TRANSFER: 'Transfer',
  UNKNOWN: 'Uncategorized',
  UNSTAKE: 'Unstake',
  UNWRAP: 'Unwrap',
  WITHDRAWAL: 'Withdrawal',
  WRAP: 'Wrap',
};

export const TRANSACTION_TYPES = Object.keys(TYPE_LABELS) as TransactionType[];

export function typeLabel(type: string): string {
  return TYPE_LABELS[type as TransactionType] ?? type;
}

const CONVERSIONS = ['WRAP', 'UNWRAP', 'STAKE', 'UNSTAKE', 'ADD_LIQUIDITY', 'REMOVE_LIQUIDITY'] satisfies TransactionType[];
/** Conversions the user may call taxable (a trade) or not (a carry of the basis and dates into the new asset). */
export const CONVERSION_TYPES: readonly string[] = CONVERSIONS;

/** Types whose taxability the user may set: a receive (income or not), rewards and conversions (vocabulary/taxability.py). */
export const TAXABILITY_TYPES: readonly string[] = [
  ...CONVERSIONS,
  'RECEIVE',
  'STAKING_REWARD',
  'MINING_REWARD',
  'AIRDROP',
  'INTEREST',
  'INCOME',
  'FORK',
  'REWARD',
  'REFERRAL_REWARD',
  'LIQUIDITY_REWARD',
] satisfies TransactionType[];
