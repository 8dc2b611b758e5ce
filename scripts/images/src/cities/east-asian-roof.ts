// The upswept East Asian roof on Kyoto's pagoda and temple hall and on Osaka's castle keep.
import { d, path } from '../core.ts';

/** East-Asian roof with upswept eaves; y is the eave line, h the roof height. */
export function asianRoof(cx: number, y: number, w: number, h: number, fill: string, lift = 0.35): string {
  return path(
    d`M${cx - w / 2} ${y - h * lift}Q${cx - w * 0.42} ${y + h * 0.12} ${cx - w * 0.28} ${y + h * 0.1}L${cx + w * 0.28} ${y + h * 0.1}` +
      d`Q${cx + w * 0.42} ${y + h * 0.12} ${cx + w / 2} ${y - h * lift}Q${cx + w * 0.3} ${y - h * 0.42} ${cx + w * 0.17} ${y - h}` +
      d`L${cx - w * 0.17} ${y - h}Q${cx - w * 0.3} ${y - h * 0.42} ${cx - w / 2} ${y - h * lift}Z`,
    fill,
  );
}
