import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import { AddTwoXpubDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useAccountAdded } from '@/features/linking/api/useAccountAdded';
import { HD_CHAINS, chainsOf, coinSymbolOf, defaultChain, walletSlugOf, type Integration } from '@/features/linking/utils/forms';
import { WALLET_ADDED, WALLET_UNKNOWN_ERROR, walletErrorMessage } from '@/features/linking/utils/messages';
import { twoXpubErrors, type TwoXpubErrors } from '@/features/linking/utils/validation';
import { ChainSelect } from './ChainSelect';
import { TextField } from './TextField';
import { WalletError } from './WalletError';

/** A wallet from two extended keys: one for receive addresses, one for change addresses. */
export function TwoXpubForm({ integration, onLinked }: { integration: Integration; onLinked: () => void }) {
  const chains = chainsOf(integration).filter((chain) => HD_CHAINS.has(chain));
  const [chain, setChain] = useState(() => defaultChain(integration, chains));
  const [receive, setReceive] = useState('');
  const [change, setChange] = useState('');
  const [errors, setErrors] = useState<TwoXpubErrors>({});
  const [failure, setFailure] = useState<{ message: string; code: string | null } | null>(null);
  const accountAdded = useAccountAdded();
  const mutation = useMutation({
    mutationFn: async () =>
      (
        await request(AddTwoXpubDocument, {
          twoXpubInput: {
            coinSymbol: coinSymbolOf(integration, chain),
            cryptoNetwork: chain,
            receiveAddressXpub: receive.trim(),
            changeAddressXpub: change.trim(),
            accountTypeSlug: walletSlugOf(integration, chain),
          },
        })
      ).addTwoXpub,
    onSuccess: (answer) => {
      if (answer.success) {
        accountAdded(answer.message || WALLET_ADDED);
        onLinked();
      } else setFailure({ message: answer.message || walletErrorMessage(answer.error), code: answer.error });
    },
    onError: () => setFailure({ message: WALLET_UNKNOWN_ERROR, code: null }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = twoXpubErrors(chain, receive, change);
    setErrors(found);
    if (found.chain || found.receive || found.change) return;
    setFailure(null);
    mutation.mutate();
  }

  const edit = (setter: (value: string) => void, field: keyof TwoXpubErrors) => (value: string) => {
    setter(value);
    setFailure(null);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form className="form link-form" noValidate onSubmit={onSubmit} data-testid="two-xpub-form">
      <ChainSelect chains={chains} value={chain} error={errors.chain} onChange={edit(setChain, 'chain')} />
      <TextField label="Receive address xPub" value={receive} error={errors.receive} testId="receive-xpub" onChange={edit(setReceive, 'receive')} />
      <TextField label="Change address xPub" value={change} error={errors.change} testId="change-xpub" onChange={edit(setChange, 'change')} />
      <WalletError message={failure?.message ?? null} code={failure?.code} />
      <div className="form__actions">
        <SubmitButton pending={mutation.isPending} data-testid="link-submit">
          Add wallet
        </SubmitButton>
      </div>
    </form>
  );
}
