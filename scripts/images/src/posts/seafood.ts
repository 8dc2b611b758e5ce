// The seafood still life, public/images/posts/seafood.jpg (and its WebP sizes), with the foods only it draws.
import {
  at,
  circle,
  ellipse,
  group,
  num,
  path,
  pick,
  polygon,
  type Pt,
  rand,
  type Rng,
  type Scene,
  smoothPath,
  stroke,
  type Svg,
} from '../core.ts';
import { finish } from '../common.ts';
import { bowl, citrusSlice, citrusWedge, fork, glass, linen, liquid, napkin, placed, scatter, shadow, sprig } from '../tableware.ts';
import { shrimp } from '../food.ts';

export const seafood: Scene = (s, rng) => {
  linen(s, rng, '#1f3550');
  const cx = 720,
    cy = 450;
  s.add(shadow(s, cx, cy, 380, 380, 1.2));
  s.add(
    circle(
      cx,
      cy,
      380,
      s.radial(
        [
          [0, '#dfe6ec'],
          [0.9, '#a9b4be'],
          [1, '#7d8894'],
        ],
        0.4,
        0.35,
        0.8,
      ),
    ),
  );
  s.add(circle(cx, cy, 350, '#e9f1f6'));
  // crushed ice
  const ice: string[] = [];
  for (let i = 0; i < 260; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * 335;
    const x = cx + Math.cos(a) * dd,
      y = cy + Math.sin(a) * dd,
      r = rand(rng, 8, 20);
    const pts: Pt[] = [];
    for (let k = 0; k < 5; k++) {
      const b = (k / 5) * Math.PI * 2 + rng();
      pts.push([x + Math.cos(b) * r * rand(rng, 0.6, 1), y + Math.sin(b) * r * rand(rng, 0.6, 1)]);
    }
    ice.push(polygon(pts, pick(rng, ['#ffffff', '#dcecf4', '#c6dfeb', '#f4fafd']), { opacity: num(rand(rng, 0.7, 1)) }));
  }
  s.add(group(ice));
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + 0.3;
    s.add(oyster(s, rng, cx + Math.cos(a) * 240, cy + Math.sin(a) * 240, 70, (a * 180) / Math.PI + 90));
  }
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    s.add(shrimp(cx + Math.cos(a) * 100, cy + Math.sin(a) * 100, 36, (a * 180) / Math.PI + 40));
  }
  s.add(citrusWedge(s, cx + 10, cy - 10, 52, 30, '#f6df5a', '#e9c32a'));
  s.add(bowl(s, 1270, 260, 90, '#f4f0e8', '#f4f0e8', 0.12), liquid(s, 1270, 260, 72, '#b8322a', 0.35));
  s.add(scatter(rng, 1220, 220, 1320, 300, 26, ['#f1c6a6', '#7e1a1a'], 2, 4));
  s.add(citrusSlice(s, 1220, 520, 62, '#f6e15c', '#e8c62c'), citrusSlice(s, 1330, 600, 54, '#f6e15c', '#e8c62c'));
  s.add(glass(s, 1300, 800, 95, '#e9d98a'));
  s.add(sprig(rng, 140, 700, 200, -40, '#4d7a3a', 14), sprig(rng, 1160, 380, 160, 30, '#4d7a3a', 12));
  s.add(napkin(s, 200, 260, 300, 240, -8, '#f4f1ea', '#1f3550'));
  s.add(fork(210, 260, 220, 100, '#c9ccd1'));
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

function oyster(s: Svg, rng: Rng, x: number, y: number, r: number, rot: number): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    const rr = r * rand(rng, 0.85, 1.1) * (Math.abs(Math.cos(a)) * 0.35 + 0.75);
    pts.push([Math.cos(a) * rr * 1.15, Math.sin(a) * rr * 0.85]);
  }
  pts.push(at(pts, 0), at(pts, 1), at(pts, 2));
  const shell = smoothPath(pts) + 'Z';
  const out: string[] = [path(shell, '#8b857a'), stroke(smoothPath(pts), '#5f5a52', 3)];
  for (let i = 0; i < 4; i++)
    out.push(ellipse(0, 0, r * (1 - i * 0.12), r * (0.75 - i * 0.1), 'none', { stroke: '#a8a294', 'stroke-width': 1.5, opacity: 0.5 }));
  out.push(
    ellipse(
      0,
      0,
      r * 0.82,
      r * 0.58,
      s.radial([
        [0, '#f3efe6'],
        [0.7, '#d9d4c7'],
        [1, '#a9a6a0'],
      ]),
    ),
  );
  out.push(
    ellipse(r * 0.05, 0, r * 0.55, r * 0.38, '#c9c3b0'),
    ellipse(r * 0.05, 0, r * 0.55, r * 0.38, 'none', { stroke: '#6d6a5f', 'stroke-width': 3, 'stroke-dasharray': '4 3' }),
  );
  out.push(ellipse(-r * 0.15, -r * 0.12, r * 0.22, r * 0.08, '#ffffff', { opacity: 0.6 }));
  return group([shadow(s, x, y, r * 1.1, r * 0.8, 0.6, rot), placed(group(out), x, y, rot)]);
}
