/** The API's or the form's message about one field, shown under it; the input names it in aria-describedby as `${id}-error`. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="fc-field__error" role="alert">
      {error}
    </p>
  );
}

/** The aria attributes of an input with a hint and, when there is one, an error. */
export function describedBy(id: string, error: string | undefined, hint = true) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}
