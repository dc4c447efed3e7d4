import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DialogFrame } from '@/components/dialog/DialogFrame';
import { formatCount } from '@/lib/format';
import {
  READINESS_STEPS,
  type ReadinessCounts,
  allChecked,
  currentStep,
  errorPercentage,
  errorsText,
  loadChecks,
  saveChecks,
  stepsChecked,
  withStep,
} from '@/features/tax/utils/readiness';
import { RecalculateButton } from './RecalculateButton';

/** The tax-readiness sheet (spec 001 §4): four steps, each with its state, Continue and Mark all as done. */
export function TaxReadinessSheet({ counts, taxYear, onClose }: { counts: ReadinessCounts; taxYear: number; onClose: () => void }) {
  const navigate = useNavigate();
  const [checks, setChecks] = useState(loadChecks);
  const checked = stepsChecked(checks, counts);
  const current = currentStep(checked);
  const allDone = checked.every(Boolean);

  const store = (next: typeof checks) => {
    saveChecks(next);
    setChecks(next);
  };
  const toTaxPage = () => {
    onClose();
    navigate(`/tax/${taxYear}`);
  };
  const check = (step: number, value: boolean) => {
    store(withStep(checks, step, value));
    if (step === 4 && value && current === 4) toTaxPage();
  };

  const details = [
    <>
      {formatCount(counts.walletsCount)} {counts.walletsCount === 1 ? 'wallet' : 'wallets'} added. <Link to="/wallets">Add wallets</Link>
    </>,
    counts.syncIssuesCount === 0 ? (
      'No sync issues.'
    ) : (
      <>
        {formatCount(counts.syncIssuesCount)} {counts.syncIssuesCount === 1 ? 'sync issue' : 'sync issues'} to fix, listed under Tasks.
      </>
    ),
    counts.errorsCount === 0 ? (
      'No errors found in your transactions.'
    ) : (
      <>
        You have {errorsText(counts.errorsCount)} errors, in {errorPercentage(counts.errorsCount, counts.transactionCount)}% of your
        transactions. Review the issues on the tax page.
      </>
    ),
    'Review your gains and income, then generate your tax forms.',
  ];

  return (
    <DialogFrame title="Tax readiness" description={`Get ready to file your ${taxYear} taxes.`} onClose={onClose} narrow testId="tax-readiness">
      <ol className="readiness__steps">
        {READINESS_STEPS.map((title, index) => {
          const step = index + 1;
          const state = checked[index] ? 'Done' : step === current ? 'Current step' : 'To do';
          return (
            <li key={title} className="readiness__step" data-state={state} aria-current={step === current && !allDone ? 'step' : undefined}>
              <label className="readiness__check">
                <input type="checkbox" checked={checked[index]} onChange={(event) => check(step, event.target.checked)} />
                <span className="readiness__title">
                  {step}. {title}
                </span>
              </label>
              <span className="readiness__state" data-testid={`readiness-state-${step}`}>
                {state}
              </span>
              <p className="readiness__detail muted">{details[index]}</p>
            </li>
          );
        })}
      </ol>
      <footer className="readiness__actions">
        <RecalculateButton />
        <button
          type="button"
          className="button"
          onClick={() => {
            store(allChecked());
            toTaxPage();
          }}
        >
          Mark all as done
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (allDone) onClose();
            else check(current, true);
          }}
        >
          {allDone ? 'Close' : 'Continue'}
        </button>
      </footer>
    </DialogFrame>
  );
}
