// Brand artwork: hero fallback, Open Graph card and the favicon mark.
import { type Rng, type Svg, circle, ellipse, group, path, rect } from './core.ts';
import { glow, grain, vignette } from './nature.ts';
import { arc, fork, knife, shadow } from './tableware.ts';

export const BRAND = { ink: '#1d2a2f', paper: '#f6f1e7', terracotta: '#c4532d' } as const;

/** The fork path on a 64×64 grid; reused by the favicon and the larger artworks. */
const FORK_PATH = 'M19 12a2 2 0 0 1 4 0V27h7V12a2 2 0 0 1 4 0V27h7V12a2 2 0 0 1 4 0V29c0 6-4 10-10 11V54a3 3 0 0 1-6 0V40c-6-1-10-5-10-11Z';

function forkMark(x: number, y: number, size: number, rot: number, fill: string, opacity = 1): string {
  const k = size / 64;
  return path(FORK_PATH, fill, { transform: `translate(${x} ${y}) rotate(${rot}) scale(${k}) translate(-32 -33)`, opacity });
}

/** Neutral, calm image shown when a hero fails to load: plate and fork on warm paper. */
export function fallbackScene(s: Svg, rng: Rng): void {
  const { w, h } = s;
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.linear(
        [
          [0, '#f1e9dc'],
          [1, '#d9cab3'],
        ],
        0,
        0,
        1,
        1,
      ),
    ),
  );
  s.add(glow(s, w * 0.42, h * 0.38, 700, '#fff8ec', 0.6));
  const cx = w * 0.55,
    cy = h * 0.5,
    r = 270;
  s.add(shadow(s, cx, cy, r, r, 1.4));
  s.add(circle(cx, cy, r, '#f8f3ea'), circle(cx, cy, r, 'none', { stroke: '#e2d6c4', 'stroke-width': 2 }));
  s.add(
    circle(
      cx,
      cy,
      r * 0.7,
      s.radial(
        [
          [0, '#fbf8f2'],
          [0.85, '#f3ece0'],
          [1, '#e6dccb'],
        ],
        0.55,
        0.58,
        0.6,
      ),
    ),
  );
  s.add(arc(cx, cy, r * 0.7, 200, 290, '#d9ccb8', 3, 0.6), arc(cx, cy, r - 4, 190, 260, '#ffffff', 4, 0.7));
  s.add(fork(cx - r - 110, cy, 470, -90, '#bba889'));
  s.add(knife(cx + r + 110, cy, 480, -90, '#bba889'));
  grain(s, rng, 900, '#ffffff', '#5a4a3a', 0.8);
  vignette(s, 0.12, '#5a4a3a');
}

/** 1200×630 brand card: ink field, cream plate, terracotta fork, a few orbit lines and dots. */
export function ogScene(s: Svg, rng: Rng): void {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, BRAND.ink));
  s.add(glow(s, w * 0.5, h * 0.5, 520, '#2f4a52', 0.9));
  const dots: string[] = [];
  for (let x = 30; x < w; x += 36) for (let y = 30; y < h; y += 36) dots.push(circle(x, y, 1.4, BRAND.paper, { opacity: 0.08 }));
  s.add(group(dots));
  const cx = w / 2,
    cy = h / 2,
    r = 190;
  s.add(circle(cx, cy, r + 70, 'none', { stroke: BRAND.paper, 'stroke-width': 1.5, opacity: 0.18 }));
  s.add(circle(cx, cy, r + 120, 'none', { stroke: BRAND.paper, 'stroke-width': 1, opacity: 0.1, 'stroke-dasharray': '2 10' }));
  s.add(
    circle(cx + 200, cy - 210, 14, BRAND.terracotta),
    circle(cx - 300, cy + 150, 6, BRAND.paper, { opacity: 0.5 }),
    circle(cx + 320, cy + 120, 8, BRAND.terracotta, { opacity: 0.7 }),
  );
  s.add(
    ellipse(
      cx + 18,
      cy + 26,
      r * 1.05,
      r * 1.05,
      s.radial([
        [0, '#000000', 0.45],
        [1, '#000000', 0],
      ]),
    ),
  );
  s.add(circle(cx, cy, r, BRAND.paper));
  s.add(
    circle(
      cx,
      cy,
      r * 0.72,
      s.radial(
        [
          [0, '#fbf8f1'],
          [0.85, '#f1e9db'],
          [1, '#e2d6c2'],
        ],
        0.55,
        0.58,
        0.6,
      ),
    ),
  );
  s.add(circle(cx, cy, r * 0.72 + 10, 'none', { stroke: BRAND.terracotta, 'stroke-width': 4, opacity: 0.85 }));
  s.add(forkMark(cx + 10, cy + 12, 300, 0, '#000000', 0.18), forkMark(cx, cy, 300, 0, BRAND.terracotta));
  grain(s, rng, 700, '#ffffff', '#000000', 0.6);
}

/** Hand-written favicon: terracotta fork on a cream rounded square. */
export function faviconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<rect width="64" height="64" rx="14" fill="${BRAND.paper}"/>` +
    `<path d="${FORK_PATH}" fill="${BRAND.terracotta}"/>` +
    `</svg>\n`
  );
}
