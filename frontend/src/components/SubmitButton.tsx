import type { ButtonHTMLAttributes } from 'react';

/** A button that reads Please wait... and is disabled while its action is pending (spec 000 §4). */
export function SubmitButton({
  pending,
  disabled = false,
  className = 'button button--primary',
  type = 'submit',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  return (
    <button {...props} type={type} className={className} disabled={disabled || pending}>
      {pending ? 'Please wait...' : children}
    </button>
  );
}
