import type { Ref } from 'react';
import { LIMITS } from '@forkcast/shared/contracts';

/** Shown, and announced, when an uploaded or linked image has no description. */
export const ALT_REQUIRED = 'Describe the image for readers who cannot see it.';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The problem to show under the field, if any. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The labelled 'Alt text' field every image editor shares, with its hint and its one error. */
export function AltTextField({ id, value, onChange, error, ref }: Props) {
  return (
    <>
      <label htmlFor={id}>Alt text</label>
      <input
        ref={ref}
        id={id}
        type="text"
        autoComplete="off"
        maxLength={LIMITS.altText}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="fc-form__hint">
        Say what the picture shows, as you would to someone on the phone: “Bowls of laksa on a hawker-centre table”, not “image”.
      </p>
      {error && (
        <p id={`${id}-error`} className="fc-form__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
