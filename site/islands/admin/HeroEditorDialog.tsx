import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { HeroUploadResult, StaleVersionDetails } from '@forkcast/shared/contracts';
import { apiRequest, staleVersionOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { AdminDialog, CancelButton } from './AdminDialog';
import { ALT_REQUIRED, AltTextField } from './AltTextField';
import { ConflictView } from './conflict/ConflictView';
import { fieldDiffs } from './conflict/field-diffs';
import { ImageDropZone } from './ImageDropZone';
import { MediaGrid } from './media/MediaGrid';
import type { HeroTarget } from './page-slots';
import { postKey, useHomeHero, usePost } from './post-queries';
import { PresetOptions } from './PresetOptions';
import { HERO_PRESETS } from './presets';
import { announceWrite, showRepublishedPage } from './publish';

type Source = 'url' | 'upload' | 'preset' | 'library';

/** The one chosen source: choosing any of them clears the other two. */
interface Choice {
  url: string;
  file: File | null;
  /** The chosen file read as a data URL, for the preview. */
  fileData: string | null;
  preset: string | null;
  /** The alt text the admin typed for this image; null until then, which means the default. */
  alt: string | null;
}

const NOTHING: Choice = { url: '', file: null, fileData: null, preset: null, alt: null };

const isEmpty = (choice: Choice) => !choice.file && !choice.preset && choice.url === '';

/**
 * Alt text describes one picture, so a new picture starts from its default again. Words typed
 * before any picture was chosen, or while still typing the same URL, are kept.
 */
const altFor = (previous: Choice, next: Partial<Choice>): string | null =>
  isEmpty(previous) || (next.url !== undefined && previous.url !== '') ? previous.alt : null;

/** The alt text a preset gets unless the admin writes one: the post's title, or on home the preset's own label. */
function presetAlt(target: HeroTarget, src: string): string {
  if (target.kind === 'post') return target.title;
  return HERO_PRESETS.find((preset) => preset.src === src)?.name ?? '';
}

/** The alt text this choice sends: what was typed, else a preset's default, else nothing yet. */
const altOf = (target: HeroTarget, choice: Choice): string => choice.alt ?? (choice.preset ? presetAlt(target, choice.preset) : '');

/** Raised when the file upload itself failed, which is reported differently from a failed update. */
class UploadError extends Error {
  override name = 'UploadError';
}

async function uploadHeroFile(file: File): Promise<string> {
  try {
    const form = new FormData();
    form.append('image', file);
    const { filePath } = (await (await apiRequest('POST', '/api/upload/hero-image', form)).json()) as HeroUploadResult;
    return filePath;
  } catch (error) {
    throw new UploadError('Upload failed', { cause: error });
  }
}

/**
 * The update, failing with SPEC's inner error for its target, whose cause is the request's own
 * error ('status: body'). The toast says only 'Update Failed'; the console shows these.
 */
async function updateHero(target: HeroTarget, image: string, alt: string, version: number | undefined): Promise<Response> {
  try {
    return await (target.kind === 'home'
      ? apiRequest('POST', '/api/hero/update-image', { imageUrl: image, alt }, { version })
      : apiRequest('PATCH', `/api/posts/${encodeURIComponent(target.slug)}/hero-image`, { heroImage: image, alt }, { version }));
  } catch (error) {
    throw new Error(target.kind === 'home' ? 'Failed to update homepage hero image' : 'Failed to update image', { cause: error });
  }
}

interface Props {
  target: HeroTarget;
  /** Called after a successful update, once the dialog has closed. */
  onSaved?: (response: Response) => void;
}

/**
 * The hero the page shows and its version, read as the page's controls start: an update is made to
 * that version, so a hero someone changed since is not replaced unseen.
 */
function useShownHero(target: HeroTarget): { image: string | null; version: number | undefined } {
  const home = useHomeHero(target.kind === 'home');
  const post = usePost(target.kind === 'post' ? target.slug : '');
  const data = target.kind === 'home' ? home.data : post.data;
  return { image: data ? ('heroImage' in data ? data.heroImage : null) : null, version: data?.version };
}

/** The Edit Image control and its dialog, for the homepage hero or a post's hero. */
export function HeroEditorDialog({ target, onSaved }: Props) {
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Source>('url');
  const [choice, setChoice] = useState<Choice>(NOTHING);
  const [altError, setAltError] = useState<string>();
  const altInput = useRef<HTMLInputElement>(null);
  const shown = useShownHero(target);
  const uploaded = useRef<{ file: File; path: string }>(undefined);
  // An update that ran into someone else's change: the image it would set, waiting for the editor's choice.
  const [conflict, setConflict] = useState<{ stale: StaleVersionDetails; image: string }>();

  const choose = (next: Partial<Choice>) => setChoice((current) => ({ ...NOTHING, ...next, alt: altFor(current, next) }));
  const typeAlt = (alt: string) => {
    setChoice((current) => ({ ...current, alt }));
    setAltError(undefined);
  };

  const reset = () => {
    setChoice(NOTHING);
    setAltError(undefined);
    setTab('url');
    setConflict(undefined);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };

  const chooseFile = (file: File) => {
    choose({ file });
    const reader = new FileReader();
    reader.onload = () => setChoice((current) => (current.file === file ? { ...current, fileData: String(reader.result) } : current));
    reader.readAsDataURL(file);
  };

  // Made to the version the page was read at, or, applied on top, to theirs. A file is uploaded once.
  const update = useMutation({
    mutationFn: async ({ chosen, made }: { chosen: Choice; made: number | undefined }) => {
      const file = chosen.file;
      const image = file
        ? uploaded.current?.file === file
          ? uploaded.current.path
          : await uploadHeroFile(file)
        : (chosen.preset ?? chosen.url.trim());
      if (file) uploaded.current = { file, path: image };
      try {
        return await updateHero(target, image, altOf(target, chosen).trim(), made);
      } catch (error) {
        const stale = staleVersionOf(error instanceof Error ? error.cause : undefined);
        if (stale) setConflict({ stale, image });
        throw error;
      }
    },
    onMutate: () => setConflict(undefined),
    onSuccess: (response) => {
      // After a hero update, the hero data (home) or the posts list and the post are stale.
      if (target.kind === 'home') void queryClient.invalidateQueries({ queryKey: ['/api/hero/image'] });
      else {
        void queryClient.invalidateQueries({ queryKey: ['/api/posts'] });
        void queryClient.invalidateQueries({ queryKey: postKey(target.slug) });
      }
      announceWrite(response, target.kind === 'home' ? 'Hero Image Updated' : 'Image Updated');
      onOpenChange(false);
      onSaved?.(response);
    },
    onError: (error) => {
      if (staleVersionOf(error instanceof Error ? error.cause : undefined)) return;
      console.error(error);
      toast(
        error instanceof UploadError
          ? { title: 'Upload Failed', description: 'Failed to upload the image. Please try again.', variant: 'destructive' }
          : { title: 'Update Failed', description: 'Failed to update the hero image. Please try again.', variant: 'destructive' },
      );
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice.file && !choice.preset && choice.url.trim() === '') {
      toast({ title: 'No Image Selected', description: 'Please provide an image URL or select a preset.', variant: 'destructive' });
      return;
    }
    // A preset always has its default; an upload or a link is only described by the admin.
    if (altOf(target, choice).trim() === '') {
      setAltError(ALT_REQUIRED);
      altInput.current?.focus();
      return;
    }
    update.mutate({ chosen: choice, made: shown.version });
  };
  const imageLabel = target.kind === 'home' ? 'Image' : 'Hero image';

  // Untrimmed on purpose: typed blanks enable Update, and submitting them gets the 'No Image Selected' message.
  const nothingChosen = isEmpty(choice);
  const preview = choice.fileData ?? choice.preset ?? (choice.url.trim() || null);
  const where = target.kind === 'home' ? 'the homepage banner' : 'this page';

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Hero Image"
      description={`Choose the image shown across the top of ${where}: paste a link, upload a file or pick a preset.`}
      trigger={
        <button type="button" className="fc-admin-button fc-admin-button--hero">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
            <path d="M3 5h14v10H3zM3 13l4-4 3 3 2-2 5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          </svg>
          Edit Image
        </button>
      }
    >
      {conflict ? (
        <ConflictView
          noun={target.kind === 'home' ? 'homepage hero' : 'post'}
          stale={conflict.stale}
          mine={fieldDiffs([[imageLabel, shown.image ?? '']], [[imageLabel, conflict.image]])}
          busy={update.isPending}
          onReload={showRepublishedPage}
          onReapply={() => update.mutate({ chosen: choice, made: conflict.stale.currentVersion })}
          reloadLabel="Reload the page"
          reapplyLabel="Use my image anyway"
        />
      ) : (
        <form className="fc-form" onSubmit={onSubmit} noValidate>
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Source)} className="fc-tabs">
            <Tabs.List className="fc-tabs__list" aria-label="Image source">
              <Tabs.Trigger className="fc-tabs__trigger" value="url">
                Image URL
              </Tabs.Trigger>
              <Tabs.Trigger className="fc-tabs__trigger" value="upload">
                Upload File
              </Tabs.Trigger>
              <Tabs.Trigger className="fc-tabs__trigger" value="preset">
                Preset Images
              </Tabs.Trigger>
              <Tabs.Trigger className="fc-tabs__trigger" value="library">
                Library
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="url" className="fc-tabs__panel">
              <label htmlFor={`${id}-url`}>Image URL</label>
              <input
                id={`${id}-url`}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://example.com/photo.jpg or /uploads/…"
                value={choice.url}
                onChange={(event) => choose({ url: event.target.value })}
              />
            </Tabs.Content>
            <Tabs.Content value="upload" className="fc-tabs__panel">
              <ImageDropZone label="Choose an image file" file={choice.file} onFile={chooseFile} />
            </Tabs.Content>
            <Tabs.Content value="preset" className="fc-tabs__panel">
              <fieldset className="fc-presets">
                <legend className="visually-hidden">Preset images</legend>
                <PresetOptions
                  presets={HERO_PRESETS}
                  name={`${id}-preset`}
                  selected={choice.preset ?? undefined}
                  onSelect={(preset) => choose({ preset })}
                  itemClassName="fc-preset"
                />
              </fieldset>
            </Tabs.Content>
            <Tabs.Content value="library" className="fc-tabs__panel">
              {tab === 'library' && (
                <MediaGrid
                  onPick={(item) => {
                    choose({ url: item.url });
                    if (item.alt) typeAlt(item.alt);
                  }}
                />
              )}
            </Tabs.Content>
          </Tabs.Root>
          <AltTextField id={`${id}-alt`} ref={altInput} value={altOf(target, choice)} onChange={typeAlt} error={altError} />
          <div className="fc-preview" aria-live="polite">
            {preview ? (
              <img src={preview} alt="Preview of the new hero image" />
            ) : (
              <p className="fc-preview__empty">No image chosen yet.</p>
            )}
          </div>
          <div className="fc-form__actions">
            <CancelButton />
            <button type="submit" className="button" disabled={nothingChosen || update.isPending}>
              {update.isPending ? 'Updating…' : 'Update Image'}
            </button>
          </div>
        </form>
      )}
    </AdminDialog>
  );
}
