import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { SubmitButton } from '@/components/SubmitButton';
import { useDeleteWallet } from '@/features/wallets/api/useDeleteWallet';
import '@/components/dialog/dialog.css';

export function DeleteWalletDialog({
  wallet,
  open,
  onOpenChange,
}: {
  wallet: { id: string; name: string; kind: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteWallet(wallet, { onDeleted: () => onOpenChange(false) });
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
