import { useId } from 'react';
import type { ImportTypeOption } from '@/features/account-import/utils/importTypes';

/** The import type, as radio buttons limited to the account's allowed types. */
export function ImportTypeChoice({
  options,
  value,
  disabled,
  onChange,
}: {
  options: readonly ImportTypeOption[];
  value: number | null;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <fieldset className="choice-list" data-testid="import-type-choice">
      <legend className="field__label">Import type</legend>
      {options.map((option) => (
        <label key={option.value} className="choice" htmlFor={`${id}-${option.value}`}>
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={`${id}-import-type`}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
            data-testid={`import-type-${option.value}`}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
