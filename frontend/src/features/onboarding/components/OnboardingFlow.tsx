import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { SubmitButton } from '@/components/SubmitButton';
import { openList, PARAM_ADD_INTEGRATION } from '@/lib/addWalletsModalUrl';
import { useChooseHomePage, useConfirmCountry, useOnboardingStatus } from '@/features/onboarding/api/useOnboarding';
import { COUNTRIES, countryName, FLOW, nextStep, QUIZ_ANSWERS, stepNumber, stepPath, type OnboardingStep } from '@/features/onboarding/utils/steps';
import './onboarding.css';

export const COUNTRY_REQUIRED = 'Choose your country.';

const COPY: Record<OnboardingStep, { title: string; text: string }> = {
  'joined-welcome': {
    title: 'Welcome to Cairn',
    text: 'Let’s set up your account: add your wallets, see what Cairn does for you, and confirm where you pay taxes.',
  },
  'add-wallet': { title: 'Add your first wallet', text: 'Connect an exchange or a blockchain wallet, or import a CSV file of your transactions.' },
  'add-another-wallet': { title: 'Add another wallet', text: 'Most people use more than one exchange or wallet. Add them all for exact cost basis.' },
  'feature-introduction-welcome': { title: 'One place for all your crypto', text: 'Your unified transaction history, balances and portfolio, synced from every account you add.' },
  'feature-introduction-taxes': { title: 'Taxes, done right', text: 'Cost basis, gains and income for every tax year, and the forms to file them.' },
  'feature-introduction-performance': { title: 'See how you are doing', text: 'Follow your portfolio’s value, profit and return over any period.' },
  'confirm-settings': { title: 'Confirm your settings', text: 'Your country decides the tax rules Cairn applies.' },
  success: { title: 'You are all set', text: 'Cairn is calculating your portfolio and taxes.' },
  'resolve-transactions': { title: 'Resolve transactions', text: 'Transactions that need your review are listed on the transactions page.' },
  'file-taxes': { title: 'File your taxes', text: 'Your tax page shows gains and income for each year and makes the forms.' },
  quiz: { title: 'What brings you to Cairn?', text: 'Your answer chooses the page you land on when you sign in.' },
};

/** One onboarding step (spec 001 §2). `addWallets` is the add-your-wallets modal the route composes. */
export function OnboardingFlow({ step, addWallets }: { step: OnboardingStep; addWallets: ReactNode }) {
  const copy = COPY[step];
  const number = stepNumber(step);
  useEffect(() => {
    document.title = `${copy.title} | Cairn`;
  }, [copy.title]);
  return (
    <div className="page onboarding" data-testid={`onboarding-${step}`}>
      <div className="card onboarding__card">
        {number !== null ? (
          <p className="onboarding__progress" aria-label={`Step ${number} of ${FLOW.length}`}>
            {FLOW.map((each) => (
              <span key={each} className={`onboarding__dot${FLOW.indexOf(each) < number ? ' onboarding__dot--done' : ''}`} />
            ))}
          </p>
        ) : null}
        <h1 className="page__title">{copy.title}</h1>
        <p className="onboarding__text">{copy.text}</p>
        <StepBody step={step} />
      </div>
      {step === 'add-wallet' || step === 'add-another-wallet' ? addWallets : null}
    </div>
  );
}

function Continue({ step, label = 'Continue' }: { step: OnboardingStep; label?: string }) {
  const next = nextStep(step);
  return next ? (
    <Link className="button button--primary" to={stepPath(next)}>
      {label}
    </Link>
  ) : null;
}

function StepBody({ step }: { step: OnboardingStep }) {
  switch (step) {
    case 'add-wallet':
    case 'add-another-wallet':
      return <AddWalletStep step={step} />;
    case 'confirm-settings':
      return <ConfirmSettings />;
    case 'success':
      return <Success />;
    case 'quiz':
      return <Quiz />;
    case 'resolve-transactions':
      return <LinkOn to="/transactions" label="Open transactions" />;
    case 'file-taxes':
      return <LinkOn to="/tax" label="Open my tax page" />;
    default:
      return (
        <div className="onboarding__actions">
          <Continue step={step} label={step === 'joined-welcome' ? 'Get started' : 'Continue'} />
        </div>
      );
  }
}

