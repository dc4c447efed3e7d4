import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import type { PublicAddressInput } from '@/gql/graphql';
import { useAddPublicAddress } from '@/features/linking/api/useAddPublicAddress';
import { chainName, coinSymbolOf, defaultWalletName, walletSlugOf, type Integration } from '@/features/linking/utils/forms';
import { CONNECT_FIRST } from '@/features/linking/utils/messages';
import { connectInjectedWallet, injectedProvider, type ConnectedWallet } from '@/features/linking/utils/walletConnect';
import { TextField } from './TextField';
import { WalletError } from './WalletError';

/** Wallet connect through the browser's injected provider (EIP-1193): the connected account is added by address. */
export function ConnectWalletForm({ integration, onAdded }: { integration: Integration; onAdded: (input: PublicAddressInput) => void }) {
  const [connected, setConnected] = useState<ConnectedWallet | null>(null);
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; code: string | null } | null>(null);
  const mutation = useAddPublicAddress({
    onAdded: (_answer, input) => onAdded(input),
    onError: (message, code) => setFailure({ message, code }),
  });
  const provider = injectedProvider();
  if (!provider) return null;

  async function connect() {
    setError(null);
    try {
      const wallet = provider ? await connectInjectedWallet(provider) : null;
      setConnected(wallet?.chain ? wallet : null);
      if (!wallet?.chain) setError(CONNECT_FIRST);
    } catch {
      setError(CONNECT_FIRST);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!connected?.chain) {
      setError(CONNECT_FIRST);
      return;
    }
    setFailure(null);
    mutation.mutate({
      coinSymbol: coinSymbolOf(integration, connected.chain),
      cryptoNetwork: connected.chain,
      slug: walletSlugOf(integration, connected.chain),
      walletAddress: connected.address,
      walletName: nickname.trim() || defaultWalletName(chainName(connected.chain), connected.address),
    });
  }

  return (
    <form className="form link-form connect-wallet" noValidate onSubmit={onSubmit} data-testid="connect-wallet-form">
      <div className="connect-wallet__row">
        <button type="button" className="button" data-testid="connect-wallet" onClick={() => void connect()}>
          {connected ? 'Connected' : 'Connect wallet'}
        </button>
        {connected?.chain ? (
          <span className="connect-wallet__account" data-testid="connected-account">
            {chainName(connected.chain)} · {connected.address}
          </span>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <TextField
        label="Nickname (optional)"
        value={nickname}
        onChange={setNickname}
        testId="connect-nickname"
        placeholder={connected?.chain ? defaultWalletName(chainName(connected.chain), connected.address) : undefined}
      />
      <WalletError message={failure?.message ?? null} code={failure?.code} />
      <div className="form__actions">
        <SubmitButton pending={mutation.isPending} data-testid="connect-submit">
          Add connected wallet
        </SubmitButton>
      </div>
    </form>
  );
}
