import { linkFormOf, type Integration } from '@/features/linking/utils/forms';
import { ExchangeForm } from './ExchangeForm';
import './linking.css';

/** New API credentials for an exchange the user has — after a refused key (the fix-API-credentials
 * task) or to move an exchange fed by files to its API: the integration's own exchange form, updating. */
export function UpdateCredentials({ integration, accountId, onUpdated }: { integration: Integration; accountId: string; onUpdated: () => void }) {
  const form = linkFormOf(integration);
  if (form?.kind !== 'exchange') {
    return (
      <p className="notice notice--info" data-testid="credentials-not-by-key">
        {integration.name} does not connect by API key.
      </p>
    );
  }
  return <ExchangeForm slug={integration.slug} form={form} onLinked={onUpdated} accountId={accountId} />;
}
