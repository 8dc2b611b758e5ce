import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import TextareaAutosize from 'react-textarea-autosize';
import { LIMITS, type CityOverview } from '@forkcast/content-db/contracts';
import { slugify, uniqueSlug } from '@forkcast/content-db/slugs';
import { messageOf } from '../../shared/api';
import { IslandRoot } from '../../shared/IslandRoot';
import { toast } from '../../shared/toast-store';
import { cityEditorUrl } from '../admin-urls';
import { ALT_REQUIRED } from '../AltTextField';
import { DashboardHeroPicker, needsAlt, NO_HERO } from '../DashboardHeroPicker';
import { adminQuery, CITY_OVERVIEWS_URL } from '../DashboardQueries';
import { HistoryDialog } from '../history/HistoryDialog';
import { announceWrite, keepToastForNextPage, restoreAfterRepublish, showRepublishedPage } from '../publish';
import { CityDeleteDialog } from './CityDeleteDialog';
import { CityLinksFields } from './CityLinksFields';
import { draftOf, EMPTY_CITY, heroChanged, isDirty, type CityDraft, type CityField } from './city-form';
import { describedBy, FieldError } from './FieldError';
import { GuidePanel } from './GuidePanel';
import { HeroUploadFailed, refusedField, saveCity } from './save-city';
import { SlugField } from './SlugField';
import { useEditorKeys } from '../entity-editor/use-editor-keys';
import '../admin-page-styles';

type FieldErrors = Partial<Record<CityField, string>>;

