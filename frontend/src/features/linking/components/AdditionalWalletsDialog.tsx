import { useState } from 'react';
import { DialogFrame } from '@/components/dialog/DialogFrame';
import { SubmitButton } from '@/components/SubmitButton';
import type { PublicAddressInput } from '@/gql/graphql';
import { useAddPublicAddress } from '@/features/linking/api/useAddPublicAddress';
import { ADDITIONAL_WALLET_CHAINS, chainName, coinSymbolOf, type Integration } from '@/features/linking/utils/forms';
import { ADDITIONAL_WALLETS_FAILED } from '@/features/linking/utils/messages';

/**
 * After an address is added on an EVM chain: the same address on the other EVM chains (spec 000 §2),
 * in one addPublicAddress call: the first chain chosen, the rest as cryptoNetworksToAdd.
 */
export function AdditionalWalletsDialog({ integration, added, onClose }: { integration: Integration; added: PublicAddressInput; onClose: () => void }) {
  const others = ADDITIONAL_WALLET_CHAINS.filter((chain) => chain !== added.cryptoNetwork);
  const [chosen, setChosen] = useState<string[]>([...others]);
  const [failed, setFailed] = useState(false);
  const mutation = useAddPublicAddress({ onAdded: onClose, onError: () => setFailed(true) });

  function submit() {
    const [first, ...rest] = chosen;
    if (!first) return;
    setFailed(false);
    mutation.mutate({
      coinSymbol: coinSymbolOf(integration, first),
      cryptoNetwork: first,
      slug: first,
      walletAddress: added.walletAddress,
      walletName: '',
      cryptoNetworksToAdd: rest,
    });
  }

  const toggle = (chain: string) =>
    setChosen((current) => (current.includes(chain) ? current.filter((item) => item !== chain) : [...current, chain]));

  return (
    <DialogFrame
      title="Add additional wallets"
      description={`Your ${chainName(added.cryptoNetwork)} wallet was added. The same address can hold assets on these chains too:`}
      onClose={onClose}
      narrow
      testId="additional-wallets"
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="additional-wallets__chains">
          <legend className="visually-hidden">Chains</legend>
          {others.map((chain) => (
            <label key={chain} className="checkbox">
              <input type="checkbox" checked={chosen.includes(chain)} onChange={() => toggle(chain)} data-testid={`additional-${chain}`} />
              {chainName(chain)}
            </label>
          ))}
        </fieldset>
        {failed ? (
          <p className="notice notice--error" role="alert" data-testid="additional-wallets-error">
            {ADDITIONAL_WALLETS_FAILED}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose} data-testid="additional-wallets-skip">
            Skip
          </button>
          <SubmitButton pending={mutation.isPending} disabled={chosen.length === 0} data-testid="additional-wallets-submit">
            Add wallets
          </SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
