import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/components/FieldError';
import { toast } from '@/components/toast/toastStore';
import { WALLET_NAME_REQUIRED } from '@/features/csv-import/messages';
import { DeleteCustomWalletDocument, RenameCustomWalletDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import type { CustomWallet } from './api';

export const RENAME_SUCCESS = 'Wallet renamed.';
export const RENAME_ERROR = 'There was a problem while renaming your wallet. Please try again.';
export const DELETE_SUCCESS = 'Wallet deleted.';
export const DELETE_ERROR = 'There was a problem while deleting your wallet. Please try again.';

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
      {renameOpen ? <RenameDialog wallet={wallet} onClose={() => setRenameOpen(false)} /> : null}
      <DeleteDialog wallet={wallet} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </>
  );
}

function RenameDialog({ wallet, onClose }: { wallet: CustomWallet; onClose: () => void }) {
  const [name, setName] = useState(wallet.name);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const id = useId();
  const mutation = useMutation({
    mutationFn: (newName: string) => request(RenameCustomWalletDocument, { id: wallet.id, name: newName }),
    onSuccess: (data) => {
      if (data.renameCustomWallet.success) {
        toast.success(RENAME_SUCCESS);
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
        onClose();
      } else {
        setError(data.renameCustomWallet.errorMessage || data.renameCustomWallet.error || RENAME_ERROR);
      }
    },
    onError: () => setError(RENAME_ERROR),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError(WALLET_NAME_REQUIRED);
      return;
    }
    setError(null);
    mutation.mutate(name.trim());
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--narrow" data-testid="rename-wallet-dialog">
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">Rename wallet</Dialog.Title>
            <Dialog.Close className="icon-button dialog__close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <Dialog.Description className="dialog__description">Choose a new name for {wallet.name}.</Dialog.Description>
          <form className="form" noValidate onSubmit={onSubmit}>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-name`}>
                Wallet name
              </label>
              <input
                id={`${id}-name`}
                className="input"
                value={name}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                autoFocus
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
            <div className="form__actions">
              <Dialog.Close className="button" type="button">
                Cancel
              </Dialog.Close>
              <button className="button button--primary" type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? 'Please wait...' : 'Save'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeleteDialog({ wallet, open, onOpenChange }: { wallet: CustomWallet; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => request(DeleteCustomWalletDocument, { id: wallet.id }),
    onSuccess: (data) => {
      if (data.deleteCustomWallet.success) {
        toast.success(DELETE_SUCCESS);
        notifyJobStarted();
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        onOpenChange(false);
      } else {
        toast.error(data.deleteCustomWallet.errorMessage || data.deleteCustomWallet.error || DELETE_ERROR);
      }
    },
    onError: () => toast.error(DELETE_ERROR),
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog--narrow" data-testid="delete-wallet-dialog">
          <AlertDialog.Title className="dialog__title">Delete {wallet.name}?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            The wallet and all of its transactions will be removed. This can't be undone.
          </AlertDialog.Description>
          <div className="form__actions">
            <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
            <button
              type="button"
              className="button button--danger"
              data-testid="confirm-delete-wallet"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? 'Please wait...' : 'Delete'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
