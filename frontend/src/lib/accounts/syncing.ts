/**
 * Syncing rule (spec 000 §4 "Syncing"): an account counts as syncing if it is syncing, about to
 * be deleted, or was last synced less than 10 seconds ago. For a custom wallet only "about to be
 * deleted" or "recently synced" count. While any account is syncing its list refreshes every 5 s.
 */
import { pollEvery, SYNCING_POLL_MS, type Polling } from '@/lib/polling';

export const ACCOUNT_KIND = { EXCHANGE: 1, WALLET: 2, CUSTOM_WALLET: 3, OTHER_TRANSACTIONS: 4 } as const;
export const RECENT_SYNC_WINDOW_MS = 10_000;

export interface SyncableAccount {
  kind: number;
  syncInfo: {
    isSyncing: boolean;
    willBeDeleted: boolean;
    lastSynced: string | null;
  };
}

export function isRecentlySynced(lastSynced: string | null, now: number = Date.now()): boolean {
  if (!lastSynced) return false;
  const time = Date.parse(lastSynced);
  if (Number.isNaN(time)) return false;
  return now - time < RECENT_SYNC_WINDOW_MS;
}

export function isAccountSyncing(account: SyncableAccount, now: number = Date.now()): boolean {
  const { syncInfo } = account;
  if (syncInfo.willBeDeleted || isRecentlySynced(syncInfo.lastSynced, now)) return true;
  if (account.kind === ACCOUNT_KIND.CUSTOM_WALLET) return false;
  return syncInfo.isSyncing;
}

export function anyAccountSyncing(accounts: readonly SyncableAccount[] | undefined, now: number = Date.now()): boolean {
  return (accounts ?? []).some((account) => isAccountSyncing(account, now));
}

/** Polling of a list of accounts: every 5 s while any of them is syncing, otherwise off. */
export function pollWhileSyncing<TData>(accountsOf: (data: TData | undefined) => readonly SyncableAccount[] | undefined): Polling<TData> {
  return pollEvery<TData>(SYNCING_POLL_MS, { while: (data) => anyAccountSyncing(accountsOf(data)) });
}
