import { useEffect, useId, useState } from 'react';
import { DialogCancel, DialogFrame } from '@/components/dialog/DialogFrame';
import { SubmitButton } from '@/components/SubmitButton';
import type { LotAllocationMethod } from '@/gql/graphql';
import { useMigrationJob, useMigrationState, useSetLotAllocationMethod, useStartMigration } from '@/features/migration/api/useMigration';
import { START_FAILED } from '@/features/migration/utils/migration';
import './migration.css';

/** Leaves for the allocation report once the migration answers its link (spec 001 §4). */
export type Navigate = (url: string) => void;
const goTo: Navigate = (url) => window.location.assign(url);

/**
 * The universal → per-wallet migration banner (spec 001 §2, §4; US taxpayers in the universal scope who
 * have not migrated): the lot allocation method, Migrate Now (disabled while the allocation runs or
 * without a method), its confirm dialog, then the poll until the browser goes to the report.
 */
export function MigrationBanner({ navigate = goTo }: { navigate?: Navigate }) {
  const state = useMigrationState();
  const setMethod = useSetLotAllocationMethod();
  const start = useStartMigration();
  const [confirming, setConfirming] = useState(false);
  const [startedJob, setStartedJob] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<LotAllocationMethod | null>(null);
  const id = useId();
  const migration = state.data;
  // a migration under way (started here, or before a reload) is polled to its end
  const jobId = startedJob ?? (migration?.isUndergoingAllocation ? (migration.jobId ?? null) : null);
  const job = useMigrationJob(jobId);
  const poll = job.data;
  const reportUrl = poll?.isStatusFinal && poll.success ? poll.url : null;
  useEffect(() => {
    if (reportUrl) navigate(reportUrl);
  }, [reportUrl, navigate]);
  if (!migration || (!migration.isAvailable && !jobId)) return null;

  // the choice shows at once; a refusal puts back the saved one
  const method = picked ?? migration.lotAllocationMethod ?? null;
  const allocating = migration.isUndergoingAllocation || (jobId !== null && !poll?.isStatusFinal);
  const failed = poll?.isStatusFinal && !poll.success ? (poll.errorMessage ?? START_FAILED) : null;
  const chosen = migration.lotAllocationMethods.find((option) => option.method === method);

  function confirm() {
    setError(null);
    start.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        if (answer.success && answer.jobId) setStartedJob(answer.jobId);
        else setError(START_FAILED);
      },
      onError: () => {
        setConfirming(false);
        setError(START_FAILED);
      },
    });
  }

  return (
    <section className="migration-banner" aria-labelledby={`${id}-title`} data-testid="migration-banner">
      <h2 className="migration-banner__title" id={`${id}-title`}>
        Per-wallet cost basis from January 1, 2025
      </h2>
      <p>
        Under Rev. Proc. 2024-28, universal cost basis is not accepted from January 1, 2025: each wallet keeps its own lots. Choose how the lots
        you held at the end of 2024 are allocated to the wallets holding them, then migrate. Transactions up to December 31, 2024 are frozen on
        migration, and it is irreversible.
      </p>
      <fieldset className="migration-banner__methods" disabled={allocating || setMethod.isPending}>
        <legend>Lot allocation method</legend>
        {migration.lotAllocationMethods.map((option) => (
          <label key={option.method} className="migration-banner__method">
            <input
              type="radio"
              name={`${id}-method`}
              value={option.method}
              checked={method === option.method}
              onChange={() => {
                setPicked(option.method);
                setMethod.mutate(option.method, { onSettled: (answer) => (answer?.success ? undefined : setPicked(null)) });
              }}
            />
            <span>
              <strong>{option.name}</strong> — {option.meaning}
            </span>
          </label>
        ))}
      </fieldset>
      {setMethod.data && !setMethod.data.success ? (
        <p className="notice notice--warning" role="alert">
          {setMethod.data.errorMessage}
        </p>
      ) : null}
      {allocating ? (
        <p className="notice notice--info" role="status" aria-busy="true" data-testid="migration-progress">
          <span className="spinner spinner--tiny" aria-hidden="true" /> Allocating your lots to your wallets...
        </p>
      ) : null}
      {error || failed ? (
        <p className="notice notice--warning" role="alert" data-testid="migration-error">
          {error ?? failed}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary"
        disabled={allocating || method === null || setMethod.isPending}
        title={method === null ? 'Choose a lot allocation method first' : undefined}
        onClick={() => setConfirming(true)}
      >
        Migrate Now
      </button>
      {confirming && chosen ? (
        <DialogFrame
          title="Migrate to per-wallet cost basis?"
          description={`Your lots open at December 31, 2024 will be allocated to your wallets by ${chosen.name.toLowerCase()}.`}
          onClose={() => setConfirming(false)}
          narrow
          testId="migration-confirm"
        >
          <p>{chosen.meaning}</p>
          <p>
            Every tax year through 2024 is frozen, and from January 1, 2025 your cost basis is calculated wallet by wallet. <strong>This cannot be undone.</strong>{' '}
            You will get the allocation report (PDF; a CSV is kept with it) when it is done.
          </p>
          <div className="form__actions">
            <DialogCancel />
            <SubmitButton type="button" pending={start.isPending} onClick={confirm}>
              Migrate
            </SubmitButton>
          </div>
        </DialogFrame>
      ) : null}
    </section>
  );
}
