import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useCheckoutStatus, useCreateCheckoutSession } from '@/features/plans/api/usePlans';
import './plans.css';

const STARTING = 'Taking you to checkout…';
const CONFIRMING = 'Confirming your payment…';
const NOT_FOUND = 'This checkout could not be found.';
const NOT_STARTED = 'Checkout could not be started. Please try again later.';

/**
 * /subscription/checkout: with `plan`, starts a checkout at the payment provider and sends the browser to
 * its page; with `session_id` (the provider sends the browser back so), waits for the provider's webhook
 * to give the plan, then says so. Without either it is the plans page.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const sessionId = params.get('session_id');
  if (sessionId) return <CheckoutReturn sessionId={sessionId} />;
  if (plan) return <CheckoutStart plan={plan} />;
  return <Navigate to="/plans" replace />;
}

function CheckoutStart({ plan }: { plan: string }) {
  const create = useCreateCheckoutSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // once, even when React runs effects twice
    started.current = true;
    create.mutate(plan, {
      onSuccess: (answer) => {
        if (answer.success && answer.url) window.location.assign(answer.url);
        else setError(answer.errorMessage ?? NOT_STARTED);
      },
      onError: () => setError(NOT_STARTED),
    });
  }, [create, plan]);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Checkout</h1>
      </header>
      {error ? (
        <div className="card card--padded">
          <p className="notice notice--warning" role="alert">
            {error}
          </p>
          <Link to="/plans">Back to plans</Link>
        </div>
      ) : (
        <p role="status">{STARTING}</p>
      )}
    </div>
  );
}

function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const { data: checkout, isPending, isError } = useCheckoutStatus(sessionId);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Checkout</h1>
      </header>
      <div className="card card--padded" data-testid="checkout-result">
        {isPending ? (
          <DelayedSpinner />
        ) : isError || checkout === null || checkout === undefined ? (
          <p className="notice notice--warning" role="alert">
            {NOT_FOUND}
          </p>
        ) : checkout.completed ? (
          <>
            <p className="notice notice--success" role="status">
              Payment received. You are now on {checkout.name}.
            </p>
            <p>
              <Link to="/reports">Generate your tax reports</Link> · <Link to="/subscription/manage">Manage your subscription</Link>
            </p>
          </>
        ) : (
          <p role="status">{CONFIRMING}</p>
        )}
      </div>
    </div>
  );
}
