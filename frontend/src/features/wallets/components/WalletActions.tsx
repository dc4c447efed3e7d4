import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import type { CustomWallet } from '@/features/wallets/api/useCustomWallets';
import { DeleteWalletDialog } from './DeleteWalletDialog';
import { RenameWalletDialog } from './RenameWalletDialog';

/** Rename and delete for one custom wallet, from an accessible menu. */
export function WalletActions({ wallet }: { wallet: CustomWallet }) {
  const [renameOpen, setRenameOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
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
            <DropdownMenu.Item className="menu__item" onSelect={() => setRenameOpen(true)} data-testid="wallet-rename">
              Rename
            </DropdownMenu.Item>
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
