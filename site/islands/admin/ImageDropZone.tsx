import { useState, type ChangeEvent, type DragEvent } from 'react';
import { toast } from '../shared/toast-store';

/** Only image files are accepted; anything else is refused with a toast. */
function isImageFile(file: File): boolean {
  if (file.type.startsWith('image/')) return true;
  toast({ title: 'Invalid File', description: 'Please select a valid image file.', variant: 'destructive' });
  return false;
}

interface Props {
  /** Called with an image file chosen by browsing or by dropping. */
  onFile: (file: File) => void;
  /** The chosen file, named inside the zone. */
  file: File | null;
  label: string;
}

/**
 * A real file input wrapped in its label, so it is reachable by keyboard and screen readers, that
 * also accepts a dropped file and highlights while one is dragged over it.
 */
export function ImageDropZone({ onFile, file, label }: Props) {
  const [dragging, setDragging] = useState(false);

  const take = (chosen: File | undefined) => {
    if (chosen && isImageFile(chosen)) onFile(chosen);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files?.[0]);
    // Lets the same file be chosen again after it was refused or cleared.
    event.target.value = '';
  };
  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLLabelElement>) => {
    // Moving onto a child of the zone is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <label
      className="fc-dropzone"
      data-dragging={dragging ? 'true' : 'false'}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <input type="file" accept="image/*" className="visually-hidden" onChange={onChange} />
      <span className="fc-dropzone__title">{label}</span>
      <span className="fc-dropzone__hint">
        {file ? `Selected: ${file.name}` : 'or drag and drop it here (JPEG, PNG, WebP, AVIF or GIF, up to 10 MB)'}
      </span>
    </label>
  );
}
