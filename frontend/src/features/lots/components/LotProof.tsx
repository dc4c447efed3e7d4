import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import { formatCrypto, formatDate, formatDateTime, formatFiat } from '@/lib/format';
import { useLotProof } from '@/features/lots/api/useLots';
import { disposalType, holdingPeriod, ruleApplied, shareRule } from '@/features/lots/utils/holding';
import './lots.css';

/**
 * /lot-proof/{flowId}/{disposedLotId}: one disposed slice traced from the acquisition through every
 * transfer and conversion (a wrap, liquid stake or liquidity move that was no disposal) to the disposal,
 * with the rule the calculation applied.
 */
export function LotProof({ flowId, disposedLotId }: { flowId: string; disposedLotId: string }) {
  const query = useLotProof(flowId, disposedLotId);
  if (query.isPending) return null;
  const proof = query.data?.lotProof;
  if (!proof) {
    return (
      <div className="page">
        <h1 className="page__title">Lot proof</h1>
        <p className="notice notice--warning">This disposed lot was not found. It may have changed with the last calculation.</p>
        <Link to="/disposed-lots">Disposed lots</Link>
      </div>
    );
  }
  // disposals are stored and shown in US dollars, as the calculation made them
  const currency = 'USD';
  const { disposed, steps } = proof;
  const rule = shareRule(disposed.rule);
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">
            Lot proof · {formatCrypto(disposed.quantity, disposed.asset)}
          </h1>
          <p className="page__subtitle" data-testid="proof-rule">
            {ruleApplied(proof.method, proof.scope)}
          </p>
        </div>
        <Link to={`/disposed-lots/${encodeURIComponent(disposed.flowId)}`}>Every lot of this disposal</Link>
      </header>
      <section className="card card--padded" aria-label="From acquisition to disposal">
        <ol className="proof" data-testid="lot-proof">
          {steps.length === 0 ? (
            <li className="proof__step">
              <p className="proof__title">No lot was held</p>
              <p className="muted">
                More was disposed of than these wallets held, so this slice counts with a cost basis of zero (missing
                purchase history).
              </p>
            </li>
          ) : null}
          {steps.map((step, index) => (
            <li key={step.lotId} className="proof__step" data-testid="proof-step">
              <p className="proof__title">
                {stepTitle(step, steps[index - 1])}
              </p>
              <dl className="proof__facts">
                <dt>When</dt>
                <dd>{formatDateTime(step.at)}</dd>
                <dt>Lot size</dt>
                <dd>{formatCrypto(step.quantity, step.asset, { precise: true })}</dd>
                <dt>Lot’s cost basis</dt>
                <dd>{formatFiat(step.costBasis, currency)}</dd>
                {index > 0 ? (
                  <>
                    <dt>Holding period</dt>
                    <dd>Carried over from {formatDate(step.acquiredAt)}</dd>
                  </>
                ) : null}
                <dt>Lot id</dt>
                <dd>
                  <code>{step.lotId}</code>
                </dd>
              </dl>
            </li>
          ))}
          <li className="proof__step proof__step--disposal" data-testid="proof-disposal">
            <p className="proof__title">
              {disposalType(disposed.type)} in {proof.disposalAccountName}
            </p>
            <dl className="proof__facts">
              <dt>When</dt>
              <dd>{formatDateTime(disposed.disposedAt)}</dd>
              <dt>Quantity</dt>
              <dd>{formatCrypto(disposed.quantity, disposed.asset, { precise: true })}</dd>
              <dt>Proceeds</dt>
              <dd>{formatFiat(disposed.proceeds, currency)}</dd>
              <dt>Cost basis</dt>
              <dd>{formatFiat(disposed.costBasis, currency)}</dd>
              <dt>Gain</dt>
              <dd data-testid="proof-gain">
                <Gain value={disposed.gain} currency={currency} />
              </dd>
              <dt>Holding period</dt>
              <dd>{holdingPeriod(disposed.holdingDays, disposed.term)}</dd>
              {rule ? (
                <>
                  <dt>Matching rule</dt>
                  <dd>{rule}</dd>
                </>
              ) : null}
              {disposed.deniedLoss !== '0' ? (
                <>
                  <dt>Loss denied</dt>
                  <dd>{formatFiat(disposed.deniedLoss, currency)} (superficial loss: added to the basis of the shares bought back)</dd>
                </>
              ) : null}
            </dl>
          </li>
        </ol>
      </section>
    </div>
  );
}

type Step = { asset: string; accountName: string };

/** What a step of the chain did: the acquisition, a transfer, or a conversion that carried the lot into another asset. */
function stepTitle(step: Step, before: Step | undefined): string {
  if (!before) return `Acquired in ${step.accountName}`;
  if (step.asset !== before.asset) return `Converted to ${step.asset} in ${step.accountName}`;
  return `Transferred to ${step.accountName}`;
}
