import type { CostBasisMethod } from '@/gql/graphql';

/** The spec's cost-basis methods (spec 001 §3), as the settings name them. */
export const METHODS: readonly { value: CostBasisMethod; label: string }[] = [
  { value: 'FIFO', label: 'First in, first out (FIFO)' },
  { value: 'LIFO', label: 'Last in, first out (LIFO)' },
  { value: 'HIFO', label: 'Highest in, first out (HIFO)' },
  { value: 'ACB', label: 'Adjusted cost base (ACB, Canada)' },
  { value: 'WAC', label: 'Weighted average cost (WAC)' },
  { value: 'SP', label: 'Share pooling (SP, United Kingdom)' },
];

export function methodLabel(method: string): string {
  return METHODS.find((option) => option.value === method)?.label ?? method;
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
