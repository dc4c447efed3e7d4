import type { TransactionType } from '@/gql/graphql';
import { TRANSACTION_TYPES, typeLabel } from '@/features/transactions/utils/types';

/** The labelled select of every transaction type, as adding and editing a transaction both ask it. */
export function TransactionTypeField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: TransactionType;
  onChange: (type: TransactionType) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Type
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as TransactionType)}>
        {TRANSACTION_TYPES.map((option) => (
          <option key={option} value={option}>
            {typeLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
