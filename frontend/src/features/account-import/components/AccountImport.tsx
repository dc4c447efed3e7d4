import { useEffect } from 'react';
import { useParams } from 'react-router';
import { AccountNotFound } from '@/components/AccountNotFound';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { customWalletPath, exchangePath } from '@/config/paths';
import { ACCOUNT_KIND } from '@/lib/accounts/syncing';
import { useAccount } from '@/lib/accounts/useAccount';
import { ImportForm } from './ImportForm';
import './account-import.css';

export type ImportTarget = 'exchange' | 'customWallet';

const TARGETS = {
  exchange: { kind: ACCOUNT_KIND.EXCHANGE, param: 'exchangeId', path: exchangePath, noun: 'exchange' },
  customWallet: { kind: ACCOUNT_KIND.CUSTOM_WALLET, param: 'walletId', path: customWalletPath, noun: 'custom wallet' },
} as const;

/** /accounts/{exchangeId}/import and /custom_wallets/{walletId}/import: a file into an existing account. */
export function AccountImport({ target }: { target: ImportTarget }) {
  const config = TARGETS[target];
  const id = useParams()[config.param] ?? '';
  const query = useAccount(id);
  const account = query.data?.account;

  useEffect(() => {
    document.title = `Import file${account ? ` into ${account.name}` : ''} | Cairn`;
  }, [account]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageLoadFailed title={`We couldn't load this ${config.noun}`} onRetry={() => void query.refetch()} />;
  if (!account || account.kind !== config.kind) return <AccountNotFound />;
  return <ImportForm key={account.id} account={account} accountPath={config.path(account.id)} />;
}
