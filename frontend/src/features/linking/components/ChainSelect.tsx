import { useId } from 'react';
import { FieldError } from '@/components/FieldError';
import { chainName } from '@/features/linking/utils/forms';

/** The blockchain a wallet form adds to; a fixed label when the integration has one chain. */
export function ChainSelect({
  chains,
  value,
  onChange,
  error,
}: {
  chains: string[];
  value: string;
  onChange: (chain: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Blockchain
      </label>
      <select
        id={id}
        className="input"
        data-testid="link-chain"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {chains.length > 1 ? <option value="">Choose a blockchain</option> : null}
        {chains.map((chain) => (
          <option key={chain} value={chain}>
            {chainName(chain)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
