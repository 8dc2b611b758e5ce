import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type CSSProperties, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { LIMITS, type FocalPoint, type MediaItem } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { useInertPage } from '../../shared/inert-page';
import { toast } from '../../shared/toast-store';
import { CropEditor } from './CropEditor';
import { dimensions, MEDIA_URL, MediaGrid, size } from './MediaGrid';

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/**
 * The image; a click (or the arrow keys) puts the focal point there. The button is sized to the
 * image itself, at its own proportions before it has loaded, so a click's place on the button is
 * its place on the image, however tall or wide the image.
 */
function FocalPicker({ item, focal, onChange }: { item: MediaItem; focal: FocalPoint; onChange: (focal: FocalPoint) => void }) {
  const ratio = item.width && item.height ? item.width / item.height : undefined;
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0], ArrowUp: [0, -0.05], ArrowDown: [0, 0.05] }[event.key];
    if (!step) return;
    event.preventDefault();
    onChange({ x: clamp(focal.x + step[0]!), y: clamp(focal.y + step[1]!) });
  };
  return (
    <button
      type="button"
      className="fc-media-focal"
      style={ratio ? ({ '--ratio': ratio } as CSSProperties) : undefined}
      onClick={pick}
      onKeyDown={nudge}
      aria-label={`Focal point at ${Math.round(focal.x * 100)}% from the left, ${Math.round(focal.y * 100)}% from the top. Click the image or use the arrow keys to move it.`}
    >
      <img src={item.url} alt="" width={item.width ?? undefined} height={item.height ?? undefined} />
      <span className="fc-media-focal__mark" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} aria-hidden="true" />
    </button>
  );
}

/** One item: alt text, focal point, where it is used, crop and rotate, delete. */
function MediaDetail({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [alt, setAlt] = useState(item.alt);
  const [focal, setFocal] = useState(item.focalPoint);
  const [cropping, setCropping] = useState(false);
  const [error, setError] = useState<string>();
  useInertPage(true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MEDIA_URL] });
  const save = useMutation({
    mutationFn: () => apiRequest('PATCH', `${MEDIA_URL}/${item.id}`, { alt, focalPoint: focal }),
    onSuccess: async () => {
      setError(undefined);
      toast({ title: 'Saved', description: 'Every page that shows this image now crops it around the focal point.' });
      await refresh();
    },
    onError: (failure) => setError(messageOf(failure, 'The changes could not be saved.')),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `${MEDIA_URL}/${item.id}`),
    onSuccess: async () => {
      toast({ title: 'Deleted', description: `${item.originalName || 'The image'} is gone.` });
      await refresh();
      onClose();
    },
    onError: (failure) => setError(messageOf(failure, 'The image could not be deleted.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const busy = save.isPending || remove.isPending;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fc-overlay" />
        <Dialog.Content className="fc-dialog fc-admin-dialog fc-media-detail">
          <Dialog.Title>{item.originalName || 'Image'}</Dialog.Title>
          <Dialog.Description className="fc-dialog__description">
            {[dimensions(item), size(item.bytes)].filter(Boolean).join(' · ') || 'Uploaded before the library kept sizes.'}
          </Dialog.Description>
          {cropping ? (
            <CropEditor
              item={item}
              onCancel={() => setCropping(false)}
              onSaved={async () => {
                toast({ title: 'Saved as a new image', description: 'The original is kept as it was.' });
                await refresh();
                onClose();
              }}
            />
          ) : (
            <form onSubmit={submit} noValidate aria-busy={busy}>
              <FocalPicker item={item} focal={focal} onChange={setFocal} />
              <p className="fc-dash-hint">Cards and heroes crop the image around the focal point.</p>
              <div className="fc-form">
                <label htmlFor={`${id}-alt`}>Alt text</label>
                <input
                  id={`${id}-alt`}
                  type="text"
                  value={alt}
                  maxLength={LIMITS.altText}
                  disabled={busy}
                  onChange={(event) => setAlt(event.target.value)}
                />
              </div>
              <h3 className="fc-media-detail__heading">Used on</h3>
              {item.usedBy.length === 0 ? (
                <p className="fc-dash-meta">Not used anywhere yet.</p>
              ) : (
                <ul className="fc-media-uses">
                  {item.usedBy.map((use) => (
                    <li key={`${use.kind}-${use.id}`}>
                      <a href={use.path}>{use.title}</a> <span className="fc-dash-meta">({use.kind})</span>
                    </li>
                  ))}
                </ul>
              )}
              {error && (
                <p className="fc-dash-error" role="alert">
                  {error}
                </p>
              )}
              <div className="fc-media-actions">
                <button type="submit" className="button" disabled={busy}>
                  Save
                </button>
                <button type="button" className="button button--ghost" disabled={busy} onClick={() => setCropping(true)}>
                  Crop or rotate
                </button>
                <button type="button" className="fc-dash-text-button fc-media-delete" disabled={busy} onClick={() => remove.mutate()}>
                  Delete
                </button>
              </div>
            </form>
          )}
          <Dialog.Close className="fc-dialog__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** /admin/media: every upload, with alt text, focal point, crop and rotate, and delete. */
export function DashboardMedia() {
  const id = useId();
  const [open, setOpen] = useState<MediaItem>();
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Images</p>
      <h2 id={`${id}-title`}>Media library</h2>
      <p className="fc-dash-meta">Every upload. Choose one to describe it, set its focal point, crop or rotate it, or delete it.</p>
      <MediaGrid onPick={setOpen} />
      {open && <MediaDetail key={open.id} item={open} onClose={() => setOpen(undefined)} />}
    </section>
  );
}
