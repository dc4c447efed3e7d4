import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import { AddPublicXpubDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useAccountAdded } from '@/features/linking/api/useAccountAdded';
import { HD_CHAINS, chainsOf, coinSymbolOf, defaultChain, walletSlugOf, type Integration } from '@/features/linking/utils/forms';
import { THIS_FIELD_REQUIRED, WALLET_ADDED, WALLET_UNKNOWN_ERROR, walletErrorMessage } from '@/features/linking/utils/messages';
import { xpubError } from '@/features/linking/utils/validation';
import { ChainSelect } from './ChainSelect';
import { TextField } from './TextField';
import { WalletError } from './WalletError';

/** One extended public key (xpub, ypub, zpub or a testnet form) of an HD wallet. */
export function XpubForm({ integration, onLinked }: { integration: Integration; onLinked: () => void }) {
  const chains = chainsOf(integration).filter((chain) => HD_CHAINS.has(chain));
  const [chain, setChain] = useState(() => defaultChain(integration, chains));
  const [xpubKey, setXpubKey] = useState('');
  const [errors, setErrors] = useState<{ chain?: string; xpubKey?: string }>({});
  const [failure, setFailure] = useState<{ message: string; code: string | null } | null>(null);
  const accountAdded = useAccountAdded();
  const mutation = useMutation({
    mutationFn: async () =>
      (
        await request(AddPublicXpubDocument, {
          publicXpubInput: { coinSymbol: coinSymbolOf(integration, chain), cryptoNetwork: chain, xpubKey: xpubKey.trim(), accountTypeSlug: walletSlugOf(integration, chain) },
        })
      ).addPublicXpub,
    onSuccess: (answer) => {
      if (answer.success) {
        accountAdded(WALLET_ADDED);
        onLinked();
      } else setFailure({ message: answer.errorMessage || walletErrorMessage(answer.error), code: answer.error });
    },
    onError: () => setFailure({ message: WALLET_UNKNOWN_ERROR, code: null }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { chain: chain ? undefined : THIS_FIELD_REQUIRED, xpubKey: xpubError(xpubKey) };
    setErrors(found);
    if (found.chain || found.xpubKey) return;
    setFailure(null);
    mutation.mutate();
  }

  return (
    <form className="form link-form" noValidate onSubmit={onSubmit} data-testid="xpub-form">
      <ChainSelect
        chains={chains}
        value={chain}
        error={errors.chain}
        onChange={(value) => {
          setChain(value);
          setErrors((current) => ({ ...current, chain: undefined }));
        }}
      />
      <TextField
        label="xPub, yPub or zPub key"
        value={xpubKey}
        error={errors.xpubKey}
        testId="xpub-key"
        onChange={(value) => {
          setXpubKey(value);
          setFailure(null);
          setErrors((current) => ({ ...current, xpubKey: undefined }));
        }}
      />
      <WalletError message={failure?.message ?? null} code={failure?.code} />
      <div className="form__actions">
        <SubmitButton pending={mutation.isPending} data-testid="link-submit">
          Add wallet
        </SubmitButton>
      </div>
    </form>
  );
}
