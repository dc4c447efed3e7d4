import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import { useChangeFreezing, useYearFreezing } from '@/features/freezing/api/useFreezing';
import { isErrored, yearFreezing } from '@/features/freezing/utils/freezing';
import '@/components/dialog/dialog.css';
import './freezing.css';

const BUTTON_LABELS = {
  unfrozen: 'Freeze year',
  frozen: 'Unfreeze year',
  freezing: 'Freezing…',
  unfreezing: 'Unfreezing…',
} as const;

/**
 * The tax page's Freeze year / Unfreeze year, each after a confirm (spec 001 §4, §7): a frozen year keeps
 * its results; a change dated in it is refused, and imported rows dated in it are held for review.
 */
export function FreezeYear({ taxYear }: { taxYear: number }) {
  const [confirming, setConfirming] = useState(false);
  const status = useYearFreezing(taxYear);
  const change = useChangeFreezing(taxYear, { onStarted: () => setConfirming(false) });
  const data = status.data?.freezingStatus;
  if (!data?.isAvailable) return null;
  const phase = yearFreezing(data.status);
  const freeze = phase === 'unfrozen';
  return (
    <>
      {phase === 'frozen' ? (
        <span className="badge badge--frozen" data-testid="year-frozen">
          Frozen
        </span>
      ) : null}
      {isErrored(data.status) && data.error ? (
        <span className="notice notice--error freezing-error" role="status" data-testid="freezing-error">
          {data.error}
        </span>
      ) : null}
      <button
        type="button"
        className="button"
        data-testid="freeze-year"
        disabled={phase === 'freezing' || phase === 'unfreezing'}
        onClick={() => setConfirming(true)}
      >
        {BUTTON_LABELS[phase]}
      </button>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog dialog--narrow" data-testid="freeze-year-dialog">
            <AlertDialog.Title className="dialog__title">
              {freeze ? `Freeze ${taxYear}?` : `Unfreeze ${taxYear}?`}
            </AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {freeze
                ? `${taxYear} and every year before it keep their gains, income and lots as they are now. Changes dated in them are refused, and imported transactions dated in them are held for review.`
                : `${taxYear} and every year after it are recalculated from your transactions, and can be changed again.`}
            </AlertDialog.Description>
            <div className="form__actions">
              <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
              <SubmitButton
                type="button"
                className="button button--primary"
                data-testid="confirm-freeze-year"
                pending={change.isPending}
                onClick={() => change.mutate(freeze)}
              >
                {freeze ? 'Freeze' : 'Unfreeze'}
              </SubmitButton>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
