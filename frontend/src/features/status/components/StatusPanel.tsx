import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '@/components/SubmitButton';
import { useResyncAll } from '@/lib/accounts/useResyncAll';
import { EVENTS, trackEvent } from '@/lib/analytics';
import { openList } from '@/lib/addWalletsModalUrl';
import { formatDateTime } from '@/lib/format';
import { useUserInfo } from '@/lib/user';
import { useCostBasisStatus } from '@/features/status/api/useCostBasisStatus';
import { useEnqueueCostBasis } from '@/features/status/api/useEnqueueCostBasis';
import { useSyncingAccounts } from '@/features/status/api/useSyncingAccounts';
import {
  ACCOUNT_STATUS_LABELS,
  computeAccountStatus,
  FAILED_CALCULATION_MESSAGE,
  FREEZING_ERROR_MESSAGE,
  freezingMessage,
  freezingPhase,
  isAddWalletDisabled,
  shouldOfferResync,
} from '@/features/status/utils/accountStatus';
import './status-panel.css';

/** Account status indicator, resync control, freezing message and Add wallet button (spec 000 §4). */
export function StatusPanel() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const costBasis = useCostBasisStatus();
  const me = useUserInfo();
  const accounts = useSyncingAccounts();
  const snapshot = costBasis.data?.costBasisStatus ?? null;
  const freezing = snapshot?.freezing.status ?? null;

  const stats = me.data?.me?.stats;
  const status = computeAccountStatus({
    loading: costBasis.isPending || me.isPending || accounts.loading,
    costBasis: snapshot,
    anyExchangeOrWalletSyncing: accounts.syncing,
    numberOfExchanges: stats?.numberOfExchanges ?? 0,
    numberOfLocalWallets: stats?.numberOfLocalWallets ?? 0,
    numberOfCustomWallets: stats?.numberOfCustomWallets ?? 0,
  });
  const label = ACCOUNT_STATUS_LABELS[status];
  const freezingText = freezingMessage(status, freezing);
  const addDisabled = isAddWalletDisabled(freezing);

  const enqueue = useEnqueueCostBasis();
  const resync = useResyncAll();
  const lastCalculated = formatDateTime(snapshot?.costBasisLastSyncedAt ?? snapshot?.costBasisComputeEndTime);

  return (
    <section
      className={`status-panel${open ? ' status-panel--open' : ''}`}
      aria-label="Account status"
      data-testid="status-panel"
      data-status={status}
    >
      <div className="status-panel__bar">
        <span className={`status-dot status-dot--${status.toLowerCase()}`} aria-hidden="true" />
        <div className="status-panel__text">
          <span className="status-panel__label" role="status" aria-live="polite" data-testid="account-status">
            {label}
          </span>
          {freezingText ? (
            <span className="status-panel__freezing" data-testid="freezing-message">
              {freezingText}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={open}
          aria-controls={detailsId}
          data-testid="status-panel-toggle"
          onClick={() => setOpen((value) => !value)}
        >
          Details
        </button>
        {shouldOfferResync(snapshot) ? (
          <SubmitButton
            type="button"
            className="button button--ghost button--small"
            pending={resync.isPending}
            data-testid="status-resync"
            onClick={() => {
              trackEvent(EVENTS.sidebarResyncButtonClicked);
              resync.mutate();
            }}
          >
            Resync
          </SubmitButton>
        ) : null}
        <button
          type="button"
          className="button button--primary button--small"
          data-testid="status-add-wallet"
          disabled={addDisabled}
          onClick={() => navigate({ pathname: '/wallets', search: openList(new URLSearchParams()).toString() })}
        >
          Add wallet
        </button>
      </div>
      {status === 'Failed' ? (
        <div className="status-panel__alert" role="alert" data-testid="status-failed-message">
          <p>{FAILED_CALCULATION_MESSAGE}</p>
          <SubmitButton
            type="button"
            className="button button--small"
            pending={enqueue.isPending}
            onClick={() => enqueue.mutate()}
            data-testid="status-retry-calculation"
          >
            Recalculate
          </SubmitButton>
        </div>
      ) : null}
      {status === 'Ready' && freezingPhase(freezing) === 'error' ? (
        <p className="status-panel__alert" role="alert">
          {FREEZING_ERROR_MESSAGE}
        </p>
      ) : null}
      <div className="status-panel__details" id={detailsId} hidden={!open}>
        <dl className="status-panel__facts">
          <div>
            <dt>Portfolio and tax calculations</dt>
            <dd>{label}</dd>
          </div>
          <div>
            <dt>Last calculated</dt>
            <dd>{lastCalculated ?? 'Not calculated yet'}</dd>
          </div>
          <div>
            <dt>Exchanges and wallets</dt>
            <dd>
              {stats
                ? `${stats.numberOfExchanges} exchanges · ${stats.numberOfLocalWallets} wallets · ${stats.numberOfCustomWallets} custom wallets`
                : '—'}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
