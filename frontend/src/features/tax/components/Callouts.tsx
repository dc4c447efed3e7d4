import { Link } from 'react-router';
import type { TaxYearQuery } from '@/gql/graphql';
import { formatCount } from '@/lib/format';
import { calloutLink } from '@/features/tax/utils/taxYear';

type Counts = TaxYearQuery['taxSummary']['calloutCounts'];

/** What each callout of spec 001 §3 means for the user, and what to do about it. */
const CALLOUTS = [
  {
    type: 'INSUFFICIENT_QUANTITY',
    count: (counts: Counts) => counts.insufficientQuantity,
    title: 'Missing purchase history',
    text: 'More was sold or sent than these wallets held: the missing part counts with a cost basis of zero. Import the wallet or purchase it came from.',
  },
  {
    type: 'MISSING_BALANCE',
    count: (counts: Counts) => counts.missingBalance,
    title: 'Missing balance',
    text: 'A wallet sent or sold more than it held at the time. Import its earlier history, or the transfer that funded it.',
  },
  {
    type: 'MISSING_PRICE_HISTORY',
    count: (counts: Counts) => counts.missingPriceHistory,
    title: 'Missing prices',
    text: 'No price was found for an asset on the day of these transactions, so they count at a value of zero. Enter their value.',
  },
  {
    type: 'UNBALANCED_TRANSACTION',
    count: (counts: Counts) => counts.unbalancedTransaction,
    title: 'Unbalanced transactions',
    text: 'A trade with only one side, or a transfer between your wallets without its other leg. Add what is missing or link the transfer.',
  },
  {
    type: 'VALUE_OUT_OF_BOUNDS',
    count: (counts: Counts) => counts.valueOutOfBounds,
    title: 'Unlikely values',
    text: "The value entered is over 10 times, or under a tenth of, the asset's price that day. Check the amounts, or set the cost basis or proceeds.",
  },
] as const;

/** The year's callouts, each linking to the transactions that carry it; nothing when there are none. */
export function Callouts({ counts, taxYear }: { counts: Counts; taxYear: number }) {
  const shown = CALLOUTS.filter((callout) => callout.count(counts) > 0);
  if (shown.length === 0) {
    return (
      <p className="notice notice--info" data-testid="callouts-none">
        No issues found in this year's transactions.
      </p>
    );
  }
  return (
    <ul className="callouts" aria-label="Issues" data-testid="callouts">
      {shown.map((callout) => (
        <li key={callout.type} className="callout notice notice--warning" data-callout={callout.type}>
          <p className="callout__title">
            {callout.title} · {formatCount(callout.count(counts))} {callout.count(counts) === 1 ? 'transaction' : 'transactions'}
          </p>
          <p className="callout__text">{callout.text}</p>
          <Link to={calloutLink(callout.type, taxYear)}>Review these transactions</Link>
        </li>
      ))}
    </ul>
  );
}
