import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import type { PublicAddressInput } from '@/gql/graphql';
import { useAddPublicAddress } from '@/features/linking/api/useAddPublicAddress';
import {
  HD_CHAINS,
  addressHint,
  chainName,
  chainsOf,
  coinSymbolOf,
  defaultWalletName,
  defaultChain,
  walletSlugOf,
  type Integration,
} from '@/features/linking/utils/forms';
import { THIS_FIELD_REQUIRED } from '@/features/linking/utils/messages';
import { ChainSelect } from './ChainSelect';
import { TextField } from './TextField';
import { WalletError } from './WalletError';

/** Public address (spec 000 §3): an address or, on ethereum, an ENS name, with the chain it is on. */
export function AddressForm({ integration, onAdded }: { integration: Integration; onAdded: (input: PublicAddressInput) => void }) {
  const chains = chainsOf(integration);
  const [chain, setChain] = useState(() => defaultChain(integration, chains));
  const [address, setAddress] = useState('');
  const [walletName, setWalletName] = useState('');
  const [errors, setErrors] = useState<{ chain?: string; address?: string }>({});
  const [failure, setFailure] = useState<{ message: string; code: string | null } | null>(null);
  const mutation = useAddPublicAddress({
    onAdded: (_answer, input) => onAdded(input),
    onError: (message, code) => setFailure({ message, code }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { chain: chain ? undefined : THIS_FIELD_REQUIRED, address: address.trim() ? undefined : THIS_FIELD_REQUIRED };
    setErrors(found);
    if (found.chain || found.address) return;
    const input: PublicAddressInput = {
      coinSymbol: coinSymbolOf(integration, chain),
      cryptoNetwork: chain,
      slug: walletSlugOf(integration, chain),
      walletAddress: address.trim(),
      walletName: walletName.trim(),
    };
    setFailure(null);
    mutation.mutate(input);
  }

  return (
    <form className="form link-form" noValidate onSubmit={onSubmit} data-testid="address-form">
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
        label="Wallet address"
        value={address}
        placeholder={addressHint(chain, HD_CHAINS.has(chain))}
        hint={addressHint(chain, HD_CHAINS.has(chain))}
        error={errors.address}
        testId="wallet-address"
        onChange={(value) => {
          setAddress(value);
          setFailure(null);
          setErrors((current) => ({ ...current, address: value.trim() ? undefined : THIS_FIELD_REQUIRED }));
        }}
      />
      <TextField
        label="Wallet name (optional)"
        value={walletName}
        onChange={setWalletName}
        testId="wallet-name"
        placeholder={chain && address.trim() ? defaultWalletName(chainName(chain), address.trim()) : undefined}
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
