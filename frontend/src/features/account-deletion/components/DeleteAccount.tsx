import { useId, useState, type FormEvent } from 'react';
import { DialogCancel, DialogFrame } from '@/components/dialog/DialogFrame';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { useUserInfo } from '@/lib/user';
import { useAccountDeletion, useDeleteUser } from '@/features/account-deletion/api/useAccountDeletion';

export const CONFIRMATION_WORD = 'DELETE';
const FAILED = 'Your account could not be deleted. Please try again later.';

/**
 * Settings' "Delete account" (spec 001 §7 delete user): the user confirms with their password, or types
 * DELETE when they sign in only through an identity provider; `onDeleted` signs them out.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const me = useUserInfo().data?.me;
  const [open, setOpen] = useState(false);
  if (!me || me.viewAsUserId) return null;
  return (
    <section className="card card--padded form" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card__title">
        Delete account
      </h2>
      <p className="field__hint">
        Deleting your account removes your wallets, transactions, reports and every file you uploaded. It cannot be
        undone.
      </p>
      <div>
        <button className="button button--danger" type="button" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      {open ? <ConfirmDeletion onClose={() => setOpen(false)} onDeleted={onDeleted} /> : null}
    </section>
  );
}

function ConfirmDeletion({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const how = useAccountDeletion().data?.accountDeletion;
  const remove = useDeleteUser();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!how) return null;
  const byPassword = how.requiresPassword;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await remove.mutateAsync(byPassword ? { password: value, confirmation: null } : { password: null, confirmation: value });
      if (answer.success) onDeleted();
      else setError(answer.errorMessage ?? FAILED);
    } catch {
      setError(FAILED);
    }
  }

  return (
    <DialogFrame
      title="Delete your account?"
      description="Everything you have in Cairn will be deleted, and you will be signed out."
      onClose={onClose}
      narrow
      testId="delete-account-dialog"
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            {byPassword ? 'Password' : `Type ${CONFIRMATION_WORD} to confirm`}
          </label>
          <input
            id={id}
            className="input"
            type={byPassword ? 'password' : 'text'}
            autoComplete={byPassword ? 'current-password' : 'off'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div className="form__actions">
          <DialogCancel />
          <SubmitButton
            className="button button--danger"
            pending={remove.isPending}
            disabled={!byPassword && value !== CONFIRMATION_WORD}
          >
            Delete my account
          </SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
