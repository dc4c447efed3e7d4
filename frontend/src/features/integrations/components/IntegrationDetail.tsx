import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import type { ImportedWallet } from '@/lib/upload/jobs';
import {
  acceptedFormats,
  csvTabLabel,
  isGenericCsv,
  isGenericImport,
  supportsAutomaticSync,
  supportsOwnFile,
  type Integration,
} from '@/features/integrations/utils/integration';
import { CsvImportForm } from './CsvImportForm';

function instructionText(html: string, section: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const part = doc.querySelector(`.${section}, #${section}, [data-section="${section}"]`) ?? doc.body;
  return (part.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function IntegrationDetail({
  integration,
  tab,
  onTabChange,
  onImported,
  syncForm,
}: {
  integration: Integration;
  tab: 'sync' | 'csv';
  onTabChange: (tab: 'sync' | 'csv') => void;
  onImported: (wallet: ImportedWallet | null) => void;
  /** The Automatic sync tab's form, from the route (null: the integration has none). */
  syncForm: ReactNode | null;
}) {
  const form = (
    <CsvImportForm
      key={integration.slug}
      accountTypeSlug={integration.slug}
      defaultWalletName={integration.name}
      isGeneric={isGenericImport(integration)}
      acceptedFormats={acceptedFormats(integration)}
      onImported={onImported}
    />
  );

  if (isGenericCsv(integration)) {
    return (
      <div className="integration-detail">
        <p className="integration-detail__lead">
          Upload a file in the {integration.name} format to create a custom wallet with its transactions.
        </p>
        {form}
      </div>
    );
  }

  if (integration.info.isInstitutional) {
    return (
      <div className="integration-detail">
        <div className="notice notice--info" role="note">
          {integration.name} is available for institutional accounts. Please contact our enterprise team to connect it.
        </div>
      </div>
    );
  }

  const showSync = supportsAutomaticSync(integration) && syncForm !== null;
  const activeTab = showSync ? tab : 'csv';
  const fileHelp = instructionText(integration.instructions, 'file-importer');

  return (
    <div className="integration-detail">
      {supportsAutomaticSync(integration) && !showSync ? (
        <p className="integration-detail__lead" data-testid="automatic-sync-unavailable">
          Automatic sync for {integration.name} is not available yet. You can import its transactions from a file.
        </p>
      ) : null}
      <Tabs.Root
        className="tabs"
        value={activeTab}
        onValueChange={(value) => onTabChange(value === 'sync' ? 'sync' : 'csv')}
      >
        <Tabs.List className="tabs__list" aria-label={`Ways to add ${integration.name}`}>
          {showSync ? (
            <Tabs.Trigger className="tabs__trigger" value="sync">
              Automatic sync
            </Tabs.Trigger>
          ) : null}
          <Tabs.Trigger className="tabs__trigger" value="csv">
            {csvTabLabel(integration)}
          </Tabs.Trigger>
        </Tabs.List>
        {showSync ? (
          <Tabs.Content className="tabs__content" value="sync">
            {syncForm}
          </Tabs.Content>
        ) : null}
        <Tabs.Content className="tabs__content" value="csv">
          {fileHelp && supportsOwnFile(integration) ? <p className="integration-detail__help">{fileHelp}</p> : null}
          {form}
        </Tabs.Content>
      </Tabs.Root>
      {integration.websiteUrl ? (
        <p className="integration-detail__website">
          <a href={integration.websiteUrl} target="_blank" rel="noreferrer noopener">
            Visit the {integration.name} website
          </a>
        </p>
      ) : null}
    </div>
  );
}
