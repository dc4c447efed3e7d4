import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RegisterAsTaxProDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useSignedIn } from '@/lib/session';
import { useUserInfo } from '@/lib/user';
import { useTaxProAction } from '@/features/tax-pros/api/useTaxPros';
import { TAX_PRO_DASHBOARD } from '@/features/tax-pros/utils/links';

/** /tax-professionals (where /tax-pros leads): what Cairn offers tax professionals, and registering as
 * one (spec 001 §7 register as tax pro), optionally founding a firm. */
export function RegisterTaxPro() {
  const signedIn = useSignedIn();
  return (
    <div className="page tax-pros__landing">
      <header className="page__header">
        <h1 className="page__title">Cairn for tax professionals</h1>
        <p className="page__subtitle">
          Invite your clients, work on their books with them and prepare their crypto tax reports — alone or as a firm.
        </p>
      </header>
      {signedIn ? (
        <Registration />
      ) : (
        <p>
          <Link className="button button--primary" to="/signup?next=/tax-professionals">
            Start for free
          </Link>{' '}
          <Link to="/login?next=/tax-professionals">Sign in</Link>
        </p>
      )}
    </div>
  );
}

function Registration() {
  const me = useUserInfo();
  const navigate = useNavigate();
  const [cpa, setCpa] = useState(false);
  const [firmName, setFirmName] = useState('');
  const register = useTaxProAction((variables: { isCpa: boolean; firmName: string | null }) =>
    request(RegisterAsTaxProDocument, variables).then((answer) => answer.registerAsTaxPro),
  );
  if (me.isPending) return null;
  if (me.data?.me?.registeredAsTaxPro) {
    return (
      <p>
        <Link className="button button--primary" to={TAX_PRO_DASHBOARD}>
          Go to tax pro dashboard
        </Link>
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await register.mutateAsync({ isCpa: cpa, firmName: firmName.trim() || null });
    if (answer.success) navigate(TAX_PRO_DASHBOARD);
  };
  return (
    <form className="card card--padded form" onSubmit={(event) => void submit(event)} aria-labelledby="register-title">
      <h2 id="register-title" className="card__title">
        Register as a tax professional
      </h2>
      <label className="choice">
        <input type="checkbox" checked={cpa} onChange={(event) => setCpa(event.target.checked)} />
        <span>I am a certified public accountant (CPA)</span>
      </label>
      <label className="field">
        <span className="field__label">Firm name (optional)</span>
        <input className="input" value={firmName} maxLength={200} onChange={(event) => setFirmName(event.target.value)} />
        <span className="field__hint">With a name, you found this firm and become its admin.</span>
      </label>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={register.isPending}>
          Register
        </button>
      </div>
    </form>
  );
}
