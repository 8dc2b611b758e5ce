import type { Ref } from 'react';
import { LIMITS } from '@forkcast/shared/contracts';
import { FieldError } from './FieldError';

interface Props {
  id: string;
  value: string;
  /** What the slug would be if it followed the name (free of other cities' slugs and the site's own pages). */
  derived: string;
  /** The slug readers reach the city at now; undefined for a city not saved yet. */
  saved: string | undefined;
  /** Whether the city's pages are live, so that a new slug leaves redirects behind. */
  live: boolean;
  onChange: (slug: string) => void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The city's slug with the address it gives, as it will be: a new city's follows its name until the
 * editor types one; a saved city keeps its own unless the editor takes the one its name gives.
 */
export function SlugField({ id, value, derived, saved, live, onChange, error, ref }: Props) {
  const slug = value.trim() || derived;
  // The host without its scheme keeps the address short enough for the side column.
  const address = `${window.location.host}/${slug}/guide`;
  const moving = saved !== undefined && slug !== saved;
  return (
    <div className="fc-field">
      <label htmlFor={id}>Slug</label>
      <input
        ref={ref}
        id={id}
        value={value}
        placeholder={derived}
        onChange={(event) => onChange(event.target.value)}
        maxLength={LIMITS.city.slug}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-address${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-address`} className="fc-city-address">
        <span className="fc-city-address__label">{live ? 'Guide address' : 'Guide address, once its guide is published'}</span>
        <output htmlFor={id}>{address}</output>
        {moving && live && <span className="fc-dash-hint">The old address, /{saved}/guide, will redirect here.</span>}
      </p>
      {saved !== undefined && derived !== value.trim() && (
        <button type="button" className="fc-dash-text-button fc-city-derive" onClick={() => onChange(derived)}>
          Use “{derived}” from the name
        </button>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
