import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiRequest, messageOf } from '../../shared/api';
import { useInertPage } from '../../shared/inert-page';
import { HERO_PRESETS, presetThumbnail } from '../presets';
import { MEDIA_URL, MediaGrid } from './MediaGrid';

/** What the picker hands back: the image's address, and its alt text when the library knows one. */
export interface PickedImage {
  url: string;
  alt: string;
}

type Source = 'library' | 'upload' | 'presets' | 'url';
const EXTERNAL = /^https?:\/\/\S+$/i;

/**
 * The one image picker of the admin (post and guide heroes, the Markdown body): a dialog with the
 * media library, an upload, the preset heroes and a URL. It opens from its own button, labelled
 * `label`, and closes on a pick.
 */
export function ImagePicker({ label, onPick }: { label: string; onPick: (image: PickedImage) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Source>('library');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useInertPage(open);

  const pick = (image: PickedImage) => {
    setOpen(false);
    setError(undefined);
    onPick(image);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.append('image', file);
      const { url: uploaded } = (await (await apiRequest('POST', '/api/upload', form)).json()) as { url: string };
      await queryClient.invalidateQueries({ queryKey: [MEDIA_URL] });
      pick({ url: uploaded, alt: '' });
    } catch (failure) {
      setError(messageOf(failure, 'The image could not be uploaded.'));
    } finally {
      setBusy(false);
    }
  };
  const useUrl = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!EXTERNAL.test(address) && !address.startsWith('/uploads/') && !address.startsWith('/images/')) {
      setError('Give an http(s) address, or an /uploads/ or /images/ path.');
      return;
    }
    pick({ url: address, alt: '' });
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button--ghost fc-dash-small-button">
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fc-overlay" />
        <Dialog.Content className="fc-dialog fc-admin-dialog fc-media-detail">
          <Dialog.Title>Choose an image</Dialog.Title>
          <Dialog.Description className="fc-dialog__description">
            From the library, a new upload, a preset or an address.
          </Dialog.Description>
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Source)} className="fc-tabs">
            <Tabs.List className="fc-tabs__list" aria-label="Image source">
              <Tabs.Trigger className="fc-tabs__trigger" value="library">
                Library
              </Tabs.Trigger>
              <Tabs.Trigger className="fc-tabs__trigger" value="upload">
                Upload
              </Tabs.Trigger>
              <Tabs.Trigger className="fc-tabs__trigger" value="presets">
                Presets
              </Tabs.Trigger>
              <Tabs.Trigger className="fc-tabs__trigger" value="url">
                URL
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="library" className="fc-tabs__panel">
              <MediaGrid onPick={(item) => pick({ url: item.url, alt: item.alt })} />
            </Tabs.Content>
            <Tabs.Content value="upload" className="fc-tabs__panel">
              <div className="fc-form">
                <label htmlFor={`${id}-file`}>Image file</label>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                  disabled={busy}
                  onChange={(event) => void upload(event.target.files?.[0])}
                />
                <p className="fc-dash-hint">JPEG, PNG, WebP, AVIF or GIF up to 10 MB. It joins the library.</p>
              </div>
            </Tabs.Content>
            <Tabs.Content value="presets" className="fc-tabs__panel">
              <ul className="fc-media-grid">
                {HERO_PRESETS.map((preset) => (
                  <li key={preset.src}>
                    <button type="button" className="fc-media-tile" onClick={() => pick({ url: preset.src, alt: preset.name })}>
                      <img src={presetThumbnail(preset.src)} alt="" loading="lazy" />
                      <span className="fc-media-tile__name">{preset.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </Tabs.Content>
            <Tabs.Content value="url" className="fc-tabs__panel">
              <form className="fc-form" onSubmit={useUrl} noValidate>
                <label htmlFor={`${id}-url`}>Image address</label>
                <input
                  id={`${id}-url`}
                  type="url"
                  inputMode="url"
                  placeholder="https://…"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
                <button type="submit" className="button fc-dash-small-button">
                  Use this address
                </button>
              </form>
            </Tabs.Content>
          </Tabs.Root>
          {error && (
            <p className="fc-dash-error" role="alert">
              {error}
            </p>
          )}
          <Dialog.Close className="fc-dialog__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
