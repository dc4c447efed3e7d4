import { useNavigate, useParams } from 'react-router';
import { AccountNotFound } from '@/components/AccountNotFound';
import { BackLink } from '@/components/BackLink';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { exchangePath } from '@/config/paths';
import { useAllIntegrations } from '@/features/integrations/api/useIntegrationSearch';
import { UpdateCredentials } from '@/features/linking/components/UpdateCredentials';
import { useAccount } from '@/lib/accounts/useAccount';

/** /accounts/{exchangeId}/credentials: the exchange's form, updating its credentials (from the account's
 * ⋯ menu and the fix-API-credentials task), which also moves an exchange fed by files to its API. */
export default function ExchangeCredentialsRoute() {
  const { exchangeId = '' } = useParams();
  const navigate = useNavigate();
  const account = useAccount(exchangeId);
  const integrations = useAllIntegrations();
  if (account.isPending || integrations.isPending) return <PageLoading />;
  if (account.isError || integrations.isError) {
    const retry = () => void Promise.all([account.refetch(), integrations.refetch()]);
    return <PageLoadFailed title="The exchange could not be loaded." onRetry={retry} />;
  }
  const exchange = account.data.account;
  const integration = integrations.data.integrations.find((candidate) => candidate.slug === exchange?.slug);
  if (!exchange || !integration) return <AccountNotFound />;
  return (
    <section className="page" aria-labelledby="credentials-heading">
      <BackLink to={exchangePath(exchange.id)} label={exchange.name} />
      <h1 id="credentials-heading">Update API credentials</h1>
      <UpdateCredentials integration={integration} accountId={exchange.id} onUpdated={() => void navigate(exchangePath(exchange.id))} />
    </section>
  );
}
