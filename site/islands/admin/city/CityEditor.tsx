import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import type { City, CityOverview } from '@forkcast/shared/contracts';
import { slugify, uniqueSlug } from '@forkcast/shared/slugs';
import { IslandRoot } from '../../shared/IslandRoot';
import { toast } from '../../shared/toast-store';
import { cityEditorUrl } from '../admin-urls';
import { ALT_REQUIRED } from '../AltTextField';
import { needsAlt, NO_HERO, type HeroChoice } from '../DashboardHeroPicker';
import { ConflictView } from '../conflict/ConflictView';
import { reapplyOnTop } from '../conflict/field-diffs';
import { adminQuery, CITY_OVERVIEWS_URL } from '../DashboardQueries';
import {
  EditorBar,
  EditorHistory,
  EditorLoadFailed,
  EditorLoading,
  EditorProblem,
  idFromLocation,
  saveStateOf,
} from '../entity-editor/EditorFrame';
import { useEntityEditor } from '../entity-editor/use-entity-editor';
import { CityDeleteDialog } from './CityDeleteDialog';
import { CityFields, CitySettings, type CityFieldsProps, type FieldErrors } from './CityFields';
import { cityFields, draftOf, EMPTY_CITY, heroChanged, isDirty, type CityDraft, type CityField } from './city-form';
import { GuidePanel } from './GuidePanel';
import { HeroUploadFailed, refusedField, saveCity } from './save-city';
import '../admin-page-styles';

/** The city editor's cycle, with each refusal shown at the field it concerns. */
function useCityEditor(initialId: number | undefined) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<CityField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const refuse = useCallback((field: CityField, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    inputs.current[field]?.focus();
  }, []);

  const editor = useEntityEditor<CityDraft, CityOverview, City, Record<string, never>>({
    initialId,
    blank: () => EMPTY_CITY,
    load: (cityId) => ({
      queryKey: [CITY_OVERVIEWS_URL, cityId],
      enabled: cityId !== undefined,
      queryFn: adminQuery<CityOverview>(`${CITY_OVERVIEWS_URL}/${cityId}`),
    }),
    refill: 'first',
    fetchCurrent: (cityId) => adminQuery<CityOverview>(`${CITY_OVERVIEWS_URL}/${cityId}`)(),
    noun: 'city',
    listUrl: '/admin/cities',
    fieldsOf: cityFields,
    reapply: reapplyOnTop,
    draftOf,
    isDirty,
    send: (cityId, form, saved, _extra, version) => saveCity(cityId, form, saved, version),
    // Typing that went on while the save ran stays; otherwise the form shows what the server kept.
    settle: (current, sent, settled) => (current === sent ? settled : current),
    urlOf: cityEditorUrl,
    savedTitle: (_extra, created) => (created ? 'City created' : 'City saved'),
    invalidates: [[CITY_OVERVIEWS_URL], ['/api/cities']],
    onSend: () => setErrors({}),
    problemClears: 'when-sent',
    notSaved: 'The city could not be saved. Please try again.',
    placeRefusal: (error, message) => {
      if (error instanceof HeroUploadFailed) {
        setErrors({ heroImage: error.message });
        toast({ title: 'Upload Failed', description: error.message, variant: 'destructive' });
        return 'reported';
      }
      const field = refusedField(error);
      if (!field) return undefined;
      refuse(field, message);
      return 'field';
    },
    onSaveRequest: ({ draft, saved, dirty, saving }) => {
      if (saving || !dirty) return undefined;
      if (draft.name.trim() === '') {
        refuse('name', 'Name is required.');
        return undefined;
      }
      if (heroChanged(draft.hero, saved?.hero ?? NO_HERO) && needsAlt(draft.hero)) {
        refuse('heroAlt', ALT_REQUIRED);
        return undefined;
      }
      return {};
    },
  });

  const { setDraft } = editor;
  const set: CityFieldsProps['set'] = (key, value, field = key as CityField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (field && errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const bind: CityFieldsProps['bind'] = (field) => (element) => {
    inputs.current[field] = element;
  };
  const setHero = (hero: HeroChoice) => {
    set('hero', hero, 'heroImage');
    if (errors.heroAlt) setErrors((current) => ({ ...current, heroAlt: undefined }));
  };
  return { editor, errors, set, bind, setHero };
}

function EditorBody({ initialId }: { initialId: number | undefined }) {
  const id = useId();
  const { editor, errors, set, bind, setHero } = useCityEditor(initialId);
  const all = useQuery({ queryKey: [CITY_OVERVIEWS_URL], queryFn: adminQuery<CityOverview[]>(CITY_OVERVIEWS_URL) });
  const { id: cityId, draft, loaded: city } = editor;

  const others = new Set((all.data ?? []).filter((other) => other.id !== cityId).map((other) => other.slug));
  const derived = uniqueSlug(slugify(draft.name), (slug) => others.has(slug));
  const live = city?.guide?.status === 'published';

  if (editor.loading) return <EditorLoading noun="city" />;
  if (editor.loadError) return <EditorLoadFailed noun="city" error={editor.loadError} />;

  const fields = { id, draft, errors, set, bind };
  return (
    <div className="fc-editor fc-city-editor">
      <EditorBar state={<span>{saveStateOf(editor)}</span>}>
        {city && <EditorHistory entity="city" entityId={city.id} name={city.name} />}
        {live && city && (
          <a className="button button--ghost fc-dash-small-button" href={city.url}>
            View guide
          </a>
        )}
        <button type="submit" form={`${id}-form`} className="button fc-dash-small-button" disabled={!editor.dirty || editor.saving}>
          {cityId === undefined ? 'Create city' : 'Save'}
        </button>
      </EditorBar>

      <EditorProblem problem={editor.problem} />
      {editor.conflict && (
        <ConflictView
          noun="city"
          stale={editor.conflict.stale}
          mine={editor.conflict.mine}
          busy={editor.resolving || editor.saving}
          onReload={editor.takeTheirs}
          onReapply={editor.applyMineOnTop}
        />
      )}

      <form
        id={`${id}-form`}
        className="fc-editor__grid"
        aria-labelledby={`${id}-heading`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          editor.saveNow();
        }}
      >
        <CityFields {...fields} heading={cityId === undefined ? 'New city' : `Edit ${editor.saved?.name ?? 'city'}`} onHero={setHero} />
        <aside className="fc-editor__side" aria-label="City settings">
          <CitySettings {...fields} derived={derived} savedSlug={editor.saved?.slug} live={live} />
          {city && <GuidePanel city={city} />}
          {city && (
            <div className="fc-editor__danger">
              <CityDeleteDialog city={city} version={editor.version} onDeleted={editor.leaveForDashboard} />
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
        <EditorBody initialId={idFromLocation()} />
      </div>
    </IslandRoot>
  );
}
