// The dessert still life, public/images/posts/dessert.jpg (and its WebP sizes), with the foods only it draws.
import { at, circle, d, darken, ellipse, group, lighten, num, path, polygon, type Pt, rand, type Scene, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { cup, fork, linen, placed, plate, scatter, shadow } from '../tableware.ts';
import { blueberry, mint, raspberry } from '../food.ts';

export const dessert: Scene = (s, rng) => {
  linen(s, rng, '#f0cfc9');
  s.add(plate(s, 640, 450, 330, '#fbf8f4', undefined, 0.8));
  s.add(tartShell(s, 640, 450, 250, '#dba35d', '#f6e2b0'));
  for (let ring = 0; ring < 3; ring++) {
    const n = at([16, 10, 1], ring);
    const rr = at([175, 100, 0], ring);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + ring * 0.3;
      const x = 640 + Math.cos(a) * rr,
        y = 450 + Math.sin(a) * rr;
      if (ring === 0) s.add(strawberryHalf(x, y, 36, (a * 180) / Math.PI + 90));
      else if (ring === 1) s.add(raspberry(x, y, 26));
      else s.add(mint(x, y, 44, 20));
    }
  }
  for (let i = 0; i < 14; i++) {
    const a = rng() * Math.PI * 2;
    s.add(blueberry(640 + Math.cos(a) * 140, 450 + Math.sin(a) * 140, 14));
  }
  const mac = ['#f2a6b8', '#b9d98a', '#f6dc7a', '#c7b2e6', '#f2a6b8', '#f4c9a0'];
  mac.forEach((c, i) => s.add(macaron(s, 1150 + (i % 2) * 120 + (Math.floor(i / 2) % 2) * 40, 220 + Math.floor(i / 2) * 150, 62, c)));
  for (let i = 0; i < 10; i++) s.add(raspberry(rand(rng, 150, 330), rand(rng, 650, 830), 20));
  for (let i = 0; i < 8; i++) s.add(blueberry(rand(rng, 150, 330), rand(rng, 650, 830), 12));
  s.add(fork(1020, 760, 240, -100, '#d6b46a'));
  s.add(cup(s, 230, 230, 80, '#f7f1ea', '#c98a5a', 40, '#f7f1ea'));
  s.add(scatter(rng, 100, 100, 1500, 850, 50, ['#ffffff'], 1.5, 3));
  finish(s, rng, { vignette: 0.2, grain: 0.5 });
};

function strawberryHalf(x: number, y: number, r: number, rot: number): string {
  const out: string[] = [
    path(
      d`M0 ${r}C${-r * 1.1} ${r * 0.2} ${-r * 0.9} ${-r * 0.9} 0 ${-r * 0.7}C${r * 0.9} ${-r * 0.9} ${r * 1.1} ${r * 0.2} 0 ${r}Z`,
      '#d8263a',
    ),
    path(
      d`M0 ${r * 0.7}C${-r * 0.75} ${r * 0.1} ${-r * 0.6} ${-r * 0.6} 0 ${-r * 0.45}C${r * 0.6} ${-r * 0.6} ${r * 0.75} ${r * 0.1} 0 ${r * 0.7}Z`,
      '#f2808a',
    ),
    path(
      d`M0 ${r * 0.5}C${-r * 0.3} ${0} ${-r * 0.2} ${-r * 0.35} 0 ${-r * 0.3}C${r * 0.2} ${-r * 0.35} ${r * 0.3} ${0} 0 ${r * 0.5}Z`,
      '#fbd4d2',
    ),
    path(
      d`M${-r * 0.5} ${-r * 0.72}L0 ${-r * 0.55}L${r * 0.5} ${-r * 0.72}L${r * 0.2} ${-r * 0.9}L0 ${-r * 1.05}L${-r * 0.2} ${-r * 0.9}Z`,
      '#3f7a35',
    ),
  ];
  return group([
    ellipse(x + 4, y + 6, r * 0.9, r, '#000', { opacity: 0.18, transform: `rotate(${num(rot)} ${num(x)} ${num(y)})` }),
    placed(group(out), x, y, rot),
  ]);
}

function macaron(s: Svg, x: number, y: number, r: number, color: string): string {
  const out: string[] = [shadow(s, x, y, r, r, 0.6)];
  const pts: Pt[] = [];
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    const rr = r * (i % 2 ? 1 : 0.93);
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  out.push(polygon(pts, darken(color, 0.08)));
  out.push(
    circle(
      x,
      y,
      r * 0.86,
      s.radial(
        [
          [0, lighten(color, 0.25)],
          [0.8, color],
          [1, darken(color, 0.06)],
        ],
        0.4,
        0.38,
        0.65,
      ),
    ),
  );
  out.push(
    ellipse(x - r * 0.3, y - r * 0.32, r * 0.3, r * 0.12, '#ffffff', {
      opacity: 0.35,
      transform: `rotate(-35 ${num(x - r * 0.3)} ${num(y - r * 0.32)})`,
    }),
  );
  return group(out);
}

function tartShell(s: Svg, x: number, y: number, r: number, crust: string, filling: string): string {
  const out: string[] = [shadow(s, x, y, r, r, 1.1)];
  const pts: Pt[] = [];
  for (let i = 0; i < 56; i++) {
    const a = (i / 56) * Math.PI * 2;
    const rr = r * (i % 2 ? 1 : 0.965);
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  out.push(
    polygon(
      pts,
      s.radial(
        [
          [0, lighten(crust, 0.2)],
          [1, darken(crust, 0.2)],
        ],
        0.4,
        0.38,
        0.7,
      ),
    ),
  );
  out.push(circle(x, y, r * 0.86, darken(crust, 0.18)), circle(x, y, r * 0.84, filling));
  return group(out);
}
