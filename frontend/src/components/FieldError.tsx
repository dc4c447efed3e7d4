/** An error shown beneath a form field (spec 001 §5: errors beneath, field marked invalid). */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id} role="alert">
      {message}
    </p>
  );
}
