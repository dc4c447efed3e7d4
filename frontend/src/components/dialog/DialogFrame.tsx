import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './dialog.css';

/** An open dialog: overlay, title with a Close button, description, then the content. Closing calls onClose. */
export function DialogFrame({
  title,
  description,
  onClose,
  narrow = false,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  onClose: () => void;
  narrow?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog${narrow ? ' dialog--narrow' : ''}`} data-testid={testId}>
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button dialog__close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's Cancel button: closes it without acting. */
export function DialogCancel() {
  return (
    <Dialog.Close className="button" type="button">
      Cancel
    </Dialog.Close>
  );
}
