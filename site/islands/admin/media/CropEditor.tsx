import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import type { MediaItem } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { cropImage } from './crop-image';

const ASPECTS = [
  { label: '16:9 (heroes and cards)', value: 16 / 9 },
  { label: '4:3', value: 4 / 3 },
  { label: 'Square', value: 1 },
] as const;

/** Crop and rotate an item in the browser; the result is uploaded as a new item, the original kept. */
export function CropEditor({ item, onSaved, onCancel }: { item: MediaItem; onSaved: (url: string) => void; onCancel: () => void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [aspect, setAspect] = useState<number>(ASPECTS[0].value);
  const [area, setArea] = useState<Area>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const save = async () => {
    if (!area) return;
    setBusy(true);
    setError(undefined);
    try {
      const blob = await cropImage(item.url, area, rotation);
      const form = new FormData();
      const base = (item.originalName || 'image').replace(/\.[a-z0-9]+$/i, '');
      form.append('image', new File([blob], `${base}-cropped.jpg`, { type: 'image/jpeg' }));
      const { url } = (await (await apiRequest('POST', '/api/upload', form)).json()) as { url: string };
      onSaved(url);
    } catch (failure) {
      setError(messageOf(failure, 'The cropped image could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fc-media-crop">
      <div className="fc-media-crop__stage">
        <Cropper
          image={item.url}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={setRotation}
          onCropComplete={(_area, pixels) => setArea(pixels)}
        />
      </div>
      <div className="fc-media-crop__controls">
        <label>
          Shape
          <select value={aspect} onChange={(event) => setAspect(Number(event.target.value))} disabled={busy}>
            {ASPECTS.map((option) => (
              <option key={option.label} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Zoom
          <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
        </label>
        <label>
          Rotation
          <input
            type="range"
            min={-180}
            max={180}
            step={1}
            value={rotation}
            onChange={(event) => setRotation(Number(event.target.value))}
          />
        </label>
        <button
          type="button"
          className="button button--ghost fc-dash-small-button"
          onClick={() => setRotation((r) => ((r + 90 + 180) % 360) - 180)}
        >
          Turn 90°
        </button>
      </div>
      {error && (
        <p className="fc-dash-error" role="alert">
          {error}
        </p>
      )}
      <div className="fc-media-actions">
        <button type="button" className="button" onClick={() => void save()} disabled={busy || !area} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save as a new image'}
        </button>
        <button type="button" className="fc-dash-text-button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
