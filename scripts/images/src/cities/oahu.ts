// The Oahu city hero, public/images/cities/oahu.jpg (and its WebP sizes).
import { at, d, group, num, path, pick, polygon, type Pt, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { cloud, cloudFill, glitter, palm, profilePath, ripples, sky, sun } from '../nature.ts';
import { birds, finish } from '../common.ts';

function diamondHead(s: Svg, rng: Rng, horizon: number): string {
  const H = horizon;
  const pts: Pt[] = [
    [-40, H + 4],
    [20, H - 50],
    [80, H - 140],
    [140, H - 215],
    [190, H - 258],
    [214, H - 266],
    [240, H - 252],
    [290, H - 238],
    [360, H - 244],
    [440, H - 232],
    [520, H - 222],
    [600, H - 206],
    [690, H - 176],
    [780, H - 128],
    [870, H - 72],
    [950, H - 26],
    [1010, H + 4],
  ];
  const dd = profilePath(pts, H + 6);
  const out: string[] = [
    path(
      dd,
      s.linear([
        [0, '#6d3c67'],
        [0.55, '#4b2a55'],
        [1, '#3a2148'],
      ]),
    ),
  ];
  // radial erosion flutes: alternating lit and shaded wedges running down from the rim
  const flutes: string[] = [];
  for (let i = 0; i < 34; i++) {
    const x = 70 + i * 27 + rand(rng, -5, 5);
    const [, ty] = lerpPts(pts, x);
    const spread = (x - 300) * 0.25;
    const bx = x + spread + rand(rng, -10, 10);
    flutes.push(
      path(d`M${x} ${ty + 4}L${bx - 12} ${H + 4}L${bx + 6} ${H + 4}Z`, i % 2 ? '#8f4f74' : '#2f1a3c', {
        opacity: num(rand(rng, 0.3, 0.5)),
      }),
    );
  }
  out.push(group(flutes, { 'clip-path': s.clip(path(dd, '#000')) }));
  out.push(stroke(linePts(pts.slice(3, 12)), '#f6a283', 2.5, { opacity: 0.6 }));
  // Waikiki hotels along the shore at the foot of the crater
  const hotels: string[] = [];
  let x = 560;
  while (x < 1000) {
    const bw = rand(rng, 18, 40),
      bh = rand(rng, 30, 110) * (1 - (x - 560) / 700);
    hotels.push(rect(x, H - bh, bw, bh + 4, pick(rng, ['#b8667a', '#a95a72', '#c97a84'])));
    for (let yy = H - bh + 6; yy < H - 4; yy += 8) if (rng() < 0.5) hotels.push(rect(x + 3, yy, bw - 6, 2, '#ffd7a6', { opacity: 0.6 }));
    x += bw + rand(rng, 0, 6);
  }
  out.push(group(hotels));
  return group(out);
}

function lerpPts(pts: Pt[], x: number): Pt {
  for (let i = 0; i < pts.length - 1; i++) {
    const [ax, ay] = at(pts, i),
      [bx, by] = at(pts, i + 1);
    if (x >= ax && x <= bx) return [x, ay + ((by - ay) * (x - ax)) / (bx - ax)];
  }
  return at(pts, -1);
}

function linePts(pts: Pt[]): string {
  return pts.map((p, i) => d`${i ? 'L' : 'M'}${p[0]} ${p[1]}`).join('');
}

export const oahu: Scene = (s, rng) => {
  const { w, h } = s;
  const horizon = 600;
  sky(s, [
    [0, '#2a1c4e'],
    [0.3, '#633873'],
    [0.52, '#d75d7a'],
    [0.7, '#fa9d63'],
    [0.8, '#ffd48c'],
    [1, '#ffd48c'],
  ]);
  sun(s, 1050, horizon - 18, 62, '#fff1c4', '#ffb36b', 560, 0.65);
  for (let i = 0; i < 6; i++) {
    const cy = rand(rng, 180, 440);
    s.add(
      path(
        cloud(rng, rand(rng, -100, w), cy, rand(rng, 220, 480), rand(rng, 22, 40)),
        cloudFill(s, cy < 300 ? '#b35a7e' : '#f7a27a', 0.7, 0.2),
      ),
    );
  }
  s.add(diamondHead(s, rng, horizon));
  s.add(
    rect(
      0,
      horizon,
      w,
      h - horizon,
      s.linear([
        [0, '#f3a274'],
        [0.25, '#c05c72'],
        [0.7, '#5c2e60'],
        [1, '#331c45'],
      ]),
    ),
  );
  glitter(s, rng, 1050, horizon + 2, 820, 170, '#ffe3a8', 110, 0.85);
  ripples(s, rng, horizon + 4, 840, 120, '#ffb08a', 0.3);
  s.add(rect(0, horizon - 1, w, 3, '#ffd7a0', { opacity: 0.5 }));
  // sailboat on the horizon
  s.add(
    polygon(
      [
        [1265, horizon - 4],
        [1265, horizon - 48],
        [1290, horizon - 6],
      ],
      '#3a1f45',
    ),
    rect(1250, horizon - 5, 48, 6, '#3a1f45', { rx: 3 }),
  );
  // beach and surf line
  s.add(
    path(
      d`M-20 820Q500 770 1000 800T1620 780L1620 900L-20 900Z`,
      s.linear([
        [0, '#4a2848'],
        [1, '#24122c'],
      ]),
    ),
  );
  s.add(stroke(d`M-20 812Q500 762 1000 792T1620 772`, '#ffd0a8', 3, { opacity: 0.5 }));
  const palms = '#1e0f26';
  s.add(
    palm(rng, 1340, 910, 560, -90, palms),
    palm(rng, 1480, 910, 450, -20, palms),
    palm(rng, 1560, 910, 330, 60, palms),
    palm(rng, 120, 910, 380, 90, palms),
  );
  s.add(birds(rng, 700, 300, 4, 90, '#4a2550'));
  finish(s, rng, { vignette: 0.3 });
};
