import { LIMITS } from '@forkcast/shared/contracts';
import type { CityField } from './city-form';
import { describedBy, FieldError } from './FieldError';

type LinkField = 'mapEmbedUrl' | 'spreadsheetUrl';

interface Props {
  id: string;
  map: string;
  spreadsheet: string;
  errors: Partial<Record<CityField, string>>;
  onChange: (field: LinkField, value: string) => void;
  /** Registers each input, so a refusal can put focus on it. */
  bind: (field: CityField) => (element: HTMLInputElement | null) => void;
}

const LINKS = [
  {
    field: 'mapEmbedUrl',
    suffix: 'map',
    label: 'Map embed address',
    placeholder: 'https://www.openstreetmap.org/export/embed.html?bbox=…',
    hint: 'An OpenStreetMap map (Share → HTML, its address only), shown on the guide when none of its places has coordinates; the guide frames no other site.',
  },
  {
    field: 'spreadsheetUrl',
    suffix: 'sheet',
    label: 'Itinerary spreadsheet',
    placeholder: 'https://docs.google.com/spreadsheets/…',
    hint: 'The guide’s itinerary button opens it in a new tab; without one it opens the itinerary page of this site.',
  },
] as const;

/** The city's two outside addresses: the map its guide embeds and the spreadsheet its itinerary button opens; blank removes them. */
export function CityLinksFields({ id, map, spreadsheet, errors, onChange, bind }: Props) {
  const values = { mapEmbedUrl: map, spreadsheetUrl: spreadsheet };
  return (
    <fieldset className="fc-city-section fc-city-links">
      <legend>Map and itinerary</legend>
      {LINKS.map(({ field, suffix, label, placeholder, hint }) => {
        const inputId = `${id}-${suffix}`;
        return (
          <div className="fc-field" key={field}>
            <label htmlFor={inputId}>
              {label} <span className="fc-dash-optional">optional</span>
            </label>
            <input
              ref={bind(field)}
              id={inputId}
              type="url"
              inputMode="url"
              placeholder={placeholder}
              value={values[field]}
              onChange={(event) => onChange(field, event.target.value)}
              maxLength={LIMITS.spreadsheetUrl}
              {...describedBy(inputId, errors[field])}
            />
            <p id={`${inputId}-hint`} className="fc-dash-hint">
              {hint}
            </p>
            <FieldError id={inputId} error={errors[field]} />
          </div>
        );
      })}
    </fieldset>
  );
}
