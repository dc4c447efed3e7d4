import { useId, useState, type FormEvent } from 'react';
import { DialogCancel, DialogFrame } from '@/components/dialog/DialogFrame';
import { SubmitButton } from '@/components/SubmitButton';
import { useReviewTransactions } from '@/features/review/api/useReviewTransactions';
import { useTransferMutation } from '@/features/review/api/useTransferMutation';
import { flowsText, legAssets, legSide, linkCandidates, transferPair, type ReviewTransaction } from '@/features/review/utils/transfer';
import { TransactionSummary } from './TransactionSummary';

/** Pick the other side of an unmatched transfer leg among the legs waiting for review, then link them. */
export function LinkTransferDialog({ transaction, onClose }: { transaction: ReviewTransaction; onClose: () => void }) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const all = useReviewTransactions(null, 1);
  const candidates = linkCandidates(transaction, all.data?.transactions.items ?? []);
  const link = useTransferMutation('link', onClose);
  const wanted = legSide(transaction) === 'send' ? 'receives' : 'sends';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen) link.mutate(transferPair(transaction, chosen));
  }

  return (
    <DialogFrame
      title="Link transfer"
      description={`Choose the other side of ${flowsText(transaction)} from ${transaction.accountName}.`}
      onClose={onClose}
      testId="link-transfer-dialog"
    >
      <form className="form" onSubmit={onSubmit}>
        {all.isPending ? (
          <span className="skeleton skeleton--text" aria-busy="true" aria-label="Loading transactions" />
        ) : all.isError ? (
          <p className="form__error" role="alert">
            We couldn't load the transactions to link.
          </p>
        ) : candidates.length === 0 ? (
          <p className="empty-state__text" data-testid="link-no-candidates">
            No unmatched {wanted} of {legAssets(transaction).join(', ')} in your other accounts.
          </p>
        ) : (
          <fieldset className="choice-list">
            <legend className="field__label">Other side of the transfer</legend>
            {candidates.map((candidate) => (
              <label key={candidate.id} className="choice" htmlFor={`${id}-${candidate.id}`}>
                <input
                  id={`${id}-${candidate.id}`}
                  type="radio"
                  name={`${id}-candidate`}
                  value={candidate.id}
                  checked={chosen === candidate.id}
                  onChange={() => setChosen(candidate.id)}
                  data-testid="link-candidate"
                />
                <TransactionSummary transaction={candidate} />
              </label>
            ))}
          </fieldset>
        )}
        <div className="form__actions">
          <DialogCancel />
          <SubmitButton disabled={!chosen} pending={link.isPending} data-testid="confirm-link-transfer">
            Link
          </SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
