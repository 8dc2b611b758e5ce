import TextareaAutosize from 'react-textarea-autosize';
import { LIMITS } from '@forkcast/shared/contracts';
import { DashboardHeroPicker, type HeroChoice } from '../DashboardHeroPicker';
import { CityLinksFields } from './CityLinksFields';
import type { CityDraft, CityField } from './city-form';
import { describedBy, FieldError } from './FieldError';
import { SlugField } from './SlugField';

export type FieldErrors = Partial<Record<CityField, string>>;

/** What the city's fields need of the editor: the form, its errors, and how to change and focus them. */
export interface CityFieldsProps {
  /** The editor's useId(), which the fields' own ids start with. */
  id: string;
  draft: CityDraft;
  errors: FieldErrors;
  /** Sets one field of the form, clearing the error of `field` (the key's own by default). */
  set: <K extends keyof CityDraft>(key: K, value: CityDraft[K], field?: CityField) => void;
  /** Registers each input, so a refusal can put focus on it. */
  bind: (field: CityField) => (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

/** The city's name, country, description, hero image and links. */
export function CityFields({
  id,
  draft,
  errors,
  set,
  bind,
  heading,
  onHero,
}: CityFieldsProps & { heading: string; onHero: (hero: HeroChoice) => void }) {
  return (
    <div className="fc-editor__form">
      <h1 id={`${id}-heading`} className="fc-city-heading">
        {heading}
      </h1>
      <div className="fc-editor__title">
        <label htmlFor={`${id}-name`} className="visually-hidden">
          Name
        </label>
        <input
          ref={bind('name')}
          id={`${id}-name`}
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
          placeholder="City name"
          maxLength={LIMITS.guide.cityName}
          autoComplete="off"
          required
          {...describedBy(`${id}-name`, errors.name, false)}
        />
        <FieldError id={`${id}-name`} error={errors.name} />
      </div>
      <div className="fc-field">
        <label htmlFor={`${id}-country`}>
          Country <span className="fc-dash-optional">optional</span>
        </label>
        <input
          ref={bind('country')}
          id={`${id}-country`}
          value={draft.country}
          onChange={(event) => set('country', event.target.value)}
          maxLength={LIMITS.city.country}
          autoComplete="off"
          {...describedBy(`${id}-country`, errors.country, false)}
        />
        <FieldError id={`${id}-country`} error={errors.country} />
      </div>
      <div className="fc-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <TextareaAutosize
          ref={bind('description')}
          id={`${id}-description`}
          minRows={3}
          maxRows={12}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
          maxLength={LIMITS.guide.description}
          {...describedBy(`${id}-description`, errors.description)}
        />
        <p id={`${id}-description-hint`} className="fc-dash-hint">
          A sentence or two on the city’s cards (home, City Guides). {draft.description.length}/{LIMITS.guide.description}
        </p>
        <FieldError id={`${id}-description`} error={errors.description} />
      </div>

      <div className="fc-city-section">
        <DashboardHeroPicker
          value={draft.hero}
          onChange={onHero}
          hint="Choose a preset, upload a photo or paste an image URL. It heads the city’s cards; without one they use the default image."
          altError={errors.heroAlt}
          altRef={bind('heroAlt')}
        />
        <FieldError id={`${id}-hero`} error={errors.heroImage} />
      </div>

      <CityLinksFields
        id={id}
        map={draft.mapEmbedUrl}
        spreadsheet={draft.spreadsheetUrl}
        errors={errors}
        onChange={(key, value) => set(key, value)}
        bind={bind}
      />
    </div>
  );
}

interface SettingsProps extends CityFieldsProps {
  /** The slug the name gives, free of other cities' slugs. */
  derived: string;
  /** The slug as saved; undefined for a new city. */
  savedSlug: string | undefined;
  /** Whether the city's guide is live. */
  live: boolean;
}

/** The city's slug and its place in the lists. */
export function CitySettings({ id, draft, errors, set, bind, derived, savedSlug, live }: SettingsProps) {
  return (
    <>
      <SlugField
        id={`${id}-slug`}
        ref={bind('slug')}
        value={draft.slug}
        derived={derived}
        saved={savedSlug}
        live={live}
        onChange={(slug) => set('slug', slug)}
        error={errors.slug}
      />
      <div className="fc-field">
        <label htmlFor={`${id}-order`}>Display order</label>
        <input
          ref={bind('displayOrder')}
          id={`${id}-order`}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder="last"
          value={draft.displayOrder}
          onChange={(event) => set('displayOrder', event.target.value)}
          {...describedBy(`${id}-order`, errors.displayOrder)}
        />
        <p id={`${id}-order-hint`} className="fc-dash-hint">
          Smaller numbers come first; the home page features the first six.
        </p>
        <FieldError id={`${id}-order`} error={errors.displayOrder} />
      </div>
    </>
  );
}
