// Core drawing toolkit: seeded PRNG, colour maths and a tiny SVG string builder.
// Everything here is pure and deterministic; randomness only ever comes from a seeded Rng.

export type Rng = () => number;
export type Pt = [number, number];
export type Stop = [offset: number, color: string, opacity?: number];
export type Attrs = Record<string, string | number | undefined>;
/** A picture: draws into `s`, taking every random choice from `rng`. */
export type Scene = (s: Svg, rng: Rng) => void;

/** mulberry32: tiny, fast, good-enough seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash so every image gets its own stable seed derived from its name. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const rand = (rng: Rng, a: number, b: number): number => a + (b - a) * rng();
/** Checked array access (the project compiles with noUncheckedIndexedAccess). */
export function at<T>(list: readonly T[], i: number): T {
  const v = list[i < 0 ? list.length + i : i];
  if (v === undefined) throw new RangeError(`index ${i} outside 0..${list.length - 1}`);
  return v;
}
export const pick = <T>(rng: Rng, list: readonly T[]): T => at(list, Math.floor(rng() * list.length));
export const clamp = (v: number, a: number, b: number): number => Math.min(b, Math.max(a, v));
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Compact number formatting for SVG output (one decimal). */
export const num = (v: number): string => String(Math.round(v * 10) / 10);

/** Tagged template for path data: numbers are rounded, everything else is kept. */
export function d(strings: TemplateStringsArray, ...values: Array<number | string>): string {
  let out = at(strings, 0);
  for (let i = 0; i < values.length; i++) {
    const v = at(values, i);
    out += (typeof v === 'number' ? num(v) : v) + at(strings, i + 1);
  }
  return out;
}

// ---------------------------------------------------------------- colour

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function hex(r: number, g: number, b: number): string {
  return '#' + [r, g, b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('');
}

export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(lerp(r1, r2, t), lerp(g1, g2, t), lerp(b1, b2, t));
}
export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

// ---------------------------------------------------------------- elements

function el(tag: string, attrs: Attrs, inner?: string): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}="${typeof v === 'number' ? num(v) : v}"`)
    .join(' ');
  return inner === undefined ? `<${tag} ${a}/>` : `<${tag} ${a}>${inner}</${tag}>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}): string =>
  el('rect', { x, y, width: w, height: h, fill, ...a });
export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}): string => el('circle', { cx, cy, r, fill, ...a });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}): string =>
  el('ellipse', { cx, cy, rx, ry, fill, ...a });
export const path = (dd: string, fill: string, a: Attrs = {}): string => el('path', { d: dd, fill, ...a });
export const polygon = (pts: Pt[], fill: string, a: Attrs = {}): string =>
  el('polygon', { points: pts.map((p) => `${num(p[0])},${num(p[1])}`).join(' '), fill, ...a });
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, a: Attrs = {}): string =>
  el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, ...a });
export const stroke = (dd: string, color: string, width: number, a: Attrs = {}): string =>
  el('path', { d: dd, fill: 'none', stroke: color, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...a });
export const group = (inner: string | string[], a: Attrs = {}): string => el('g', a, Array.isArray(inner) ? inner.join('') : inner);

/** Catmull-Rom spline through points, as cubic Bézier path data (open). */
export function smoothPath(pts: Pt[], tension = 1): string {
  const first = at(pts, 0);
  let out = d`M${first[0]} ${first[1]}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p1 = at(pts, i);
    const p0 = pts[i - 1] ?? p1;
    const p2 = at(pts, i + 1);
    const p3 = pts[i + 2] ?? p2;
    const k = tension / 6;
    out += d`C${p1[0] + (p2[0] - p0[0]) * k} ${p1[1] + (p2[1] - p0[1]) * k} ${p2[0] - (p3[0] - p1[0]) * k} ${p2[1] - (p3[1] - p1[1]) * k} ${p2[0]} ${p2[1]}`;
  }
  return out;
}

// ---------------------------------------------------------------- document builder

/** Collects <defs> and body parts and hands out unique ids for gradients and clips. */
export class Svg {
  w: number;
  h: number;
  private defs: string[] = [];
  private parts: string[] = [];
  private count = 0;

  constructor(w: number, h: number) {
    this.w = w;
    this.h = h;
  }

  id(prefix = 'i'): string {
    return `${prefix}${this.count++}`;
  }

  private stopTags(stops: Stop[]): string {
    return stops
      .map(([o, c, op]) => el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op === undefined || op === 1 ? undefined : op }))
      .join('');
  }

  /** Linear gradient; coordinates are fractions of the shape's box unless user=true. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id('l');
    const units = user ? 'userSpaceOnUse' : undefined;
    this.defs.push(el('linearGradient', { id, x1, y1, x2, y2, gradientUnits: units }, this.stopTags(stops)));
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, user = false, fx?: number, fy?: number): string {
    const id = this.id('r');
    const units = user ? 'userSpaceOnUse' : undefined;
    this.defs.push(el('radialGradient', { id, cx, cy, r, fx, fy, gradientUnits: units }, this.stopTags(stops)));
    return `url(#${id})`;
  }

  clip(content: string): string {
    const id = this.id('c');
    this.defs.push(el('clipPath', { id }, content));
    return `url(#${id})`;
  }

  add(...parts: string[]): this {
    this.parts.push(...parts);
    return this;
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}">` +
      `<defs>${this.defs.join('')}</defs>${this.parts.join('')}</svg>`
    );
  }
}
