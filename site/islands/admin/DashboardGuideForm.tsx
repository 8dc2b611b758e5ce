import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { LIMITS, type CsvProblem, type GenerateGuideResult, type GuidePreview, type HeroUploadResult } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { ALT_REQUIRED } from './AltTextField';
import { describeProblem, problemsOf } from './csv-problems';
import { ensureHistoryStyles } from './history/styles';
import { announceChange } from './publish';
import { CITY_OVERVIEWS_URL } from './DashboardQueries';
import { DashboardHeroPicker, heroAltOf, heroUrlOf, needsAlt, NO_HERO, type HeroChoice } from './DashboardHeroPicker';

const SAMPLE_CSV_URL = '/samples/itinerary-sample.csv';

interface GuideInput {
  csvFile: File;
  cityName: string;
  cityDescription: string;
  hero: HeroChoice;
}

interface GuideResult extends GenerateGuideResult {
  /** When the hero upload failed: the fallback URL that was sent instead ('' for the default image). */
  heroFallback: string | null;
  /** The answer, whose change the success message can undo. */
  response: Response;
}

const isCsv = (file: File) => file.name.toLowerCase().endsWith('.csv');

/** Uploads the chosen hero file; on failure says so and falls back to the preset or typed URL. */
async function resolveHero(hero: HeroChoice): Promise<{ url: string; alt: string; failed: boolean }> {
  if (!hero.file) return { url: heroUrlOf(hero), alt: heroAltOf(hero), failed: false };
  try {
    const form = new FormData();
    form.append('image', hero.file);
    const { filePath } = (await (await apiRequest('POST', '/api/upload/hero-image', form)).json()) as HeroUploadResult;
    return { url: filePath, alt: heroAltOf(hero), failed: false };
  } catch {
    toast({
      title: 'Image Upload Failed',
      description: 'Failed to upload the hero image. Using default image instead.',
      variant: 'destructive',
    });
    // The typed description was for the upload; the fallback gets its own default.
    return { url: heroUrlOf(hero), alt: heroAltOf({ ...hero, file: null, alt: null }), failed: true };
  }
}

async function generateGuide({ csvFile, cityName, cityDescription, hero }: GuideInput): Promise<GuideResult> {
  const heroImage = await resolveHero(hero);
  const form = new FormData();
  form.append('csvFile', csvFile);
  form.append('cityName', cityName.trim());
  form.append('cityDescription', cityDescription.trim());
  form.append('heroImageUrl', heroImage.url);
  form.append('heroImageAlt', heroImage.alt.trim());
  const response = await apiRequest('POST', '/api/admin/generate-guide', form);
  const result = (await response.clone().json()) as GenerateGuideResult;
  return { ...result, heroFallback: heroImage.failed ? heroImage.url : null, response };
}

/** What uploading this CSV would change, asked of the server without writing anything. */
async function previewGuide({ csvFile, cityName }: GuideInput): Promise<GuidePreview> {
  const form = new FormData();
  form.append('csvFile', csvFile);
  form.append('cityName', cityName.trim());
  form.append('dryRun', 'true');
  return (await (await apiRequest('POST', '/api/admin/generate-guide', form)).json()) as GuidePreview;
}

function Names({ label, names }: { label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <li>
      {label} ({names.length}): {names.join(', ')}
    </li>
  );
}

