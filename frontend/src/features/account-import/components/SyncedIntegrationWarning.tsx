import { IMPORT_GUIDE_ID } from './ImportGuide';
import { syncedIntegrationWarning } from '@/features/account-import/utils/importTypes';

/** Shown when the account already syncs automatically (spec 000 §8 "Warning for synced integrations"). */
export function SyncedIntegrationWarning({ integrationName }: { integrationName: string }) {
  return (
    <div className="notice notice--warning" role="note" data-testid="synced-integration-warning">
      {syncedIntegrationWarning(integrationName)}{' '}
      <a className="link-button" href={`#${IMPORT_GUIDE_ID}`}>
        Read the guide to importing without duplicates
      </a>
    </div>
  );
}
