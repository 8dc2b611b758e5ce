import { useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { toast } from '../shared/toast-store';
import { AltTextField } from './AltTextField';
import { ImagePicker, type PickedImage } from './media/ImagePicker';
import { PresetOptions } from './PresetOptions';
import { GENERATION_PRESETS } from './presets';

/** The hero of a guide being generated: a preset or a typed URL, and optionally a file to upload instead. */
export interface HeroChoice {
  preset: string;
  url: string;
  file: File | null;
  /** The alt text the admin typed for the image; null until then, which means the default. */
  alt: string | null;
}

export const NO_HERO: HeroChoice = { preset: '', url: '', file: null, alt: null };

const presetName = (src: string) => GENERATION_PRESETS.find((p) => p.src === src)?.name;

/** The alt text sent with the chosen image: what was typed, else a preset's own label, else none yet. */
export function heroAltOf(choice: HeroChoice): string {
  return choice.alt ?? (choice.file ? '' : (presetName(choice.preset) ?? ''));
}

/** An upload or a link has no description until the admin writes one. */
export const needsAlt = (choice: HeroChoice): boolean =>
  (choice.file !== null || heroUrlOf(choice) !== '') && heroAltOf(choice).trim() === '';

/** The URL sent when there is no upload, or when the upload fails. */
export function heroUrlOf(choice: HeroChoice): string {
  return choice.preset || choice.url.trim();
}

/** Shows a chosen file without uploading it; jsdom and very old browsers lack object URLs. */
function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface Props {
  value: HeroChoice;
  onChange: (value: HeroChoice) => void;
  disabled?: boolean;
  /** The problem to show at the alt text field, if any. */
  altError?: string | undefined;
  altRef?: Ref<HTMLInputElement>;
  /** What the image is for and what happens without one. */
  hint?: string;
}

/**
 * Picks a preset, a typed URL or a file. A preset and a URL replace each other and any file; a file
 * keeps the preset or URL as its fallback, used if the upload fails.
 */
export function DashboardHeroPicker({
  value,
  onChange,
  disabled = false,
  altError,
  altRef,
  hint = 'Choose a preset, upload a photo or paste an image URL. Without one, the guide uses the default image.',
}: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const filePreview = useObjectUrl(value.file);
  const fallback = heroUrlOf(value);
  const chosenPreset = presetName(value.preset);

  const clearFileInput = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      toast({ title: 'Invalid File', description: 'Please select a valid image file.', variant: 'destructive' });
      event.target.value = '';
      onChange({ ...value, file: null });
      return;
    }
    // A new picture starts from its own default description.
    onChange({ ...value, file, alt: null });
  };

  const choosePreset = (src: string) => {
    clearFileInput();
    onChange({ preset: src, url: '', file: null, alt: null });
  };

  const typeUrl = (url: string) => {
    clearFileInput();
    // Still typing the same link keeps its description; switching from another source starts over.
    onChange({ preset: '', url, file: null, alt: value.url !== '' && !value.file ? value.alt : null });
  };

  const chooseFromLibrary = ({ url, alt }: PickedImage) => {
    clearFileInput();
    onChange({ preset: '', url, file: null, alt: alt || null });
  };

  const clear = () => {
    clearFileInput();
    onChange(NO_HERO);
  };

  const previewSrc = filePreview ?? (fallback || undefined);
  const caption = value.file
    ? `Upload: ${value.file.name}${fallback ? ` (if it fails, ${chosenPreset ?? 'the URL'} is used instead)` : ''}`
    : (chosenPreset ?? (fallback ? 'Image from URL' : ''));

  return (
    <fieldset className="fc-dash-hero" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend>
        Hero image <span className="fc-dash-optional">optional</span>
      </legend>
      <p className="fc-dash-hint" id={`${id}-hint`}>
        {hint}
      </p>
      <div className="fc-dash-presets">
        <PresetOptions
          presets={GENERATION_PRESETS}
          name={`${id}-preset`}
          selected={value.preset ?? undefined}
          onSelect={choosePreset}
          itemClassName="fc-dash-preset"
        />
      </div>
      <div className="fc-dash-hero__sources">
        <div className="fc-form">
          <label htmlFor={`${id}-file`}>Upload an image</label>
          <input ref={fileInput} id={`${id}-file`} type="file" accept="image/*" onChange={chooseFile} />
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-url`}>Or paste an image URL</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={value.url}
            onChange={(event) => typeUrl(event.target.value)}
          />
        </div>
        <div className="fc-form">
          <span className="fc-dash-hero__label">Or one already uploaded</span>
          <ImagePicker label="Choose from the media library" onPick={chooseFromLibrary} />
        </div>
      </div>
      {(previewSrc || value.file) && (
        <div className="fc-dash-hero__chosen">
          {previewSrc && <img className="fc-dash-hero__preview" src={previewSrc} alt="Preview of the chosen hero image" />}
          <p className="fc-dash-hint">{caption}</p>
          <div className="fc-form">
            <AltTextField
              id={`${id}-alt`}
              ref={altRef}
              value={heroAltOf(value)}
              error={altError}
              onChange={(alt) => onChange({ ...value, alt })}
            />
          </div>
          <button type="button" className="fc-dash-text-button" onClick={clear}>
            Clear hero image
          </button>
        </div>
      )}
    </fieldset>
  );
}