function LinkOn({ to, label }: { to: string; label: string }) {
  return (
    <div className="onboarding__actions">
      <Link className="button button--primary" to={to}>
        {label}
      </Link>
      <Link className="button" to={stepPath('success')}>
        Back
      </Link>
    </div>
  );
}

function AddWalletStep({ step }: { step: 'add-wallet' | 'add-another-wallet' }) {
  const [params, setParams] = useSearchParams();
  return (
    <div className="onboarding__actions">
      <button type="button" className="button button--primary" data-testid="open-add-wallets" onClick={() => setParams(openList(params))}>
        {step === 'add-wallet' ? 'Add a wallet' : 'Add another wallet'}
      </button>
      <Continue step={step} label={step === 'add-wallet' ? 'Skip for now' : 'Continue'} />
    </div>
  );
}

function ConfirmSettings() {
  const status = useOnboardingStatus();
  const confirm = useConfirmCountry();
  const navigate = useNavigate();
  const [country, setCountry] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  if (status.isPending) return <PageLoading />;
  if (status.isError) return <PageLoadFailed title="Your settings could not be loaded." onRetry={() => void status.refetch()} />;
  const chosen = country ?? status.data.onboardingStatus.country ?? '';
  const offered = COUNTRIES.includes(chosen as (typeof COUNTRIES)[number]) || !chosen ? COUNTRIES : [chosen, ...COUNTRIES];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) {
      setError(COUNTRY_REQUIRED);
      return;
    }
    const result = await confirm.mutateAsync(chosen);
    if (!result.success) {
      setError(result.errorMessage ?? COUNTRY_REQUIRED);
      return;
    }
    navigate(stepPath('success'));
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Confirm your settings">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-country`}>
          Country
        </label>
        <select
          id={`${id}-country`}
          className="input"
          value={chosen}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setCountry(event.target.value);
            setError(undefined);
          }}
        >
          <option value="">Choose your country</option>
          {offered.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="onboarding__actions">
        <SubmitButton pending={confirm.isPending}>Confirm</SubmitButton>
      </div>
    </form>
  );
}

function Success() {
  const status = useOnboardingStatus();
  if (status.data && !status.data.onboardingStatus.countryConfirmed) return <Navigate to={stepPath('confirm-settings')} replace />;
  return (
    <>
      <div className="onboarding__actions">
        <Link className="button button--primary" to={status.data?.onboardingStatus.webAppHomePage ?? '/home'}>
          Go to my home page
        </Link>
      </div>
      <ul className="onboarding__more">
        <li>
          <Link to={stepPath('resolve-transactions')}>Resolve transactions</Link>
        </li>
        <li>
          <Link to={stepPath('file-taxes')}>File taxes</Link>
        </li>
        <li>
          <Link to={stepPath('quiz')}>Choose where you land</Link>
        </li>
      </ul>
    </>
  );
}

function Quiz() {
  const choose = useChooseHomePage();
  const navigate = useNavigate();
  return (
    <div className="onboarding__choices" role="group" aria-label="What brings you to Cairn?">
      {QUIZ_ANSWERS.map((answer) => (
        <button
          key={answer.page}
          type="button"
          className="button"
          disabled={choose.isPending}
          onClick={async () => {
            const result = await choose.mutateAsync(answer.page);
            if (result.success) navigate(stepPath('success'));
          }}
        >
          {answer.label}
        </button>
      ))}
    </div>
  );
}

/** /onboarding: the first step, or the add-wallet step opened on the integration `add_integration` names. */
export function OnboardingIndex() {
  const [params] = useSearchParams();
  const step = params.has(PARAM_ADD_INTEGRATION) ? 'add-wallet' : 'joined-welcome';
  return <Navigate to={{ pathname: stepPath(step), search: params.toString() ? `?${params.toString()}` : '' }} replace />;
}
