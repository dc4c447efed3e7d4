import { useId, useState, type FormEvent } from 'react';
import { DialogCancel, DialogFrame } from '@/components/dialog/DialogFrame';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { WALLET_NAME_REQUIRED } from '@/lib/upload/messages';
import { useRenameWallet } from '@/features/wallets/api/useRenameWallet';

export function RenameWalletDialog({ wallet, onClose }: { wallet: { id: string; name: string; kind: number }; onClose: () => void }) {
  const [name, setName] = useState(wallet.name);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const rename = useRenameWallet(wallet, { onRenamed: onClose, onError: setError });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError(WALLET_NAME_REQUIRED);
      return;
    }
    setError(null);
    rename.mutate(name.trim());
  }

  return (
    <DialogFrame
      title="Rename wallet"
      description={`Choose a new name for ${wallet.name}.`}
      onClose={onClose}
      narrow
      testId="rename-wallet-dialog"
    >
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
          <DialogCancel />
          <SubmitButton pending={rename.isPending}>Save</SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
