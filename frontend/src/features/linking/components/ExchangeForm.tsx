import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import type { AddExchangeAnswerFragment } from '@/gql/graphql';
import { addExchange, type ExchangeValues } from '@/features/linking/api/addExchange';
import { updateExchange } from '@/features/linking/api/updateExchange';
import { useAccountAdded } from '@/features/linking/api/useAccountAdded';
import { FIELD_LABELS, type ExchangeField, type LinkForm } from '@/features/linking/utils/forms';
import { EXCHANGE_ADDED, EXCHANGE_PROBLEM, EXCHANGE_UPDATED, FIELD_REQUIRED, exchangeErrorMessage } from '@/features/linking/utils/messages';
import { KeyPairGenerator } from './KeyPairGenerator';
import { TextField } from './TextField';

type Values = Record<ExchangeField, string>;
type Errors = Partial<Record<ExchangeField, string>>;

const EMPTY: Values = { customerId: '', apiKey: '', apiSecret: '', passphrase: '' };

function missing(fields: ExchangeField[], values: Values): Errors {
  return Object.fromEntries(fields.filter((field) => !values[field].trim()).map((field) => [field, FIELD_REQUIRED]));
}

/** The exchange forms of spec 000 §2/§5: key only, key + secret, + passphrase, customer id + key + secret.
 * With `accountId`, the same form gives that exchange new credentials (or moves it from files to the API). */
export function ExchangeForm({
  slug,
  form,
  onLinked,
  accountId,
}: {
  slug: string;
  form: Extract<LinkForm, { kind: 'exchange' }>;
  onLinked: () => void;
  accountId?: string;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const accountAdded = useAccountAdded();
  const keyOnly = form.fields.length === 1;

  const mutation = useMutation({
    mutationFn: (input: ExchangeValues): Promise<Pick<AddExchangeAnswerFragment, 'success' | 'error'>> =>
      accountId === undefined ? addExchange(form.mutation, input) : updateExchange(form.mutation, accountId, input),
    onSuccess: (answer) => {
      if (answer.success) {
        accountAdded(accountId === undefined ? EXCHANGE_ADDED : EXCHANGE_UPDATED);
        onLinked();
      } else {
        setServerError(exchangeErrorMessage(answer.error));
      }
    },
    onError: () => setServerError(EXCHANGE_PROBLEM),
  });

  const set = (field: ExchangeField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerError(null);
    if (value.trim()) setErrors((current) => ({ ...current, [field]: undefined }));
    else if (keyOnly) setErrors((current) => ({ ...current, [field]: FIELD_REQUIRED }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = missing(form.fields, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setServerError(null);
    mutation.mutate({
      accountTypeSlug: slug,
      apiKey: values.apiKey.trim(),
      apiSecret: values.apiSecret.trim(),
      passphrase: values.passphrase.trim(),
      customerId: values.customerId.trim(),
    });
  }

  const hasError = Object.values(errors).some(Boolean) || Boolean(serverError);
  return (
    <form className="form link-form" noValidate onSubmit={onSubmit} data-testid="exchange-form">
      {form.keyPair ? <KeyPairGenerator slug={slug} onPrivateKey={set('apiSecret')} /> : null}
      {form.fields.map((field) => (
        <TextField
          key={field}
          label={field === 'apiSecret' ? form.secretLabel : FIELD_LABELS[field]}
          value={values[field]}
          onChange={set(field)}
          error={errors[field]}
          testId={`exchange-${field}`}
          secret={field === 'apiSecret' || field === 'passphrase'}
          multiline={field === 'apiSecret' && form.keyPair}
        />
      ))}
      {serverError ? (
        <p className="notice notice--error" role="alert" data-testid="link-error">
          {serverError}
        </p>
      ) : null}
      <div className="form__actions">
        <SubmitButton pending={mutation.isPending} disabled={keyOnly && (!values.apiKey.trim() || hasError)} data-testid="link-submit">
          {accountId === undefined ? 'Add account' : 'Update account'}
        </SubmitButton>
      </div>
    </form>
  );
}
