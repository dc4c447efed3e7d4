import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { SubmitButton } from '@/components/SubmitButton';
import type { CustomWallet } from '@/features/wallets/api/useCustomWallets';
import { useDeleteWallet } from '@/features/wallets/api/useDeleteWallet';
import '@/components/dialog/dialog.css';

export function DeleteWalletDialog({
  wallet,
  open,
  onOpenChange,
}: {
  wallet: CustomWallet;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteWallet(wallet.id, { onDeleted: () => onOpenChange(false) });
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
            <SubmitButton
              type="button"
              className="button button--danger"
              data-testid="confirm-delete-wallet"
              pending={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Delete
            </SubmitButton>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
