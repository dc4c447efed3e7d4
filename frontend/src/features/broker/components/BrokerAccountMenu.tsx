import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '@/components/SubmitButton';
import { toast } from '@/components/toast/toastStore';
import { useResetDemoUser } from '@/features/broker/api/useBroker';
import { brokerAccountMenu, type CbeFlags, type MenuLayout } from '@/features/broker/utils/menus';
import { setAllowUserWalletConnect, setViewMode } from '@/features/broker/utils/viewMode';

export const RESET_DONE = 'The demo account was reset.';
const RESET_FAILED = 'The demo account could not be reset. Try again.';

/** The broker mode account menu (spec 001 §2). Resetting the demo account also disables user wallet
 * connect (spec 001 §6). */
export function BrokerAccountMenu({
  user,
  email,
  layout,
  onSignOut,
  side = 'bottom',
}: {
  user: CbeFlags;
  email: string;
  layout: MenuLayout;
  onSignOut: () => void;
  side?: 'top' | 'bottom';
}) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetDemoUser();

  const confirmReset = () =>
    reset.mutate(undefined, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error(result.errorMessage ?? RESET_FAILED);
          return;
        }
        setAllowUserWalletConnect(false);
        setConfirming(false);
        toast.success(RESET_DONE);
      },
      onError: () => toast.error(RESET_FAILED),
    });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="account-trigger" aria-label="Account menu" data-testid="account-menu">
          <span className="avatar" aria-hidden="true">
            {email.charAt(0).toUpperCase() || '·'}
          </span>
          <span className="account-trigger__email">{email}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" side={side} align="end" sideOffset={6}>
            {email ? <DropdownMenu.Label className="menu__label">{email}</DropdownMenu.Label> : null}
            {brokerAccountMenu(user, layout).map((entry) => {
              switch (entry.kind) {
                case 'link':
                  return (
                    <DropdownMenu.Item key={entry.label} className="menu__item" asChild>
                      <Link to={entry.to}>{entry.label}</Link>
                    </DropdownMenu.Item>
                  );
                case 'switch':
                  return (
                    <DropdownMenu.Item
                      key={entry.label}
                      className="menu__item"
                      onSelect={() => {
                        setViewMode(entry.mode);
                        void navigate(entry.to);
                      }}
                    >
                      {entry.label}
                    </DropdownMenu.Item>
                  );
                case 'sign-out':
                  return (
                    <DropdownMenu.Item key={entry.label} className="menu__item" data-testid="sign-out" onSelect={onSignOut}>
                      {entry.label}
                    </DropdownMenu.Item>
                  );
                case 'reset':
                  return (
                    <DropdownMenu.Item key={entry.label} className="menu__item" onSelect={() => setConfirming(true)}>
                      {entry.label}
                    </DropdownMenu.Item>
                  );
              }
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog dialog--narrow" data-testid="reset-demo-dialog">
            <AlertDialog.Title className="dialog__title">Reset demo account</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              Every wallet, deposit and sell order of the demo account is deleted and the demo data is added again. User
              wallet connect is turned off.
            </AlertDialog.Description>
            <div className="form__actions">
              <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
              <SubmitButton
                type="button"
                className="button button--danger"
                data-testid="confirm-reset-demo"
                pending={reset.isPending}
                onClick={confirmReset}
              >
                Reset
              </SubmitButton>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
