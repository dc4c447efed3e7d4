import { isZeroTransactions } from '@/features/linking/utils/messages';

export const ZERO_TRANSACTIONS_HELP = 'https://support.cairn.tax/wallets/zero-transactions';

/** A wallet add failure under the form; HasZeroTransactions carries a learn-more link (spec 000 §8). */
export function WalletError({ message, code }: { message: string | null; code?: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert" data-testid="link-error">
      {message}
      {isZeroTransactions(code) ? (
        <>
          {' '}
          <a href={ZERO_TRANSACTIONS_HELP} target="_blank" rel="noreferrer noopener">
            Learn more
          </a>
        </>
      ) : null}
    </p>
  );
}
