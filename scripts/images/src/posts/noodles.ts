// The noodles still life, public/images/posts/noodles.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, group, lighten, num, type Pt, rand, type Rng, type Scene, smoothPath, stroke } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, chopsticks, citrusWedge, linen, liquid, plate, scatter } from '../tableware.ts';
import { shrimp } from '../food.ts';

export const noodlesScene: Scene = (s, rng) => {
  linen(s, rng, '#1f2c4f');
  const cx = 700,
    cy = 450,
    R = 360;
  s.add(plate(s, cx, cy, R, '#f6f4ee', undefined, 0.8));
  const pat: string[] = [];
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2;
    const px = cx + Math.cos(a) * R * 0.9,
      py = cy + Math.sin(a) * R * 0.9;
    pat.push(circle(px, py, 12, 'none', { stroke: '#2d4f9a', 'stroke-width': 3 }), circle(px, py, 4, '#2d4f9a'));
  }
  s.add(group(pat), circle(cx, cy, R * 0.8, 'none', { stroke: '#2d4f9a', 'stroke-width': 3 }));
  s.add(noodleTangle(rng, cx, cy, 250, '#e8b064', '#b8742e', 80, 8));
  for (let i = 0; i < 18; i++)
    s.add(
      stroke(d`M0 0q20 -6 44 0`, '#f7f2df', 4, {
        transform: `translate(${num(cx + rand(rng, -200, 180))} ${num(cy + rand(rng, -200, 180))}) rotate(${num(rand(rng, 0, 180))})`,
      }),
    );
  for (let i = 0; i < 4; i++) {
    const a = i * 1.6 + 0.5;
    s.add(shrimp(cx + Math.cos(a) * 120, cy + Math.sin(a) * 120, 32, (a * 180) / Math.PI));
  }
  for (let i = 0; i < 16; i++)
    s.add(
      stroke(d`M0 0l40 4`, '#5aa84a', 5, {
        transform: `translate(${num(cx + rand(rng, -180, 160))} ${num(cy + rand(rng, -180, 160))}) rotate(${num(rand(rng, 0, 180))})`,
      }),
    );
  s.add(scatter(rng, cx - 150, cy - 150, cx + 150, cy + 150, 60, ['#d9b07a', '#b8864a', '#f0d6a4'], 3, 7, 'flake'));
  s.add(scatter(rng, cx - 200, cy - 200, cx + 200, cy + 200, 40, ['#c8261a'], 1.5, 3, 'flake'));
  s.add(citrusWedge(s, cx + 220, cy - 200, 56, 40, '#c9e27a', '#4f8a2a'));
  s.add(chopsticks(1200, 470, 600, -80, '#2a2a2a', '#c9a040'));
  s.add(bowl(s, 1330, 200, 80, '#f6f4ee', '#f6f4ee', 0.12), liquid(s, 1330, 200, 64, '#b8281a', 0.3));
  s.add(bowl(s, 1360, 720, 90, '#2d4f9a', '#f6f4ee', 0.1), liquid(s, 1360, 720, 72, '#7a4a1a', 0.3));
  s.add(scatter(rng, 1300, 680, 1420, 770, 16, ['#c8261a', '#f2e6c8'], 3, 6));
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

/** Tangled stir-fried noodles filling a circle. */
function noodleTangle(rng: Rng, x: number, y: number, r: number, light: string, dark: string, count = 70, width = 7): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let a = rng() * Math.PI * 2;
    let px = x + Math.cos(a) * r * Math.sqrt(rng()) * 0.8,
      py = y + Math.sin(a) * r * Math.sqrt(rng()) * 0.8;
    const pts: Pt[] = [[px, py]];
    for (let k = 0; k < 7; k++) {
      a += rand(rng, -1.1, 1.1);
      px += Math.cos(a) * r * 0.16;
      py += Math.sin(a) * r * 0.16;
      const dx = px - x,
        dy = py - y,
        dist = Math.hypot(dx, dy);
      if (dist > r * 0.9) {
        px = x + (dx / dist) * r * 0.9;
        py = y + (dy / dist) * r * 0.9;
        a += Math.PI * 0.7;
      }
      pts.push([px, py]);
    }
    const dd = smoothPath(pts);
    out.push(stroke(dd, dark, width + 2.5), stroke(dd, rng() < 0.7 ? light : lighten(light, 0.18), width));
  }
  return group(out);
}
