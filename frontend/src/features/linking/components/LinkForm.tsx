import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import type { PublicAddressInput } from '@/gql/graphql';
import { CONNECT_WALLET_SLUGS, WALLET_FORM_LABELS, isAdditionalWalletChain, linkFormOf, type Integration, type WalletForm } from '@/features/linking/utils/forms';
import { injectedProvider } from '@/features/linking/utils/walletConnect';
import { AdditionalWalletsDialog } from './AdditionalWalletsDialog';
import { AddressForm } from './AddressForm';
import { ConnectWalletForm } from './ConnectWalletForm';
import { ExchangeForm } from './ExchangeForm';
import { MultiAddressForm } from './MultiAddressForm';
import { RedirectConnect } from './RedirectConnect';
import { TwoXpubForm } from './TwoXpubForm';
import { XpubForm } from './XpubForm';
import './linking.css';

function WalletForms({ integration, forms, onLinked }: { integration: Integration; forms: WalletForm[]; onLinked: () => void }) {
  const [active, setActive] = useState<WalletForm>(forms[0] ?? 'Address');
  const [additional, setAdditional] = useState<PublicAddressInput | null>(null);
  const onAddressAdded = (input: PublicAddressInput) => {
    if (integration.info.isEvmChain && isAdditionalWalletChain(input.cryptoNetwork)) setAdditional(input);
    else onLinked();
  };
  if (additional) return <AdditionalWalletsDialog integration={integration} added={additional} onClose={onLinked} />;

  const body = (form: WalletForm) => {
    switch (form) {
      case 'Address':
        return (
          <>
            {CONNECT_WALLET_SLUGS.has(integration.slug) && injectedProvider() ? (
              <ConnectWalletForm integration={integration} onAdded={onAddressAdded} />
            ) : null}
            <AddressForm integration={integration} onAdded={onAddressAdded} />
          </>
        );
      case 'PublicXpub':
        return <XpubForm integration={integration} onLinked={onLinked} />;
      case 'TwoXpub':
        return <TwoXpubForm integration={integration} onLinked={onLinked} />;
      case 'MultiAddress':
        return <MultiAddressForm integration={integration} onLinked={onLinked} />;
    }
  };
  if (forms.length === 1) return body(active);
  return (
    <Tabs.Root className="tabs link-forms" value={active} onValueChange={(value) => setActive(value as WalletForm)}>
      <Tabs.List className="tabs__list link-forms__list" aria-label="Ways to add the wallet">
        {forms.map((form) => (
          <Tabs.Trigger key={form} className="tabs__trigger" value={form} data-testid={`link-form-${form}`}>
            {WALLET_FORM_LABELS[form]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {forms.map((form) => (
        <Tabs.Content key={form} className="tabs__content" value={form}>
          {body(form)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** The Automatic sync tab of the add-wallets modal: the form spec 000 §2 gives the integration. */
export function LinkForm({ integration, onLinked }: { integration: Integration; onLinked: () => void }) {
  const form = linkFormOf(integration);
  if (!form) return null;
  if (form.kind === 'exchange') return <ExchangeForm slug={integration.slug} form={form} onLinked={onLinked} />;
  if (form.kind === 'redirect') return <RedirectConnect provider={form.provider} name={integration.name} />;
  return <WalletForms integration={integration} forms={form.forms} onLinked={onLinked} />;
}
