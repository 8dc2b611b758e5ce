// Shared scene helpers used across cities and presets: finishing, reflections, birds, skylines, houses.
import { type Rng, type Svg, d, pick, darken, group, lighten, num, path, polygon, rand, rect, stroke } from './core.ts';
import { grain, vignette } from './nature.ts';

export interface FinishOpts {
  grain?: number;
  vignette?: number;
  light?: string;
  dark?: string;
}

export function finish(s: Svg, rng: Rng, o: FinishOpts = {}): void {
  if ((o.vignette ?? 0.3) > 0) vignette(s, o.vignette ?? 0.3);
  grain(s, rng, Math.round(1300 * (o.grain ?? 1)), o.light ?? '#ffffff', o.dark ?? '#000000');
}

/** Mirror content around a horizontal water line. */
export function reflect(content: string, axisY: number, opacity: number, clip?: string): string {
  return group(content, { transform: `translate(0 ${num(axisY * 2)}) scale(1 -1)`, opacity, 'clip-path': clip });
}

/** A loose flock of gull "v" strokes. */
export function birds(rng: Rng, x: number, y: number, count: number, spread: number, color: string): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const bx = x + rand(rng, -spread, spread);
    const by = y + rand(rng, -spread * 0.4, spread * 0.4);
    const sz = rand(rng, 5, 10);
    out.push(
      stroke(
        d`M${bx - sz} ${by - sz * 0.3}Q${bx - sz * 0.4} ${by - sz * 0.6} ${bx} ${by}Q${bx + sz * 0.4} ${by - sz * 0.6} ${bx + sz} ${by - sz * 0.3}`,
        color,
        1.6,
      ),
    );
  }
  return group(out);
}

export interface SkylineOpts {
  x0: number;
  x1: number;
  base: number;
  minH: number;
  maxH: number;
  minW?: number;
  maxW?: number;
  color: string;
  lit?: string[];
  pLit?: number;
  profile?: (x: number) => number; // multiplier on height by x
}

/** Generic block skyline, optionally with lit windows. */
export function skyline(rng: Rng, o: SkylineOpts): string {
  const out: string[] = [];
  const wins: string[] = [];
  let x = o.x0;
  while (x < o.x1) {
    const bw = rand(rng, o.minW ?? 24, o.maxW ?? 60);
    const bh = rand(rng, o.minH, o.maxH) * (o.profile ? o.profile(x + bw / 2) : 1);
    const top = o.base - bh;
    const kind = rng();
    if (kind < 0.15) {
      out.push(
        path(d`M${x} ${o.base}L${x} ${top + bw * 0.3}L${x + bw / 2} ${top}L${x + bw} ${top + bw * 0.3}L${x + bw} ${o.base}Z`, o.color),
      );
    } else if (kind < 0.3) {
      out.push(rect(x, top, bw, bh + 2, o.color), rect(x + bw * 0.46, top - bh * 0.12, bw * 0.08, bh * 0.12, o.color));
    } else if (kind < 0.42) {
      out.push(rect(x, top + bh * 0.15, bw, bh * 0.85 + 2, o.color), rect(x + bw * 0.15, top, bw * 0.7, bh * 0.2, o.color));
    } else {
      out.push(rect(x, top, bw, bh + 2, o.color));
    }
    if (kind >= 0.15)
      out.push(
        rect(x + bw * 0.68, top + (kind < 0.42 && kind >= 0.3 ? bh * 0.15 : 0), bw * 0.32, bh + 2, darken(o.color, 0.14), { opacity: 0.6 }),
      );
    if (o.lit) {
      const cols = Math.max(2, Math.floor(bw / 9));
      const rows = Math.max(2, Math.floor(bh / 12));
      for (let c = 0; c < cols; c++) {
        for (let r = 1; r < rows; r++) {
          if (rng() > (o.pLit ?? 0.25)) continue;
          const wx = x + (bw * (c + 0.3)) / cols;
          const wy = top + bh * 0.08 + (bh * 0.9 * r) / rows;
          wins.push(rect(wx, wy, (bw / cols) * 0.4, 3.2, pick(rng, o.lit), { opacity: num(rand(rng, 0.45, 0.95)) }));
        }
      }
    }
    x += bw + rand(rng, -4, 2);
  }
  return group(out) + group(wins);
}

