import * as Toast from '@radix-ui/react-toast';
import { toast, useToasts } from './toastStore';
import './toast.css';

const TITLES = { success: 'Success', info: 'Information', warning: 'Warning', error: 'Error' } as const;

export function Toaster() {
  const items = useToasts();
  return (
    <Toast.Provider swipeDirection="right" label="Notifications">
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          className={`toast toast--${item.variant}`}
          data-testid="toast"
          data-variant={item.variant}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          duration={item.duration}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) {
              toast.dismiss(item.id);
              window.setTimeout(() => toast.remove(item.id), 200);
            }
          }}
        >
          <span className="toast__icon" aria-hidden="true" />
          <div className="toast__body">
            <Toast.Title className="visually-hidden">{TITLES[item.variant]}</Toast.Title>
            <Toast.Description className="toast__message">{item.message}</Toast.Description>
          </div>
          <Toast.Close className="icon-button toast__close" aria-label="Close notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" data-testid="toasts" />
    </Toast.Provider>
  );
}
