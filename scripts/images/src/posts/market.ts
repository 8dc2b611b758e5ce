// The market still life, public/images/posts/market.jpg (and its WebP sizes), with the foods only it draws.
import {
  at,
  circle,
  d,
  darken,
  ellipse,
  group,
  lighten,
  line,
  path,
  pick,
  rand,
  rect,
  type Rng,
  type Scene,
  stroke,
  type Svg,
} from '../core.ts';
import { finish } from '../common.ts';
import { leaf, placed, shadow, sprig, tomato, woodTable } from '../tableware.ts';

function crate(
  s: Svg,
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: (cx: number, cy: number, r: number) => string,
  r: number,
): string {
  const out: string[] = [];
  out.push(rect(x + 14, y + 20, w, h, '#000', { opacity: 0.3, rx: 6 }));
  out.push(rect(x, y, w, h, '#c49a6c', { rx: 4 }));
  out.push(rect(x + 16, y + 16, w - 32, h - 32, '#6b4a30'));
  for (const yy of [y, y + h - 16])
    out.push(rect(x, yy, w, 16, '#d8b488'), line(x, yy + 8, x + w, yy + 8, '#b08a5e', 1.5, { opacity: 0.6 }));
  for (const xx of [x, x + w - 16]) out.push(rect(xx, y, 16, h, '#caa276'));
  const items: Array<[number, string]> = [];
  const cols = Math.max(1, Math.floor((w - 32) / (r * 1.7)));
  const rows = Math.max(1, Math.floor((h - 32) / (r * 1.7)));
  for (let c = 0; c < cols; c++) {
    for (let q = 0; q < rows; q++) {
      const cx = x + 16 + ((w - 32) * (c + 0.5)) / cols + rand(rng, -r * 0.15, r * 0.15);
      const cy = y + 16 + ((h - 32) * (q + 0.5)) / rows + rand(rng, -r * 0.15, r * 0.15);
      items.push([cx + cy, fill(cx, cy, r * rand(rng, 0.9, 1.08))]);
    }
  }
  out.push(
    group(
      items.sort((a, b) => a[0] - b[0]).map((i) => i[1]),
      { 'clip-path': s.clip(rect(x + 16, y + 16, w - 32, h - 32, '#000')) },
    ),
  );
  return group(out);
}

function lemon(s: Svg, x: number, y: number, r: number, color = '#f3d23a'): string {
  return group([
    shadow(s, x, y, r * 1.1, r * 0.85, 0.4),
    path(
      d`M${x - r * 1.2} ${y}Q${x - r * 1.05} ${y - r * 0.85} ${x} ${y - r * 0.85}Q${x + r * 1.05} ${y - r * 0.85} ${x + r * 1.2} ${y}Q${x + r * 1.05} ${y + r * 0.85} ${x} ${y + r * 0.85}Q${x - r * 1.05} ${y + r * 0.85} ${x - r * 1.2} ${y}Z`,
      s.radial(
        [
          [0, lighten(color, 0.3)],
          [0.7, color],
          [1, darken(color, 0.2)],
        ],
        0.4,
        0.35,
        0.7,
      ),
    ),
    ellipse(x - r * 0.3, y - r * 0.35, r * 0.3, r * 0.12, '#ffffff', { opacity: 0.4 }),
  ]);
}

function eggplant(s: Svg, x: number, y: number, r: number, rot: number): string {
  return group([
    shadow(s, x, y, r * 1.5, r * 0.8, 0.4, rot),
    placed(
      group([
        ellipse(
          0,
          0,
          r * 1.5,
          r * 0.8,
          s.radial(
            [
              [0, '#8a4a9a'],
              [0.6, '#4d1f5a'],
              [1, '#2a0f33'],
            ],
            0.35,
            0.3,
            0.8,
          ),
        ),
        path(d`M${-r * 1.3} ${-r * 0.5}L${-r * 1.9} ${0}L${-r * 1.3} ${r * 0.5}L${-r * 1.1} 0Z`, '#4a7a3a'),
        ellipse(-r * 0.3, -r * 0.35, r * 0.6, r * 0.12, '#ffffff', { opacity: 0.3 }),
      ]),
      x,
      y,
      rot,
    ),
  ]);
}

function greens(rng: Rng, x: number, y: number, r: number): string {
  const out: string[] = [];
  for (let i = 0; i < 7; i++)
    out.push(leaf(x, y, r * rand(rng, 1.0, 1.3), i * 51 + rand(rng, -10, 10), pick(rng, ['#3f7a35', '#5a9a3f', '#6fb04a']), true, 0.7));
  out.push(circle(x, y, r * 0.25, '#b9d98a'));
  return group(out);
}

export const market: Scene = (s, rng) => {
  woodTable(s, rng, '#5d6b6a', 150);
  const T = (cx: number, cy: number, r: number) => tomato(s, cx, cy, r);
  const L = (cx: number, cy: number, r: number) => lemon(s, cx, cy, r * 0.8);
  const O = (cx: number, cy: number, r: number) => tomato(s, cx, cy, r, '#f08a24', '#5a7a2a');
  const E = (cx: number, cy: number, r: number) => eggplant(s, cx, cy, r * 0.7, rand(rng, -30, 30));
  const G = (cx: number, cy: number, r: number) => greens(rng, cx, cy, r);
  const R = (cx: number, cy: number, r: number) => tomato(s, cx, cy, r * 0.6, '#d8365a', '#4f8a3a');
  const gw = 470,
    gh = 380;
  const fills = [T, L, E, O, G, R];
  const sizes = [48, 50, 62, 50, 70, 36];
  for (let i = 0; i < 6; i++) {
    const col = i % 3,
      row = Math.floor(i / 3);
    s.add(crate(s, rng, 40 + col * (gw + 40), 50 + row * (gh + 40), gw, gh, at(fills, i), at(sizes, i)));
  }
  // a loose bunch of herbs and a kraft tag across the crates
  s.add(sprig(rng, 480, 440, 240, -20, '#4d8a3a', 20));
  s.add(
    placed(
      group([rect(-40, -26, 80, 52, '#e8d3a8', { rx: 6 }), circle(-26, 0, 6, '#5d6b6a'), stroke(d`M-26 0Q-80 -30 -120 -10`, '#8a6a4a', 2)]),
      1050,
      440,
      12,
    ),
  );
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};
