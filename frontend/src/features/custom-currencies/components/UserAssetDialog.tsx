import { useId, useState, type FormEvent } from 'react';
import { DialogCancel, DialogFrame } from '@/components/dialog/DialogFrame';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import type { UserAssetFieldsFragment } from '@/gql/graphql';
import { parseDecimal } from '@/lib/format';
import { useSaveUserAsset } from '@/features/custom-currencies/api/useUserAssets';

// The server's bounds (api/schema/user_assets.py); it checks every one again.
const MAX_SYMBOL_CHARS = 40;
const MAX_NAME_CHARS = 200;
const MAX_DESCRIPTION_CHARS = 1000;
export const SYMBOL_REQUIRED = 'Enter a symbol.';
export const NAME_REQUIRED = 'Enter a name.';
export const PRICE_INVALID = 'Enter a price of zero or more in US dollars, or leave it empty.';

type Problems = Partial<Record<'symbol' | 'name' | 'priceUsd' | 'form', string>>;

function checked(symbol: string, name: string, price: string): Problems {
  const problems: Problems = {};
  if (!symbol.trim()) problems.symbol = SYMBOL_REQUIRED;
  if (!name.trim()) problems.name = NAME_REQUIRED;
  const parsed = price.trim() ? parseDecimal(price) : undefined;
  if (parsed === null || parsed?.neg) problems.priceUsd = PRICE_INVALID;
  return problems;
}

/** Add a custom currency (`asset` undefined) or edit one: symbol, name, description and price in USD. */
export function UserAssetDialog({ asset, onClose }: { asset?: UserAssetFieldsFragment; onClose: () => void }) {
  const [symbol, setSymbol] = useState(asset?.symbol ?? '');
  const [name, setName] = useState(asset?.name ?? '');
  const [description, setDescription] = useState(asset?.description ?? '');
  const [price, setPrice] = useState(asset?.priceUsd ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const id = useId();
  const save = useSaveUserAsset(asset?.id ?? null, { onSaved: onClose, onError: (message) => setProblems({ form: message }) });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checked(symbol, name, price);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ symbol: symbol.trim(), name: name.trim(), description: description.trim() || null, priceUsd: price.trim() || null });
  }

  const described = (field: keyof Problems) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  return (
    <DialogFrame
      title={asset ? `Edit ${asset.symbol}` : 'Add custom currency'}
      description="The price, in US dollars, values this currency today wherever Cairn has no market price for it."
      onClose={onClose}
      narrow
      testId="user-asset-dialog"
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-symbol`}>
            Symbol
          </label>
          <input
            id={`${id}-symbol`}
            className="input"
            value={symbol}
            maxLength={MAX_SYMBOL_CHARS}
            onChange={(event) => setSymbol(event.target.value)}
            autoFocus
            {...described('symbol')}
          />
          <FieldError id={`${id}-symbol-error`} message={problems.symbol} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input id={`${id}-name`} className="input" value={name} maxLength={MAX_NAME_CHARS} onChange={(event) => setName(event.target.value)} {...described('name')} />
          <FieldError id={`${id}-name-error`} message={problems.name} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            className="input custom-currencies__description"
            rows={3}
            value={description}
            maxLength={MAX_DESCRIPTION_CHARS}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-price`}>
            Price (USD)
          </label>
          <input
            id={`${id}-price`}
            className="input"
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            {...described('priceUsd')}
          />
          <FieldError id={`${id}-priceUsd-error`} message={problems.priceUsd} />
        </div>
        <FieldError id={`${id}-form-error`} message={problems.form} />
        <div className="form__actions">
          <DialogCancel />
          <SubmitButton pending={save.isPending}>Save</SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
