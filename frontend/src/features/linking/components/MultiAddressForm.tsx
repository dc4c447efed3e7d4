import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import { AddMultiAddressDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useAccountAdded } from '@/features/linking/api/useAccountAdded';
import { useMultiAddressJob, type MultiAddressJob } from '@/features/linking/api/useMultiAddressJob';
import { chainsOf, defaultChain, walletSlugOf, type Integration } from '@/features/linking/utils/forms';
import { THIS_FIELD_REQUIRED, WALLET_ADDED, WALLET_UNKNOWN_ERROR, walletErrorMessage } from '@/features/linking/utils/messages';
import { publicKeysError } from '@/features/linking/utils/validation';
import { ChainSelect } from './ChainSelect';
import { TextField } from './TextField';

/** The finished job: what was added, then each key that was not, with its code and message. */
function JobResult({ job }: { job: MultiAddressJob }) {
  const failedAll = !job.success;
  return (
    <div className="multi-address__result" data-testid="multi-address-result">
      {job.successMessage ? (
        <p className="notice notice--success" role="status">
          {job.successMessage}
        </p>
      ) : null}
      {job.createdWallets.length ? (
        <ul className="multi-address__wallets" aria-label="Added wallets" data-testid="multi-address-created">
          {job.createdWallets.map((wallet) => (
            <li key={wallet.id}>{wallet.name}</li>
          ))}
        </ul>
      ) : null}
      {job.warningMessage || failedAll ? (
        <div className={`notice ${failedAll ? 'notice--error' : 'notice--warning'}`} role={failedAll ? 'alert' : 'status'} data-testid="multi-address-failures">
          <p>{job.warningMessage || job.errorMessage || walletErrorMessage(job.error)}</p>
          {job.failedPublicKeys.length ? (
            <ul className="multi-address__failures">
              {job.failedPublicKeys.map((failure) => (
                <li key={failure.publicKey}>
                  <code className="multi-address__key">{failure.publicKey}</code>: {failure.errorMessage} ({failure.error})
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Several addresses or keys at once (spec 000 §3): one job, polled every 1 s until final. */
export function MultiAddressForm({ integration, onLinked }: { integration: Integration; onLinked: () => void }) {
  const chains = chainsOf(integration);
  const [chain, setChain] = useState(() => defaultChain(integration, chains));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ chain?: string; keys?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const accountAdded = useAccountAdded();
  const job = useMultiAddressJob(jobId);
  const final = job.data?.isStatusFinal ? job.data : null;

  const mutation = useMutation({
    mutationFn: async () =>
      (
        await request(AddMultiAddressDocument, {
          multiAddressInput: { publicKeys: text.trim(), accountTypeSlug: walletSlugOf(integration, chain) },
        })
      ).addMultiAddress,
    onSuccess: (answer) => {
      if (answer.success && answer.jobId) setJobId(answer.jobId);
      else setFailure(answer.errorMessage || walletErrorMessage(answer.error));
    },
    onError: () => setFailure(WALLET_UNKNOWN_ERROR),
  });

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!final || announced.current === jobId) return;
    announced.current = jobId;
    if (final.createdWallets.length) accountAdded(final.successMessage || WALLET_ADDED);
  }, [final, jobId, accountAdded]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { chain: chain ? undefined : THIS_FIELD_REQUIRED, keys: publicKeysError(text) };
    setErrors(found);
    if (found.chain || found.keys) return;
    setFailure(null);
    mutation.mutate();
  }

  if (final) {
    return (
      <div className="form link-form">
        <JobResult job={final} />
        <div className="form__actions">
          <button type="button" className="button button--primary" data-testid="multi-address-done" onClick={onLinked}>
            Done
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="form link-form" noValidate onSubmit={onSubmit} data-testid="multi-address-form">
      {chains.length > 1 ? (
        <ChainSelect
          chains={chains}
          value={chain}
          error={errors.chain}
          onChange={(value) => {
            setChain(value);
            setErrors((current) => ({ ...current, chain: undefined }));
          }}
        />
      ) : null}
      <TextField
        label="Public keys"
        value={text}
        error={errors.keys}
        testId="public-keys"
        hint="One address or xPub per line."
        multiline
        onChange={(value) => {
          setText(value);
          setFailure(null);
          setErrors((current) => ({ ...current, keys: undefined }));
        }}
      />
      {failure || job.isError ? (
        <p className="notice notice--error" role="alert" data-testid="link-error">
          {failure ?? WALLET_UNKNOWN_ERROR}
        </p>
      ) : null}
      <div className="form__actions">
        <SubmitButton pending={mutation.isPending || (jobId !== null && !job.isError)} data-testid="link-submit">
          Add wallets
        </SubmitButton>
      </div>
    </form>
  );
}
