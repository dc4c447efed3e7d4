import type { PerformanceDuration } from '@/gql/graphql';
import './duration-picker.css';

/** The spec's performance durations (001 §3), as the period buttons name them. */
const DURATIONS: readonly { duration: PerformanceDuration; label: string; name: string }[] = [
  { duration: 'ONE_DAY', label: '1D', name: 'One day' },
  { duration: 'ONE_WEEK', label: '1W', name: 'One week' },
  { duration: 'ONE_MONTH', label: '1M', name: 'One month' },
  { duration: 'THREE_MONTH', label: '3M', name: 'Three months' },
  { duration: 'ONE_YEAR', label: '1Y', name: 'One year' },
  { duration: 'FIVE_YEAR', label: '5Y', name: 'Five years' },
  { duration: 'ALL_TIME', label: 'All', name: 'All time' },
];

/** One button per duration, the chosen one pressed. */
export function DurationPicker({ value, onChange }: { value: PerformanceDuration; onChange: (duration: PerformanceDuration) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Period">
      {DURATIONS.map((option) => (
        <button
          key={option.duration}
          type="button"
          className="segmented__option"
          aria-pressed={option.duration === value}
          aria-label={option.name}
          onClick={() => onChange(option.duration)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
