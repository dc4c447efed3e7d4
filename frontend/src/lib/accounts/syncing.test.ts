import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyAccountSyncing, isAccountSyncing, pollWhileSyncing, type SyncableAccount } from './syncing';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function account(kind: number, syncInfo: Partial<SyncableAccount['syncInfo']> = {}): SyncableAccount {
  return { kind, syncInfo: { isSyncing: false, willBeDeleted: false, lastSynced: null, ...syncInfo } };
}

describe('isAccountSyncing', () => {
  it('counts exchanges and wallets that are syncing', () => {
    expect(isAccountSyncing(account(1, { isSyncing: true }), NOW)).toBe(true);
    expect(isAccountSyncing(account(2, { isSyncing: true }), NOW)).toBe(true);
    expect(isAccountSyncing(account(2), NOW)).toBe(false);
  });

  it('ignores isSyncing for custom wallets', () => {
    expect(isAccountSyncing(account(3, { isSyncing: true }), NOW)).toBe(false);
  });

  it('counts accounts about to be deleted, custom wallets included', () => {
    expect(isAccountSyncing(account(3, { willBeDeleted: true }), NOW)).toBe(true);
    expect(isAccountSyncing(account(1, { willBeDeleted: true }), NOW)).toBe(true);
  });

  it('counts accounts last synced less than 10 seconds ago', () => {
    const recent = new Date(NOW - 9_999).toISOString();
    const edge = new Date(NOW - 10_000).toISOString();
    const old = new Date(NOW - 60_000).toISOString();
    expect(isAccountSyncing(account(3, { lastSynced: recent }), NOW)).toBe(true);
    expect(isAccountSyncing(account(3, { lastSynced: edge }), NOW)).toBe(false);
    expect(isAccountSyncing(account(2, { lastSynced: old }), NOW)).toBe(false);
    expect(isAccountSyncing(account(3, { lastSynced: 'not a date' }), NOW)).toBe(false);
  });
});

describe('list refresh', () => {
  afterEach(() => vi.useRealTimers());

  function syncRefreshInterval(accounts: readonly SyncableAccount[] | undefined, now: number): number | false {
    vi.useFakeTimers({ now });
    const polling = pollWhileSyncing<readonly SyncableAccount[]>((data) => data);
    return polling.refetchInterval({ state: { data: accounts, dataUpdateCount: 1, errorUpdateCount: 0 } });
  }

  it('refreshes every 5 s while any account is syncing and stops otherwise', () => {
    const idle = [account(3), account(3, { isSyncing: true })];
    const busy = [...idle, account(3, { lastSynced: new Date(NOW - 1_000).toISOString() })];
    expect(anyAccountSyncing(idle, NOW)).toBe(false);
    expect(syncRefreshInterval(idle, NOW)).toBe(false);
    expect(anyAccountSyncing(busy, NOW)).toBe(true);
    expect(syncRefreshInterval(busy, NOW)).toBe(5_000);
    expect(syncRefreshInterval(undefined, NOW)).toBe(false);
  });
});
