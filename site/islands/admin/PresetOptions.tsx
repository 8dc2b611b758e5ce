import { presetThumbnail, type Preset } from './presets';

interface PresetOptionsProps {
  presets: readonly Preset[];
  /** The radio group's name. */
  name: string;
  /** The chosen preset's src, if any. */
  selected: string | undefined;
  onSelect: (src: string) => void;
  /** Each option's class: the hero dialog and the dashboard draw the same radios differently. */
  itemClassName: string;
}

/** Preset images as a group of radio buttons, each a thumbnail with its name. */
export function PresetOptions({ presets, name, selected, onSelect, itemClassName }: PresetOptionsProps) {
  return presets.map((preset) => (
    <label key={preset.src} className={itemClassName}>
      <input type="radio" name={name} value={preset.src} checked={selected === preset.src} onChange={() => onSelect(preset.src)} />
      <img src={presetThumbnail(preset.src)} alt="" width={640} height={360} loading="lazy" decoding="async" />
      <span>{preset.name}</span>
    </label>
  ));
}
