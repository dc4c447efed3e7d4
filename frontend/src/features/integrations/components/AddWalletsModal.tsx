import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IntegrationIcon } from '@/components/IntegrationIcon';
import { closeModal, openList, readModalSelection, selectGenericCsv, selectIntegration } from '@/lib/addWalletsModalUrl';
import type { ImportedWallet } from '@/lib/upload/jobs';
import { useAllIntegrations } from '@/features/integrations/api/useIntegrationSearch';
import { genericCsvIntegration, isGenericCsv, type Integration } from '@/features/integrations/utils/integration';
import { IntegrationDetail } from './IntegrationDetail';
import { IntegrationPicker } from './IntegrationPicker';
import '@/components/dialog/dialog.css';
import './add-wallets.css';

function useSelectedIntegration(slug: string | null, category: string | null) {
  const all = useAllIntegrations();
  if (!slug) return { integration: null, loading: false };
  const items = all.data?.integrations ?? [];
  if (isGenericCsv({ slug })) return { integration: genericCsvIntegration(items), loading: all.isPending };
  const match =
    items.find((item) => item.slug === slug && (!category || item.category.toLowerCase() === category.toLowerCase())) ??
    items.find((item) => item.slug === slug) ??
    null;
  return { integration: match, loading: all.isPending };
}

/** The Automatic sync form the route gives an integration (null: none); onLinked closes the modal. */
export type SyncForm = (integration: Integration, onLinked: () => void) => ReactNode | null;

/** The Add-your-wallets modal (spec 000 §2), state mirrored in the URL. */
export function AddWalletsModal({
  onImported,
  syncForm,
}: {
  onImported: (wallet: ImportedWallet | null, search: URLSearchParams) => void;
  syncForm?: SyncForm;
}) {
  const [params, setParams] = useSearchParams();
  const selection = readModalSelection(params);
  const { integration, loading } = useSelectedIntegration(selection.slug, selection.category);
  const navigate = useNavigate();

  const close = () => setParams(closeModal(params));
  const back = () => setParams(openList(params));

  let title = 'Add your wallets';
  if (selection.slug) {
    if (isGenericCsv({ slug: selection.slug })) title = 'Import transactions from CSV';
    else if (integration) title = `Add ${integration.name}`;
  }

  return (
    <Dialog.Root open={selection.open} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide add-wallets" data-testid="add-wallets-modal" aria-describedby={undefined}>
          <header className="dialog__header">
            {selection.slug ? (
              <button type="button" className="icon-button" aria-label="Back" data-testid="add-wallets-back" onClick={back}>
                <span aria-hidden="true">←</span>
              </button>
            ) : null}
            {integration && !isGenericCsv(integration) ? (
              <IntegrationIcon src={integration.imageUrl} name={integration.name} size={28} />
            ) : null}
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button dialog__close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <div className="dialog__body">
            {!selection.slug ? (
              <IntegrationPicker
                onPick={(picked) =>
                  setParams(isGenericCsv(picked) ? selectGenericCsv(params) : selectIntegration(params, picked.slug, picked.category))
                }
                onUploadCsv={() => setParams(selectGenericCsv(params))}
              />
            ) : loading ? (
              <div className="integration-detail" aria-busy="true">
                <span className="skeleton skeleton--block" />
              </div>
            ) : integration ? (
              <IntegrationDetail
                integration={integration}
                tab={selection.csvTab ? 'csv' : 'sync'}
                onTabChange={(tab) => setParams(selectIntegration(params, integration.slug, integration.category, tab === 'csv'))}
                onImported={(wallet) => onImported(wallet, closeModal(params))}
                syncForm={syncForm?.(integration, () => onImported(null, closeModal(params))) ?? null}
              />
            ) : (
              <div className="empty-state">
                <p className="empty-state__title">Integration not found</p>
                <p className="empty-state__text">This integration doesn't exist or is no longer supported.</p>
                <button type="button" className="button" onClick={() => navigate({ search: openList(params).toString() })}>
                  Back to integrations
                </button>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
