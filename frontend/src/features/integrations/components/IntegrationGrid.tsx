import { IntegrationIcon } from '@/components/IntegrationIcon';
import { isGenericCsv, type Integration } from '@/features/integrations/utils/integration';

const SKELETON_COUNT = 8;

export function IntegrationGrid({
  loading,
  integrations,
  onSelect,
}: {
  loading: boolean;
  integrations: Integration[];
  onSelect: (integration: Integration) => void;
}) {
  if (loading) {
    return (
      <ul className="integration-grid" aria-busy="true" aria-label="Loading integrations" data-testid="integration-grid-loading">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <li key={index} className="integration-card integration-card--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--icon" />
            <span className="skeleton skeleton--text" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="integration-grid" aria-label="Integrations" data-testid="integration-grid">
      {integrations.map((integration) => {
        const generic = isGenericCsv(integration);
        return (
          <li key={`${integration.slug}-${integration.category}`}>
            <button
              type="button"
              className="integration-card"
              disabled={integration.isDisabled}
              data-testid={`integration-card-${integration.slug}`}
              onClick={() => onSelect(integration)}
            >
              <IntegrationIcon src={integration.imageUrl} name={integration.name} size={36} />
              <span className="integration-card__text">
                <span className="integration-card__name">{generic ? 'Import from CSV' : integration.name}</span>
                <span className="integration-card__meta">
                  {generic ? 'Upload a CSV, XLS or XLSX file' : integration.category}
                </span>
              </span>
              <span className="integration-card__chevron" aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
