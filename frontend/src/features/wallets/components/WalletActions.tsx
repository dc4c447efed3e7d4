import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link } from 'react-router';
import { exchangeCredentialsPath } from '@/config/paths';
import { ACCOUNT_KIND } from '@/lib/accounts/syncing';
import { useSetMining, useSyncAccount } from '@/features/wallets/api/useAccountActions';
import { DeleteWalletDialog } from './DeleteWalletDialog';
import { RenameWalletDialog } from './RenameWalletDialog';

export interface ActionableAccount {
  id: string;
  name: string;
  kind: number;
  isMining: boolean;
}

/**
 * Rename and delete for any account, from an accessible menu; exchanges and blockchain wallets also
 * sync now and toggle mining (spec 000 §4: never custom wallets); exchanges take new API credentials,
 * which also moves one fed by files to its API.
 */
export function WalletActions({ wallet }: { wallet: ActionableAccount }) {
  const [renameOpen, setRenameOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const sync = useSyncAccount();
  const mining = useSetMining();
  const linked = wallet.kind !== ACCOUNT_KIND.CUSTOM_WALLET;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="icon-button"
          aria-label={`Actions for ${wallet.name}`}
          data-testid="wallet-actions"
          onClick={(event) => event.stopPropagation()}
        >
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
            {linked ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => sync.mutate(wallet)} data-testid="wallet-sync">
                Sync now
              </DropdownMenu.Item>
            ) : null}
            {wallet.kind === ACCOUNT_KIND.EXCHANGE ? (
              <DropdownMenu.Item className="menu__item" asChild data-testid="wallet-credentials">
                <Link to={exchangeCredentialsPath(wallet.id)}>Update API credentials</Link>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className="menu__item" onSelect={() => setRenameOpen(true)} data-testid="wallet-rename">
              Rename
            </DropdownMenu.Item>
            {linked ? (
              <DropdownMenu.CheckboxItem
                className="menu__item"
                checked={wallet.isMining}
                onCheckedChange={(checked) => mining.mutate({ id: wallet.id, isMining: checked })}
                data-testid="wallet-mining"
              >
                Mining
                <DropdownMenu.ItemIndicator aria-hidden="true"> ✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.CheckboxItem>
            ) : null}
            <DropdownMenu.Item
              className="menu__item menu__item--danger"
              onSelect={() => setDeleteOpen(true)}
              data-testid="wallet-delete"
            >
              Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {renameOpen ? <RenameWalletDialog wallet={wallet} onClose={() => setRenameOpen(false)} /> : null}
      <DeleteWalletDialog wallet={wallet} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </>
  );
}