interface ConfirmProps {
  preview: GuidePreview;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Re-uploading for a city that exists replaces its itinerary and regenerates its guide: say exactly what changes, then wait for a yes. */
function ConfirmReplace({ preview, busy, onCancel, onConfirm }: ConfirmProps) {
  useEffect(ensureHistoryStyles, []);
  const id = useId();
  const { added, removed, changed, unchanged } = preview.restaurants;
  return (
    <div className="fc-confirm" role="alertdialog" aria-modal="false" aria-labelledby={`${id}-question`} aria-describedby={`${id}-what`}>
      <p id={`${id}-question`} className="fc-confirm__question">
        Replace the itinerary of {preview.cityName}
        {preview.guideRegenerated ? ' and regenerate its guide' : ''}?
      </p>
      <div id={`${id}-what`}>
        <ul>
          <Names label="Restaurants added" names={added} />
          <Names label="Restaurants removed" names={removed} />
          <Names label="Restaurants changed" names={changed} />
          <li>Unchanged: {unchanged}</li>
        </ul>
        {preview.guideRegenerated && (
          <p>
            The guide text at /{preview.citySlug}/guide will be regenerated from this itinerary, replacing its current text with its edited
            sections and additions.
          </p>
        )}
        <p>The previous guide and itinerary stay in their history under Recent changes, where Restore brings them back.</p>
      </div>
      <div className="fc-confirm__actions">
        <button type="button" className="button button--ghost" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Generating Guide...' : preview.guideRegenerated ? 'Replace and regenerate' : 'Replace the itinerary'}
        </button>
      </div>
    </div>
  );
}

/** The guide generator. Turns a CSV itinerary into a city, its restaurants and a guide. */
export function DashboardGuideForm() {
  const id = useId();
  const queryClient = useQueryClient();
  // Remounting the form is the one way to empty its file inputs after a success.
  const [formKey, setFormKey] = useState(0);
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const [cityName, setCityName] = useState('');
  const [cityDescription, setCityDescription] = useState('');
  const [hero, setHero] = useState<HeroChoice>(NO_HERO);
  const [heroAltError, setHeroAltError] = useState<string>();
  const heroAltInput = useRef<HTMLInputElement>(null);
  const chooseHero = (next: HeroChoice) => {
    setHero(next);
    setHeroAltError(undefined);
  };
  const [problems, setProblems] = useState<CsvProblem[]>([]);
  const [notice, setNotice] = useState('');
  // The upload waiting for a confirm, with what it would change, for a city that exists.
  const [pendingReplace, setPendingReplace] = useState<{ input: GuideInput; preview: GuidePreview } | null>(null);
  const failed = (error: unknown) => {
    toast({ title: 'Generation Failed', description: messageOf(error, 'Failed to generate guide'), variant: 'destructive' });
    setProblems(problemsOf(error));
  };

  const generate = useMutation({
    mutationFn: generateGuide,
    onMutate: () => {
      setProblems([]);
      setNotice('');
    },
    onSuccess: async ({ cityName: name, citySlug, heroFallback, response }) => {
      const path = `/${citySlug}/guide`;
      announceChange(response, {
        title: 'Guide Generated!',
        description: `The ${name} city guide was created and is viewable at ${path}.`,
        link: { href: path, label: `View the ${name} guide` },
      });
      // The upload-failure toast is replaced at once (one toast at a time), so it stays written here.
      if (heroFallback !== null) {
        setNotice(`The hero image upload failed, so the ${name} guide uses ${heroFallback || 'the default image'} instead.`);
      }
      setFormKey((key) => key + 1);
      setCsvFile(null);
      setCityName('');
      setCityDescription('');
      setHero(NO_HERO);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/cities'] }),
        queryClient.invalidateQueries({ queryKey: [CITY_OVERVIEWS_URL] }),
        queryClient.invalidateQueries({ queryKey: ['/api/posts'] }),
      ]);
    },
    onError: failed,
    onSettled: () => setPendingReplace(null),
  });
  const check = useMutation({
    mutationFn: async (input: GuideInput) => ({ input, preview: await previewGuide(input) }),
    onMutate: () => {
      setProblems([]);
      setNotice('');
    },
    onSuccess: ({ input, preview }) => {
      if (preview.exists) setPendingReplace({ input, preview });
      else generate.mutate(input);
    },
    onError: failed,
  });

  const chooseCsv = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !isCsv(file)) {
      toast({ title: 'Invalid File', description: 'Please upload a CSV file', variant: 'destructive' });
      event.target.value = '';
      setCsvFile(null);
      return;
    }
    setCsvFile(file);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (generate.isPending || check.isPending) return;
    if (!csvFile || cityName.trim() === '') {
      toast({ title: 'Missing Information', description: 'Please provide both a CSV file and city name', variant: 'destructive' });
      return;
    }
    if (needsAlt(hero)) {
      setHeroAltError(ALT_REQUIRED);
      heroAltInput.current?.focus();
      return;
    }
    check.mutate({ csvFile, cityName, cityDescription, hero });
  };

  const working = generate.isPending || check.isPending;
  // While a replacement waits for its confirm, the form stays as it is.
  const pending = working || pendingReplace !== null;
  return (
    <section className="fc-dash-card fc-dash-generator" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Guide generator</p>
          <h2 id={`${id}-title`}>Generate a city guide</h2>
        </div>
      </div>
      <p className="fc-dash-lede">
        Upload an itinerary as CSV: one row per restaurant, with its day, meal, neighborhood, cuisine and notes. Uploading again for an
        existing city replaces its itinerary and regenerates its guide.{' '}
        <a href={SAMPLE_CSV_URL} download>
          Download the sample CSV
        </a>
      </p>
      <form key={formKey} className="fc-dash-form" onSubmit={submit} noValidate aria-busy={working}>
        <div className="fc-form">
          <label htmlFor={`${id}-csv`}>Itinerary CSV file</label>
          <input
            id={`${id}-csv`}
            type="file"
            accept=".csv,text/csv"
            required
            disabled={pending}
            onChange={chooseCsv}
            aria-describedby={`${id}-csv-hint`}
          />
          <p className="fc-dash-hint" id={`${id}-csv-hint`}>
            A .csv file of at most {LIMITS.guide.csvRows} rows and {LIMITS.guide.csvBytes / (1024 * 1024)} MB, with a header row.
          </p>
          <label htmlFor={`${id}-city`}>City name</label>
          <input
            id={`${id}-city`}
            type="text"
            required
            maxLength={LIMITS.guide.cityName}
            autoComplete="off"
            disabled={pending}
            value={cityName}
            onChange={(event) => setCityName(event.target.value)}
          />
          <label htmlFor={`${id}-description`}>
            Description <span className="fc-dash-optional">optional</span>
          </label>
          <textarea
            id={`${id}-description`}
            rows={3}
            maxLength={LIMITS.guide.description}
            disabled={pending}
            value={cityDescription}
            onChange={(event) => setCityDescription(event.target.value)}
          />
        </div>
        <DashboardHeroPicker value={hero} onChange={chooseHero} disabled={pending} altError={heroAltError} altRef={heroAltInput} />
        <div className="fc-dash-form__actions">
          <button className="button" type="submit" disabled={pending}>
            {working ? 'Generating Guide...' : 'Generate Guide'}
          </button>
        </div>
      </form>
      {pendingReplace && (
        <ConfirmReplace
          preview={pendingReplace.preview}
          busy={generate.isPending}
          onCancel={() => setPendingReplace(null)}
          onConfirm={() => generate.mutate(pendingReplace.input)}
        />
      )}
      {notice && (
        <p className="fc-dash-notice" role="status">
          {notice}
        </p>
      )}
      {problems.length > 0 && (
        <div className="fc-dash-problems" role="alert">
          <h3 id={`${id}-problems`}>Fix these problems in the CSV and upload it again</h3>
          <ul aria-labelledby={`${id}-problems`}>
            {problems.map((problem, index) => (
              <li key={index}>{describeProblem(problem)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
