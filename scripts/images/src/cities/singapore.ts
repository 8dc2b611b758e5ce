// The Singapore city hero, public/images/cities/singapore.jpg (and its WebP sizes).
import {
  at,
  circle,
  d,
  ellipse,
  group,
  lighten,
  line,
  path,
  polygon,
  type Pt,
  rand,
  rect,
  type Rng,
  type Scene,
  stroke,
  type Svg,
} from '../core.ts';
import { glitter, glow, hazeBand, ripples, sky, stars } from '../nature.ts';
import { finish, reflect, skyline } from '../common.ts';

function mbs(s: Svg, rng: Rng, x0: number, base: number, top: number): string {
  const out: string[] = [];
  const face = s.linear([
    [0, '#39467f'],
    [1, '#222a55'],
  ]);
  for (let i = 0; i < 3; i++) {
    const cx = x0 + i * 190;
    const legL: Pt[] = [
      [cx - 48, top],
      [cx - 3, top],
      [cx - 8, base],
      [cx - 72, base],
    ];
    const legR: Pt[] = [
      [cx + 3, top],
      [cx + 46, top],
      [cx + 52, base],
      [cx + 2, base],
    ];
    out.push(polygon(legL, face), polygon(legR, '#2a3366'));
    for (let y = top + 14; y < base; y += 9) {
      const t = (y - top) / (base - top);
      out.push(line(cx - 48 - 24 * t, y, cx - 3 - 5 * t, y, '#8ea0e0', 1, { opacity: 0.3 }));
      if (rng() < 0.5) out.push(rect(cx - 40 - 20 * t + rand(rng, 0, 30), y - 3, rand(rng, 6, 14), 3, '#ffd48a', { opacity: 0.8 }));
      if (rng() < 0.4) out.push(rect(cx + 8 + rand(rng, 0, 30), y - 3, rand(rng, 6, 12), 3, '#ffcf80', { opacity: 0.65 }));
    }
  }
  const xl = x0 - 90,
    xr = x0 + 2 * 190 + 120;
  out.push(
    path(
      d`M${xl} ${top - 20}L${xr + 40} ${top - 24}L${xr + 70} ${top - 18}Q${xr} ${top + 2} ${xr - 40} ${top + 6}L${xl + 20} ${top + 6}Q${xl} ${top} ${xl} ${top - 20}Z`,
      '#2d3568',
    ),
  );
  out.push(rect(xl, top - 24, xr - xl + 40, 4, '#9fb4ff', { opacity: 0.7 }));
  for (let x = xl + 20; x < xr + 30; x += 14) out.push(circle(x, top - 10, 1.6, '#dfe8ff', { opacity: 0.8 }));
  return group(out);
}

function supertree(s: Svg, rng: Rng, x: number, base: number, hgt: number, neon: string): string {
  const out: string[] = [];
  const top = base - hgt;
  const R = hgt * 0.34;
  const ch = hgt * 0.18;
  out.push(glow(s, x, top + ch * 0.3, R * 1.5, neon, 0.28));
  out.push(
    path(
      d`M${x - 16} ${base}Q${x - 8} ${top + hgt * 0.5} ${x - 5} ${top + ch}L${x + 5} ${top + ch}Q${x + 8} ${top + hgt * 0.5} ${x + 16} ${base}Z`,
      '#24163d',
    ),
  );
  for (let i = 0; i < 10; i++) {
    const y0 = base - (i * (hgt - ch)) / 10;
    out.push(line(x - 12 + i * 0.6, y0, x + 12 - i * 0.6, y0 - (hgt - ch) / 10, neon, 1, { opacity: 0.35 }));
  }
  out.push(
    path(
      d`M${x - 5} ${top + ch}Q${x - R * 0.5} ${top + ch * 0.5} ${x - R} ${top}L${x + R} ${top}Q${x + R * 0.5} ${top + ch * 0.5} ${x + 5} ${top + ch}Z`,
      '#2a1846',
    ),
  );
  for (let i = 0; i <= 16; i++) {
    const rx = x - R + (2 * R * i) / 16;
    out.push(line(x, top + ch, rx, top, neon, 1.2, { opacity: 0.55 }));
  }
  out.push(ellipse(x, top, R, R * 0.12, 'none', { stroke: neon, 'stroke-width': 2.5, opacity: 0.9 }));
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    out.push(circle(x + Math.cos(a) * R, top + Math.sin(a) * R * 0.12, rand(rng, 1.5, 3), lighten(neon, 0.5)));
  }
  return group(out);
}

export const singapore: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#080f26'],
    [0.45, '#1a2150'],
    [0.75, '#3b356f'],
    [1, '#70487f'],
  ]);
  stars(s, rng, 120, 380, '#dfe6ff', 0.7);
  s.add(glow(s, 420, 120, 40, '#f4f0ff', 0.25), circle(420, 120, 16, '#f2efff', { opacity: 0.9 }));
  const ground = 700;
  s.add(
    skyline(rng, {
      x0: -20,
      x1: 720,
      base: ground,
      minH: 120,
      maxH: 380,
      minW: 36,
      maxW: 80,
      color: '#1b2047',
      lit: ['#ffd98a', '#9ad7ff', '#ffffff'],
      pLit: 0.3,
      profile: (x) => 0.6 + 0.4 * Math.sin((x / 720) * Math.PI),
    }),
  );
  s.add(
    skyline(rng, {
      x0: 1380,
      x1: w + 20,
      base: ground,
      minH: 60,
      maxH: 200,
      minW: 36,
      maxW: 80,
      color: '#1b2047',
      lit: ['#ffd98a', '#9ad7ff'],
      pLit: 0.2,
    }),
  );
  hazeBand(s, ground - 30, 120, '#6a4a8a', 0.35);
  const tower = mbs(s, rng, 860, ground, 270);
  s.add(tower);
  s.add(
    rect(
      0,
      ground - 10,
      w,
      70,
      s.linear([
        [0, '#1a1436'],
        [1, '#0f0b22'],
      ]),
    ),
  );
  for (let x = 0; x < w; x += 22) s.add(circle(x + rand(rng, -4, 4), ground + 8, 1.6, '#ffd59a', { opacity: 0.7 }));
  // Supertree Grove
  const neons = ['#ff5fa2', '#9b7bff', '#49d3ff', '#ff8a5c'];
  const trees: Array<[number, number]> = [
    [230, 420],
    [400, 330],
    [120, 300],
    [1420, 430],
    [1560, 330],
    [560, 250],
    [1150, 240],
  ];
  const grove = trees.map(([x, ht], i) => supertree(s, rng, x, 760, ht, at(neons, i % neons.length)));
  s.add(stroke(d`M230 ${760 - 420 * 0.62}Q315 ${760 - 420 * 0.5} 400 ${760 - 330 * 0.62}`, '#ffb3d6', 3, { opacity: 0.8 }));
  s.add(group(grove));
  s.add(rect(0, 752, w, 20, '#120c26'));
  s.add(
    rect(
      0,
      770,
      w,
      h - 770,
      s.linear([
        [0, '#2a1f52'],
        [1, '#0c0a1f'],
      ]),
    ),
  );
  s.add(reflect(group([tower, ...grove]), 770, 0.2));
  glitter(s, rng, 1060, 776, h, 260, '#ffd48a', 70, 0.45);
  ripples(s, rng, 774, h, 120, '#ff8ac0', 0.3);
  ripples(s, rng, 774, h, 80, '#7fdcff', 0.25);
  finish(s, rng, { vignette: 0.35, grain: 0.8 });
};