export interface HouseOpts {
  wall: string;
  roof: string;
  window: string;
  frame?: string;
  shutter?: string;
  roofType?: 'gable' | 'hip' | 'flat' | 'step' | 'mansard';
  floors?: number;
  light?: 'left' | 'right';
}

/** Simple facade with a roof and a window grid — the unit of Lisbon, Naples, Nyhavn, terraces. */
export function house(rng: Rng, x: number, base: number, w: number, h: number, o: HouseOpts): string {
  const out: string[] = [];
  const top = base - h;
  out.push(rect(x, top, w, h + 1, o.wall));
  // side shading for a touch of volume
  const shadeW = w * 0.12;
  out.push(rect(o.light === 'right' ? x : x + w - shadeW, top, shadeW, h + 1, darken(o.wall, 0.12), { opacity: 0.55 }));
  const rt = o.roofType ?? 'gable';
  const rh = w * (rt === 'gable' ? 0.28 : rt === 'step' ? 0.55 : rt === 'mansard' ? 0.32 : 0.18);
  if (rt === 'gable') {
    out.push(
      polygon(
        [
          [x - 3, top + 1],
          [x + w / 2, top - rh],
          [x + w + 3, top + 1],
        ],
        o.roof,
      ),
    );
  } else if (rt === 'hip') {
    out.push(
      polygon(
        [
          [x - 3, top + 1],
          [x + w * 0.2, top - rh],
          [x + w * 0.8, top - rh],
          [x + w + 3, top + 1],
        ],
        o.roof,
      ),
    );
  } else if (rt === 'mansard') {
    out.push(
      polygon(
        [
          [x - 2, top + 1],
          [x + w * 0.08, top - rh],
          [x + w * 0.92, top - rh],
          [x + w + 2, top + 1],
        ],
        o.roof,
      ),
    );
    out.push(
      rect(x + w * 0.38, top - rh * 0.75, w * 0.24, rh * 0.55, lighten(o.roof, 0.1)),
      rect(x + w * 0.43, top - rh * 0.62, w * 0.14, rh * 0.38, o.window),
    );
  } else if (rt === 'step') {
    const steps = 4;
    const pts: Array<[number, number]> = [[x, top + 1]];
    for (let i = 0; i < steps; i++) {
      const xi = x + (w / 2) * (i / steps) * 0.9;
      const yi = top - (rh * i) / steps;
      pts.push([xi, yi], [xi, yi - rh / steps]);
    }
    const right = pts.map(([px, py]) => [2 * (x + w / 2) - px, py] as [number, number]).reverse();
    out.push(polygon([...pts, ...right], o.wall));
    out.push(rect(x + w / 2 - w * 0.08, top - rh * 0.7, w * 0.16, w * 0.18, o.window, { rx: w * 0.08 }));
  } else {
    out.push(rect(x - 3, top - 6, w + 6, 7, darken(o.wall, 0.18)));
  }
  const floors = o.floors ?? Math.max(2, Math.round(h / 48));
  const cols = Math.max(1, Math.round(w / 42));
  const fh = (h - 14) / floors;
  const cw = w / cols;
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < cols; c++) {
      const ww = Math.min(cw * 0.42, 22);
      const wh = Math.min(fh * 0.55, 34);
      const wx = x + c * cw + (cw - ww) / 2;
      const wy = top + 10 + f * fh + (fh - wh) * 0.4;
      if (o.frame) out.push(rect(wx - 2, wy - 2, ww + 4, wh + 4, o.frame));
      out.push(rect(wx, wy, ww, wh, o.window));
      if (o.shutter && rng() < 0.6) {
        out.push(rect(wx - ww * 0.45, wy, ww * 0.42, wh, o.shutter), rect(wx + ww * 1.03, wy, ww * 0.42, wh, o.shutter));
      }
    }
  }
  return group(out);
}