function cityIdFromLocation(): number | undefined {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function EditorBody({ initialId }: { initialId: number | undefined }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [cityId, setCityId] = useState(initialId);
  const [draft, setDraft] = useState<CityDraft>(EMPTY_CITY);
  const [saved, setSaved] = useState<CityDraft | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const inputs = useRef<Partial<Record<CityField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const sent = useRef<CityDraft | undefined>(undefined);
  // Set once the city is deleted, so leaving for the dashboard asks nothing.
  const gone = useRef(false);

  const loaded = useQuery({
    queryKey: [CITY_OVERVIEWS_URL, cityId],
    enabled: cityId !== undefined,
    queryFn: adminQuery<CityOverview>(`${CITY_OVERVIEWS_URL}/${cityId}`),
  });
  const all = useQuery({ queryKey: [CITY_OVERVIEWS_URL], queryFn: adminQuery<CityOverview[]>(CITY_OVERVIEWS_URL) });
  const city = loaded.data;
  // A message carried over from before a reload (an undo, a restored version) shows again.
  useEffect(() => restoreAfterRepublish({ showMessage: true }), []);
  useEffect(() => {
    if (!city || saved) return;
    setDraft(draftOf(city));
    setSaved(draftOf(city));
  }, [city, saved]);

  const others = new Set((all.data ?? []).filter((other) => other.id !== cityId).map((other) => other.slug));
  const derived = uniqueSlug(slugify(draft.name), (slug) => others.has(slug));
  const dirty = isDirty(draft, saved);
  const live = city?.guide?.status === 'published';

  const refuse = useCallback((field: CityField, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    inputs.current[field]?.focus();
  }, []);

  const save = useMutation({
    mutationFn: (form: CityDraft) => {
      sent.current = form;
      return saveCity(cityId, form, saved);
    },
    onMutate: () => {
      setErrors({});
      setProblem(undefined);
    },
    onSuccess: ({ response, answer }) => {
      if (cityId === undefined) {
        setCityId(answer.id);
        window.history.replaceState(null, '', cityEditorUrl(answer.id));
      }
      const settled = draftOf(answer);
      setSaved(settled);
      // Typing that went on while the save ran stays; otherwise the form shows what the server kept.
      setDraft((current) => (current === sent.current ? settled : current));
      announceWrite(response, cityId === undefined ? 'City created' : 'City saved');
      void queryClient.invalidateQueries({ queryKey: [CITY_OVERVIEWS_URL] });
      void queryClient.invalidateQueries({ queryKey: ['/api/cities'] });
    },
    onError: (error) => {
      if (error instanceof HeroUploadFailed) {
        setErrors({ heroImage: error.message });
        toast({ title: 'Upload Failed', description: error.message, variant: 'destructive' });
        return;
      }
      const message = messageOf(error, 'The city could not be saved. Please try again.');
      const field = refusedField(error);
      if (field) refuse(field, message);
      else setProblem(message);
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    },
  });

  const saveNow = useCallback(() => {
    if (save.isPending || !isDirty(draft, saved)) return;
    if (draft.name.trim() === '') return refuse('name', 'Name is required.');
    if (heroChanged(draft.hero, saved?.hero ?? NO_HERO) && needsAlt(draft.hero)) return refuse('heroAlt', ALT_REQUIRED);
    save.mutate(draft);
  }, [draft, saved, save, refuse]);

  useEditorKeys({ onSave: saveNow, mayLeave: () => !dirty || gone.current });

  const set = <K extends keyof CityDraft>(key: K, value: CityDraft[K], field: CityField | undefined = key as CityField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (field && errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const bind = (field: CityField) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    inputs.current[field] = element;
  };

  if (initialId !== undefined && loaded.isPending) {
    return (
      <div className="fc-dash-center" role="status">
        <span className="fc-dash-spinner" aria-hidden="true" />
        <span>Loading the city…</span>
      </div>
    );
  }
  if (loaded.isError) {
    return (
      <div className="fc-dash-center" role="alert">
        <p>{messageOf(loaded.error, 'The city could not be loaded.')}</p>
        <a href="/admin">Back to the dashboard</a>
      </div>
    );
  }

  const saveState = save.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : cityId === undefined ? 'Not saved yet' : 'All changes saved';
  const heading = cityId === undefined ? 'New city' : `Edit ${saved?.name ?? 'city'}`;

  return (
    <div className="fc-editor fc-city-editor">
      <header className="fc-editor__bar">
        <a className="fc-editor__back" href="/admin">
          ← Dashboard
        </a>
        <p className="fc-editor__state" role="status" aria-live="polite">
          <span>{saveState}</span>
        </p>
        <div className="fc-editor__actions">
          {city && (
            <HistoryDialog
              entity="city"
              entityId={city.id}
              name={city.name}
              onRestored={showRepublishedPage}
              trigger={
                <button type="button" className="button button--ghost fc-dash-small-button">
                  History
                </button>
              }
            />
          )}
          {live && city && (
            <a className="button button--ghost fc-dash-small-button" href={city.url}>
              View guide
            </a>
          )}
          <button type="submit" form={`${id}-form`} className="button fc-dash-small-button" disabled={!dirty || save.isPending}>
            {cityId === undefined ? 'Create city' : 'Save'}
          </button>
        </div>
      </header>

      {problem && (
        <p className="fc-editor__problem" role="alert">
          {problem}
        </p>
      )}

      <form
        id={`${id}-form`}
        className="fc-editor__grid"
        aria-labelledby={`${id}-heading`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          saveNow();
        }}
      >
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
              onChange={(hero) => {
                set('hero', hero, 'heroImage');
                if (errors.heroAlt) setErrors((current) => ({ ...current, heroAlt: undefined }));
              }}
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

        <aside className="fc-editor__side" aria-label="City settings">
          <SlugField
            id={`${id}-slug`}
            ref={bind('slug')}
            value={draft.slug}
            derived={derived}
            saved={saved?.slug}
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
          {city && <GuidePanel city={city} />}
          {city && (
            <div className="fc-editor__danger">
              <CityDeleteDialog
                city={city}
                onDeleted={() => {
                  gone.current = true;
                  // The dashboard shows the message, with its Undo, after the move.
                  keepToastForNextPage();
                  window.location.assign('/admin');
                }}
              />
            </div>
          )}
        </aside>
      </form>
    </div>
  );
}

/** The /admin/city island (client:only="react"): creates a city, or edits `?id=`. */
export default function CityEditor() {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <EditorBody initialId={cityIdFromLocation()} />
      </div>
    </IslandRoot>
  );
}
