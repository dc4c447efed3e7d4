import { type FormEvent, useState } from 'react';
import { FieldError } from '@/components/FieldError';
import { useBookDemo } from '@/features/public-site/api/useBookDemo';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

// the server's bounds (api/schema/demo_booking.py)
const FIELDS = [
  { name: 'name', label: 'Name', maxLength: 100, required: true },
  { name: 'email', label: 'Work email', maxLength: 320, required: true },
  { name: 'company', label: 'Company', maxLength: 200, required: true },
] as const;
const MAX_MESSAGE_CHARS = 2000;

/** /enterprise/schedule-demo: the demo booking form, stored by the server and confirmed here. */
export function DemoBookingPage() {
  usePageMeta(PAGE_META.scheduleDemo);
  const book = useBookDemo();
  const [failed, setFailed] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setFailed(null);
    book.mutate(
      { name: text('name'), email: text('email'), company: text('company'), message: text('message') },
      {
        onSuccess: (result) => setFailed(result.success ? null : result.errorMessage),
        onError: (error) => setFailed(error.message),
      },
    );
  };
  const booked = book.data?.success ? book.data.email : null;
  return (
    <main className="public-page">
      <Hero title="Book your demo" lead="Tell us about your firm and we will show you Cairn for enterprises." />
      {booked ? (
        <p className="public-card public-confirmation" role="status" data-testid="demo-booked">
          Thank you! Your demo is booked. We will write to {booked} to find a time.
        </p>
      ) : (
        <form className="public-card public-demo-form" onSubmit={submit} aria-label="Book your demo">
          {FIELDS.map((field) => (
            <label key={field.name} className="field">
              <span className="field__label">{field.label}</span>
              <input
                className="input"
                name={field.name}
                type={field.name === 'email' ? 'email' : 'text'}
                maxLength={field.maxLength}
                required={field.required}
              />
            </label>
          ))}
          <label className="field">
            <span className="field__label">Message (optional)</span>
            <textarea className="input" name="message" rows={4} maxLength={MAX_MESSAGE_CHARS} />
          </label>
          <FieldError id="demo-booking-error" message={failed} />
          <button type="submit" className="button button--primary" disabled={book.isPending}>
            Book your demo
          </button>
        </form>
      )}
    </main>
  );
}
