// City heroes, part B: Oahu, Portland, Mexico City, Copenhagen, Singapore, Naples, Montreal.
import {
  type Pt,
  type Rng,
  type Svg,
  at,
  circle,
  pick,
  d,
  darken,
  ellipse,
  group,
  lighten,
  line,
  num,
  path,
  polygon,
  rand,
  rect,
  stroke,
} from './core.ts';
import {
  bump,
  cloud,
  scallops,
  cloudFill,
  dotCanopy,
  glitter,
  glow,
  hazeBand,
  palm,
  pine,
  profilePath,
  ridge,
  ridgeProfile,
  ripples,
  knots,
  plume,
  sky,
  snowcap,
  stars,
  sun,
  umbrellaPine,
  wisps,
} from './nature.ts';
import { birds, finish, house, reflect, skyline } from './common.ts';
import type { Scene } from './cities-a.ts';

const pickOf = pick;

// ================================================================ Oahu

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
    hotels.push(rect(x, H - bh, bw, bh + 4, pickOf(rng, ['#b8667a', '#a95a72', '#c97a84'])));
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

const oahu: Scene = (s, rng) => {
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

// ================================================================ Portland

function mountHood(s: Svg, rng: Rng): string {
  const lift = knots([
    [-40, 0],
    [260, 40],
    [430, 100],
    [560, 170],
    [640, 230],
    [700, 290],
    [740, 320],
    [790, 372],
    [812, 380],
    [830, 402],
    [852, 430],
    [866, 426],
    [884, 404],
    [912, 372],
    [935, 350],
    [960, 312],
    [1010, 250],
    [1110, 172],
    [1260, 100],
    [1450, 48],
    [1640, 20],
  ]);
  const pts = ridgeProfile(rng, s.w, { base: 600, amp: 8, scale: 40, step: 8, octaves: 3, smooth: false, lift });
  const [snowD, rockD] = snowcap(rng, pts, 360, 40, 700, 70);
  const out: string[] = [];
  out.push(
    path(
      snowD,
      s.linear([
        [0, '#fff1ee'],
        [1, '#f3c9c8'],
      ]),
    ),
  );
  // shadowed east face of the snowfield, with rock ribs
  out.push(
    path(d`M860 172L880 240L905 320L940 390L1010 450L1120 490L1060 420L1010 350L960 290L912 228L884 196Z`, '#b2b0d4', { opacity: 0.9 }),
  );
  out.push(path(d`M828 200L812 260L790 330L770 400L800 350L820 280Z`, '#d9cde2', { opacity: 0.6 }));
  for (let i = 0; i < 9; i++) {
    const x = rand(rng, 700, 1030);
    out.push(
      stroke(
        d`M${x} ${rand(rng, 230, 300)}q${rand(rng, -20, 20)} 60 ${rand(rng, -30, 30)} ${rand(rng, 80, 150)}`,
        '#7f7aa4',
        rand(rng, 2, 5),
        { opacity: 0.5 },
      ),
    );
  }
  out.push(
    path(
      rockD,
      s.linear([
        [0, '#8586b0'],
        [1, '#666c97'],
      ]),
    ),
  );
  return group(out);
}

const portland: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#3b5b8c'],
    [0.42, '#9aa6c8'],
    [0.7, '#eec1b6'],
    [1, '#f8dcc0'],
  ]);
  s.add(glow(s, 1300, 520, 420, '#ffd9b5', 0.45));
  wisps(s, rng, 8, 150, 380, '#f6cfc8', 0.35);
  s.add(mountHood(s, rng));
  hazeBand(s, 560, 70, '#e9c9c9', 0.5);
  s.add(path(ridge(rng, w, h, { base: 590, amp: 22, scale: 160 }), '#5d6b8e'));
  s.add(path(ridge(rng, w, h, { base: 625, amp: 16, scale: 90, octaves: 5 }), '#46536f'));
  const river = 680;
  s.add(
    skyline(rng, {
      x0: 760,
      x1: 1240,
      base: river,
      minH: 30,
      maxH: 150,
      minW: 26,
      maxW: 60,
      color: '#2f3a54',
      lit: ['#ffd08a', '#fff0c8'],
      pLit: 0.3,
      profile: (x) => 1 - Math.abs(x - 1000) / 400,
    }),
  );
  s.add(
    rect(
      0,
      river,
      w,
      h - river,
      s.linear([
        [0, '#c9b2bf'],
        [0.5, '#7d7f9e'],
        [1, '#3e4663'],
      ]),
    ),
  );
  ripples(s, rng, river + 3, 780, 80, '#f6d6cc', 0.35);
  // Fremont Bridge: tied arch with hangers
  const bc = '#2d3650';
  const arch: string[] = [rect(-20, river - 26, 780, 9, bc)];
  const ax0 = 90,
    ax1 = 700,
    ay = river - 26,
    apex = river - 120;
  for (let x = ax0 + 20; x < ax1; x += 20) {
    const t = (x - ax0) / (ax1 - ax0);
    arch.push(line(x, ay, x, ay - 4 * t * (1 - t) * (ay - apex), bc, 1.4));
  }
  arch.push(stroke(d`M${ax0} ${ay}Q${(ax0 + ax1) / 2} ${2 * apex - ay} ${ax1} ${ay}`, bc, 7));
  for (const px of [60, 300, 500, 730]) arch.push(rect(px, ay + 8, 14, river - ay, bc));
  for (let x = 0; x < 760; x += 34) arch.push(circle(x, ay - 2, 2, '#ffe2a8'));
  s.add(group(arch));
  // Hawthorne-style lift bridge on the right
  const lb: string[] = [rect(1180, river - 20, 460, 8, bc)];
  for (const tx of [1290, 1440])
    lb.push(
      rect(tx, river - 110, 16, 110, bc),
      rect(tx + 24, river - 110, 16, 110, bc),
      rect(tx - 4, river - 118, 48, 10, bc),
      polygon(
        [
          [tx - 4, river - 118],
          [tx + 20, river - 134],
          [tx + 44, river - 118],
        ],
        bc,
      ),
    );
  lb.push(rect(1306, river - 54, 148, 10, bc));
  for (let x = 1306; x < 1454; x += 12) lb.push(line(x, river - 44, x + 12, river - 20, bc, 1.5));
  s.add(group(lb));
  s.add(reflect(group(arch), river - 17, 0.18));
  // forest of firs in the foreground
  const trees: string[] = [];
  for (let x = -30; x < w + 40; x += rand(rng, 26, 46)) {
    const edge = Math.min(1, Math.abs(x - w / 2) / (w / 2));
    const ht = rand(rng, 90, 160) + edge * edge * 260;
    trees.push(pine(rng, x, h + 10, ht, ht * 0.36, rng() < 0.5 ? '#1a2434' : '#202c3f'));
  }
  s.add(path(ridge(rng, w, h, { base: 860, amp: 12, scale: 200 }), '#1a2434'));
  s.add(group(trees));
  s.add(birds(rng, 520, 260, 4, 80, '#46506a'));
  finish(s, rng, { vignette: 0.28 });
};

// ================================================================ Mexico City

function angelColumn(s: Svg, cx: number, base: number, stone: string, shade: string, gold: string): string {
  const out: string[] = [];
  out.push(rect(cx - 170, base - 30, 340, 30, shade), rect(cx - 150, base - 40, 300, 12, stone));
  out.push(rect(cx - 110, base - 120, 220, 82, stone), rect(cx + 30, base - 120, 80, 82, shade, { opacity: 0.6 }));
  for (const sx of [-1, 1]) {
    const px = cx + sx * 135;
    out.push(rect(px - 20, base - 92, 40, 54, stone), rect(px - 24, base - 96, 48, 6, shade));
    out.push(
      path(
        d`M${px - 14} ${base - 96}L${px - 10} ${base - 122}Q${px} ${base - 128} ${px + 10} ${base - 122}L${px + 14} ${base - 96}Z`,
        '#7d6a55',
      ),
      circle(px, base - 132, 7, '#7d6a55'),
    );
  }
  out.push(rect(cx - 72, base - 180, 144, 62, stone), rect(cx + 20, base - 180, 52, 62, shade, { opacity: 0.6 }));
  out.push(rect(cx - 80, base - 188, 160, 10, stone));
  const colTop = 290,
    colBot = base - 188;
  out.push(rect(cx - 19, colTop, 38, colBot - colTop, stone), rect(cx + 4, colTop, 15, colBot - colTop, shade, { opacity: 0.7 }));
  for (let y = colTop + 50; y < colBot - 20; y += 58)
    out.push(rect(cx - 23, y, 46, 9, stone), rect(cx + 4, y, 19, 9, shade, { opacity: 0.6 }));
  out.push(rect(cx - 30, colTop - 16, 60, 18, stone), rect(cx - 24, colTop - 24, 48, 10, stone));
  // golden Victory with spread wings and a raised wreath
  const ay = colTop - 24;
  const g: string[] = [];
  g.push(
    path(
      d`M${cx - 10} ${ay}Q${cx - 12} ${ay - 40} ${cx - 3} ${ay - 62}L${cx + 5} ${ay - 62}Q${cx + 12} ${ay - 40} ${cx + 12} ${ay}Z`,
      gold,
    ),
  );
  g.push(circle(cx + 2, ay - 70, 7, gold));
  g.push(
    path(
      d`M${cx - 2} ${ay - 54}C${cx - 30} ${ay - 70} ${cx - 52} ${ay - 100} ${cx - 58} ${ay - 132}C${cx - 44} ${ay - 116} ${cx - 40} ${ay - 104} ${cx - 34} ${ay - 98}C${cx - 40} ${ay - 90} ${cx - 36} ${ay - 80} ${cx - 30} ${ay - 76}C${cx - 32} ${ay - 68} ${cx - 22} ${ay - 60} ${cx - 2} ${ay - 48}Z`,
      gold,
    ),
  );
  g.push(
    path(
      d`M${cx + 6} ${ay - 54}C${cx + 34} ${ay - 70} ${cx + 50} ${ay - 98} ${cx + 54} ${ay - 128}C${cx + 42} ${ay - 112} ${cx + 38} ${ay - 102} ${cx + 32} ${ay - 96}C${cx + 38} ${ay - 88} ${cx + 34} ${ay - 78} ${cx + 28} ${ay - 74}C${cx + 30} ${ay - 66} ${cx + 20} ${ay - 58} ${cx + 6} ${ay - 48}Z`,
      gold,
    ),
  );
  g.push(stroke(d`M${cx + 6} ${ay - 58}L${cx + 20} ${ay - 90}L${cx + 24} ${ay - 104}`, gold, 4));
  g.push(circle(cx + 25, ay - 112, 8, 'none', { stroke: gold, 'stroke-width': 3 }));
  g.push(stroke(d`M${cx - 6} ${ay - 56}L${cx - 18} ${ay - 34}`, gold, 3.5));
  g.push(path(d`M${cx + 2} ${ay}Q${cx + 12} ${ay - 40} ${cx + 5} ${ay - 62}L${cx + 12} ${ay - 40}Z`, darken(gold, 0.25), { opacity: 0.6 }));
  out.push(glow(s, cx, ay - 90, 150, '#ffe2a0', 0.55));
  out.push(group(g, { transform: `translate(${num(cx)} ${num(ay)}) scale(1.35) translate(${num(-cx)} ${num(-ay)})` }));
  return group(out);
}

const mexicoCity: Scene = (s, rng) => {
  const { w } = s;
  sky(s, [
    [0, '#5a73ad'],
    [0.38, '#a9a2c9'],
    [0.66, '#f1bfa6'],
    [1, '#fbe1bf'],
  ]);
  sun(s, 250, 420, 40, '#fff4d8', '#ffc99a', 400, 0.55);
  wisps(s, rng, 7, 120, 330, '#f4c9bd', 0.35);
  // Iztaccíhuatl, the sleeping woman, and smoking Popocatépetl
  const iztaPts = ridgeProfile(rng, w, {
    base: 600,
    amp: 10,
    scale: 90,
    step: 12,
    x0: -40,
    x1: 820,
    lift: (x) => Math.max(bump(120, 150, 220, 1.3)(x), bump(330, 185, 180, 1.1)(x), bump(560, 140, 240, 1.4)(x)),
  });
  const [iSnow, iRock] = snowcap(rng, iztaPts, 470, 16, 700);
  s.add(path(iSnow, '#f3e9f1'), path(iRock, '#9895bd'));
  const popo = (x: number) => {
    const u = Math.abs(x - 1150) / 470;
    return u >= 1 ? 0 : Math.min(320 * Math.pow(1 - u, 1.15), 300);
  };
  const popoPts = ridgeProfile(rng, w, { base: 610, amp: 6, scale: 60, step: 10, x0: 640, x1: 1640, lift: popo });
  const [pSnow, pRock] = snowcap(rng, popoPts, 420, 26, 700);
  s.add(
    path(
      pSnow,
      s.linear([
        [0, '#fdf4f2'],
        [1, '#e9d4e0'],
      ]),
    ),
    path(
      pRock,
      s.linear([
        [0, '#928fb8'],
        [1, '#8583ad'],
      ]),
    ),
  );
  s.add(path(d`M1150 316L1200 360L1250 420L1190 420L1160 380Z`, '#cfc3da', { opacity: 0.7 }));
  s.add(
    plume(
      s,
      [
        [1150, 296],
        [1200, 262],
        [1270, 236],
        [1360, 220],
        [1460, 196],
        [1580, 160],
      ],
      26,
      120,
      '#f7eef0',
      0.75,
    ),
  );
  s.add(
    plume(
      s,
      [
        [1160, 300],
        [1230, 270],
        [1330, 256],
        [1450, 240],
      ],
      16,
      70,
      '#ffffff',
      0.5,
    ),
  );
  hazeBand(s, 640, 120, '#f5d6c2', 0.55);
  s.add(
    skyline(rng, {
      x0: 760,
      x1: w + 20,
      base: 730,
      minH: 40,
      maxH: 210,
      minW: 30,
      maxW: 70,
      color: '#8c86a6',
      profile: (x) => 0.4 + 0.6 * Math.max(0, 1 - Math.abs(x - 1180) / 420),
    }),
  );
  s.add(skyline(rng, { x0: -20, x1: 560, base: 740, minH: 30, maxH: 110, minW: 30, maxW: 70, color: '#9a93b0' }));
  s.add(
    rect(
      0,
      728,
      w,
      200,
      s.linear([
        [0, '#8a7f9c'],
        [1, '#5b5271'],
      ]),
    ),
  );
  s.add(angelColumn(s, 640, 840, '#f1e6d3', '#c5b39d', '#e8b13a'));
  // Paseo de la Reforma trees and jacarandas in bloom
  const greens = ['#2f4a3c', '#3f5f47', '#587a52', '#7a9a62'];
  s.add(dotCanopy(rng, 960, 820, 220, 80, greens, 260, 5, 12));
  s.add(dotCanopy(rng, 330, 830, 200, 80, greens, 240, 5, 12));
  const jac = ['#4a3470', '#6a4d9a', '#8a6cc0', '#a98ad8', '#c9b0ec'];
  s.add(dotCanopy(rng, 70, 720, 250, 200, jac, 900, 4, 10));
  s.add(dotCanopy(rng, 1500, 760, 260, 190, jac, 900, 4, 10));
  for (let i = 0; i < 40; i++) s.add(circle(rand(rng, 0, w), rand(rng, 860, 900), rand(rng, 2, 4), '#a98ad8', { opacity: 0.7 }));
  finish(s, rng, { vignette: 0.26 });
};

// ================================================================ Copenhagen

const NYHAVN = ['#d9493a', '#f0b53c', '#3f77a8', '#f3d27a', '#e68a3c', '#a94f3c', '#f2e5cf', '#5b8f7a', '#d97b8f', '#efa04a'];

function nyhavnRow(rng: Rng, base: number, w: number): string {
  const out: string[] = [];
  let x = -30;
  let last = '';
  while (x < w + 30) {
    const bw = rand(rng, 100, 165);
    const bh = rand(rng, 230, 320);
    let wall = pickOf(rng, NYHAVN);
    while (wall === last) wall = pickOf(rng, NYHAVN);
    last = wall;
    const type = pickOf(rng, ['gable', 'step', 'mansard', 'gable', 'hip'] as const);
    out.push(
      house(rng, x, base, bw, bh, {
        wall,
        roof: rng() < 0.6 ? '#7a3a2e' : '#4a4a52',
        window: '#2f3e4c',
        frame: '#f7f3ea',
        roofType: type,
        floors: Math.round(bh / 62),
        light: 'left',
      }),
    );
    out.push(rect(x + bw * 0.12, base - 44, bw * 0.76, 6, darken(wall, 0.3), { opacity: 0.6 }));
    x += bw;
  }
  return group(out);
}

function woodenBoat(x: number, y: number, L: number, hull: string, stripe: string, mast: number): string {
  const hH = L * 0.11;
  const out: string[] = [];
  if (mast > 0) {
    out.push(rect(x + L * 0.42, y - mast, 3, mast, '#3b2b22'));
    out.push(line(x + L * 0.43, y - mast, x + 6, y - 4, '#3b2b22', 1), line(x + L * 0.43, y - mast, x + L - 8, y - 4, '#3b2b22', 1));
    out.push(rect(x + L * 0.3, y - mast * 0.45, L * 0.3, 3, '#3b2b22'));
  }
  out.push(rect(x + L * 0.55, y - hH * 0.9, L * 0.22, hH, '#e9e0cf'));
  out.push(
    path(
      d`M${x} ${y}L${x + L} ${y - 4}Q${x + L - 6} ${y + hH} ${x + L - 28} ${y + hH}L${x + 22} ${y + hH}Q${x + 4} ${y + hH} ${x} ${y}Z`,
      hull,
    ),
  );
  out.push(path(d`M${x + 2} ${y + 3}L${x + L - 2} ${y - 1}L${x + L - 3} ${y + 4}L${x + 4} ${y + 8}Z`, stripe));
  return group(out);
}

const copenhagen: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#5f9dd0'],
    [0.55, '#b6d8ec'],
    [1, '#eef5f2'],
  ]);
  for (let i = 0; i < 5; i++)
    s.add(
      path(cloud(rng, rand(rng, -120, w), rand(rng, 80, 230), rand(rng, 200, 420), rand(rng, 40, 75)), cloudFill(s, '#ffffff', 0.9, 0.3)),
    );
  const quay = 600;
  const row = nyhavnRow(rng, quay - 18, w);
  s.add(row);
  // café awnings & umbrellas on the quay
  for (let i = 0; i < 9; i++) {
    const ux = rand(rng, 20, w - 20);
    s.add(
      path(d`M${ux - 34} ${quay - 32}Q${ux} ${quay - 52} ${ux + 34} ${quay - 32}Z`, pickOf(rng, ['#f4efe4', '#c9402f', '#2f5d86'])),
      rect(ux - 1.5, quay - 34, 3, 20, '#3b3b3b'),
    );
  }
  s.add(rect(0, quay - 18, w, 18, '#9c968d'), rect(0, quay - 18, w, 4, '#c7c1b6'));
  for (let x = 40; x < w; x += 140) s.add(rect(x, quay - 30, 10, 14, '#2f2f34', { rx: 3 }));
  s.add(
    rect(
      0,
      quay,
      w,
      h - quay,
      s.linear([
        [0, '#2f6b84'],
        [0.5, '#24566f'],
        [1, '#173e54'],
      ]),
    ),
  );
  s.add(reflect(row, quay, 0.3));
  ripples(s, rng, quay + 4, h, 200, '#bfe3ee', 0.35);
  ripples(s, rng, quay + 4, h, 80, '#0f2f42', 0.35);
  s.add(
    woodenBoat(80, 660, 300, '#3b2a22', '#e9e0cf', 300),
    woodenBoat(520, 690, 260, '#234a63', '#f2ede2', 0),
    woodenBoat(900, 650, 330, '#6b2a22', '#e9c46a', 340),
    woodenBoat(1320, 700, 280, '#2f2a28', '#c9402f', 260),
  );
  s.add(birds(rng, 1100, 160, 5, 110, '#3b4a5a'));
  finish(s, rng, { vignette: 0.22 });
};

// ================================================================ Singapore

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

const singapore: Scene = (s, rng) => {
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

// ================================================================ Naples

const NAPLES = ['#e9b97a', '#e8907a', '#f2d59b', '#d46f4d', '#f4e6cf', '#c98a6b', '#f0c3a8', '#f3c76b'];

const naples: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#86b2d4'],
    [0.55, '#d6e2e4'],
    [1, '#f6e2c6'],
  ]);
  sun(s, 320, 230, 40, '#fffaf0', '#fff0cf', 420, 0.55);
  for (let i = 0; i < 4; i++)
    s.add(
      path(cloud(rng, rand(rng, 500, w), rand(rng, 130, 300), rand(rng, 240, 420), rand(rng, 30, 55)), cloudFill(s, '#ffffff', 0.7, 0.15)),
    );
  const sea = 600;
  // Vesuvius: Monte Somma and the Gran Cono
  const lift = knots([
    [400, 0],
    [520, 44],
    [620, 104],
    [720, 174],
    [800, 218],
    [830, 222],
    [870, 212],
    [930, 194],
    [970, 204],
    [1010, 244],
    [1040, 262],
    [1120, 266],
    [1150, 260],
    [1200, 222],
    [1300, 144],
    [1420, 74],
    [1560, 24],
    [1660, 4],
  ]);
  s.add(
    path(
      ridge(rng, w, h, { base: sea + 4, amp: 5, scale: 50, step: 10, x0: 400, x1: 1700, lift }),
      s.linear([
        [0, '#8f8fb6'],
        [1, '#a7a6c4'],
      ]),
    ),
  );
  const gullies: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 1020 + i * 24 + rand(rng, -6, 6);
    const spread = (x - 1100) * 0.6;
    gullies.push(
      stroke(
        d`M${x} ${rand(rng, 352, 366)}Q${x + spread * 0.4} ${470} ${x + spread} ${rand(rng, 540, 590)}`,
        i % 2 ? '#b6b4d0' : '#7c7ba3',
        rand(rng, 3, 6),
        { opacity: 0.3 },
      ),
    );
  }
  s.add(group(gullies));
  s.add(
    plume(
      s,
      [
        [1080, 334],
        [1130, 316],
        [1200, 306],
        [1290, 300],
      ],
      14,
      60,
      '#ffffff',
      0.45,
    ),
  );
  s.add(path(ridge(rng, w, h, { base: sea - 4, amp: 8, scale: 100, x0: 0, x1: 560, lift: bump(0, 40, 400) }), '#a3a7c2'));
  hazeBand(s, sea - 10, 40, '#f2e6da', 0.6);
  const towns: string[] = [];
  for (let i = 0; i < 90; i++)
    towns.push(rect(rand(rng, 560, 1600), sea - rand(rng, 4, 14), rand(rng, 4, 10), rand(rng, 3, 8), '#f4efe6', { opacity: 0.7 }));
  s.add(group(towns));
  s.add(
    rect(
      0,
      sea,
      w,
      200,
      s.linear([
        [0, '#7fa5c6'],
        [1, '#3c6b99'],
      ]),
    ),
  );
  glitter(s, rng, 320, sea + 2, 760, 140, '#ffffff', 70, 0.6);
  for (let i = 0; i < 6; i++) {
    const bx = rand(rng, 500, 1500),
      by = rand(rng, sea + 20, 740),
      k = rand(rng, 0.6, 1.2);
    s.add(
      polygon(
        [
          [bx, by - 2],
          [bx, by - 40 * k],
          [bx + 22 * k, by - 4],
        ],
        '#fbf8f2',
      ),
      rect(bx - 10 * k, by - 3, 40 * k, 4 * k, '#4a4a5c', { rx: 2 }),
    );
  }
  // Castel dell'Ovo
  const cst: string[] = [
    path(d`M150 700L190 668L440 668L470 700Z`, '#7d8296'),
    rect(200, 620, 230, 50, '#dcc39a'),
    rect(330, 620, 100, 50, '#c8ab82'),
  ];
  for (let i = 0; i < 12; i++) cst.push(rect(200 + i * 20, 612, 12, 10, '#dcc39a'));
  cst.push(rect(240, 585, 60, 40, '#e3cca4'), rect(380, 596, 40, 28, '#d2b78f'), rect(-20, 690, 240, 14, '#8a8ea3'));
  s.add(group(cst));
  // hillside of stacked pastel houses with umbrella pines
  const hill = (x: number) => 700 - Math.max(0, 700 - x) * 0.18;
  const rows = [0, 1, 2, 3];
  for (const r of rows) {
    const parts: string[] = [];
    let x = -40 + rand(rng, -20, 0);
    while (x < w + 40) {
      const bw = rand(rng, 80, 140) * (0.8 + r * 0.12);
      const bh = rand(rng, 70, 120) * (0.8 + r * 0.15);
      const base = hill(x) + 40 + r * 55 + rand(rng, -6, 6);
      parts.push(
        house(rng, x, base + bh, bw, bh + 10, {
          wall: pickOf(rng, NAPLES),
          roof: '#b56a4a',
          window: '#3d4b55',
          shutter: '#4f7a5a',
          roofType: rng() < 0.75 ? 'flat' : 'hip',
          light: 'right',
          floors: 2,
        }),
      );
      x += bw + rand(rng, -6, 2);
    }
    s.add(group(parts));
    if (r === 0) {
      for (const px of [60, 250, 430])
        s.add(umbrellaPine(rng, px, hill(px) + 50, rand(rng, 150, 190), rand(rng, 170, 220), '#3d4a35', '#6d7a52'));
    }
  }
  // laundry lines
  for (let i = 0; i < 4; i++) {
    const lx = rand(rng, 200, 1400),
      ly = rand(rng, 790, 860),
      lw = rand(rng, 80, 140);
    s.add(stroke(d`M${lx} ${ly}Q${lx + lw / 2} ${ly + 10} ${lx + lw} ${ly}`, '#5a4a44', 1.2));
    for (let j = 1; j < 5; j++)
      s.add(rect(lx + (lw * j) / 5 - 6, ly + 4, 12, rand(rng, 12, 20), pickOf(rng, ['#ffffff', '#e2564b', '#4a7ab0', '#f1c84b'])));
  }
  s.add(birds(rng, 760, 220, 5, 120, '#5b6680'));
  finish(s, rng, { vignette: 0.24 });
};

// ================================================================ Montreal

function olympicStadium(x: number, base: number, concrete: string, shade: string): string {
  const out: string[] = [];
  const W = 560,
    H = 118;
  const cx = x + W / 2;
  // ribbed shell: each console rises like a finger toward the roof ring
  const ribs = 22;
  let top = d`M${x} ${base}`;
  for (let i = 0; i <= ribs; i++) {
    const t = i / ribs;
    const px = x + W * t;
    const py = base - H * Math.pow(Math.sin(Math.PI * t), 0.6);
    top += d`L${px - 4} ${py + 6}L${px} ${py}`;
  }
  out.push(path(top + d`L${x + W} ${base}Z`, concrete));
  for (let i = 1; i < ribs; i++) {
    const t = i / ribs;
    const px = x + W * t;
    const py = base - H * Math.pow(Math.sin(Math.PI * t), 0.6);
    out.push(
      stroke(d`M${px} ${py}Q${px + (t - 0.5) * 30} ${base - H * 0.3} ${px + (t - 0.5) * 50} ${base}`, shade, 2.2, { opacity: 0.55 }),
    );
  }
  out.push(ellipse(cx + 20, base - H + 6, W * 0.3, 12, '#cfc8bd'));
  out.push(path(d`M${cx} ${base - H}Q${x + W - 20} ${base - H * 0.6} ${x + W} ${base}L${cx + 80} ${base}Z`, shade, { opacity: 0.35 }));
  // inclined tower leaning out over the oval
  const bx = x + 20,
    by = base;
  const tx = x + 240,
    ty = base - 400;
  out.push(
    path(
      d`M${bx - 40} ${by}Q${bx + 40} ${by - 200} ${tx - 10} ${ty}L${tx + 26} ${ty + 16}Q${bx + 96} ${by - 190} ${bx + 44} ${by}Z`,
      concrete,
    ),
  );
  out.push(
    path(
      d`M${bx + 4} ${by}Q${bx + 70} ${by - 190} ${tx + 8} ${ty + 8}L${tx + 26} ${ty + 16}Q${bx + 96} ${by - 190} ${bx + 44} ${by}Z`,
      shade,
      { opacity: 0.55 },
    ),
  );
  out.push(
    polygon(
      [
        [tx - 20, ty - 6],
        [tx + 40, ty + 22],
        [tx + 30, ty + 54],
        [tx - 30, ty + 26],
      ],
      concrete,
    ),
    polygon(
      [
        [tx + 6, ty + 6],
        [tx + 40, ty + 22],
        [tx + 30, ty + 54],
        [tx - 4, ty + 38],
      ],
      shade,
      { opacity: 0.6 },
    ),
  );
  for (let i = 0; i < 3; i++)
    out.push(rect(tx - 18 + i * 4, ty + 8 + i * 2, 44, 3, '#6f6a64', { transform: `rotate(25 ${num(tx)} ${num(ty)})`, opacity: 0.5 }));
  for (let i = 0; i < 11; i++)
    out.push(line(tx + 12, ty + 40, x + 190 + i * 30, base - H + 6 + Math.abs(i - 5) * 1.5, shade, 1, { opacity: 0.6 }));
  return group(out);
}

const montreal: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#4b82bd'],
    [0.5, '#9ec3df'],
    [0.85, '#f1e2c6'],
    [1, '#f5d6a8'],
  ]);
  sun(s, 1380, 170, 36, '#fffbee', '#fff0c8', 360, 0.5);
  for (let i = 0; i < 5; i++)
    s.add(
      path(cloud(rng, rand(rng, -100, w), rand(rng, 90, 260), rand(rng, 220, 420), rand(rng, 35, 60)), cloudFill(s, '#ffffff', 0.85, 0.2)),
    );
  const base = 700;
  // Mount Royal, clad in autumn: crowned bands of tree tops, with its cross on top
  const mLift = bump(430, 250, 760, 1.25);
  const mPts = ridgeProfile(rng, w, { base: base - 40, amp: 6, scale: 12, octaves: 2, step: 7, x0: -40, x1: w + 40, lift: mLift });
  s.add(
    path(
      profilePath(mPts, h + 20),
      s.linear([
        [0, '#e39a46'],
        [1, '#c9752e'],
      ]),
    ),
  );
  ['#cf6b2e', '#a9482a'].forEach((c, i) => {
    const k = 0.72 - i * 0.3;
    const pts = ridgeProfile(rng, w, {
      base: base - 10 + i * 30,
      amp: 7,
      scale: 12,
      octaves: 2,
      step: 7,
      x0: -40,
      x1: w + 40,
      lift: (x) => mLift(x) * k,
    });
    s.add(path(profilePath(pts, h + 20), c));
  });
  const specks: string[] = [];
  for (let i = 0; i < 220; i++) {
    const x = rand(rng, -20, 1100);
    const y = rand(rng, base - 30 - mLift(x), base);
    specks.push(
      circle(x, y, rand(rng, 2, 4), pickOf(rng, ['#f6c65a', '#f29a3a', '#ffdd88', '#8a3a22']), { opacity: num(rand(rng, 0.3, 0.6)) }),
    );
  }
  s.add(group(specks));
  const top = mPts.reduce((a2, p) => (p[1] < a2[1] ? p : a2));
  const cxr = top[0];
  s.add(
    group([
      rect(cxr - 4, top[1] - 100, 8, 104, '#f7f4ee'),
      rect(cxr - 28, top[1] - 78, 56, 7, '#f7f4ee'),
      line(cxr - 4, top[1] - 100, cxr + 4, top[1], '#b8b3ab', 1),
      line(cxr + 4, top[1] - 100, cxr - 4, top[1], '#b8b3ab', 1),
    ]),
  );
  hazeBand(s, base - 20, 80, '#f4e6cf', 0.45);
  // downtown at the foot of the mountain
  s.add(
    skyline(rng, {
      x0: 200,
      x1: 960,
      base,
      minH: 60,
      maxH: 230,
      minW: 34,
      maxW: 72,
      color: '#7f90ae',
      lit: ['#dfe8f4'],
      pLit: 0.12,
      profile: (x) => 0.5 + 0.5 * Math.max(0, 1 - Math.abs(x - 600) / 360),
    }),
  );
  s.add(
    group([
      rect(560, base - 300, 70, 300, '#6f819f'),
      rect(660, base - 270, 54, 270, '#73859f'),
      polygon(
        [
          [660, base - 270],
          [687, base - 320],
          [714, base - 270],
        ],
        '#7e9a8c',
      ),
    ]),
  );
  s.add(olympicStadium(1010, base, '#ece5d9', '#a39c91'));
  // a tree line of crowns in front of the city, then the park
  s.add(path(scallops(rng, -20, w + 20, 730, 10, 20, h, 5), '#7a3322'));
  s.add(path(scallops(rng, -20, w + 20, 758, 12, 24, h, 6), '#b5542a'));
  const crowns: string[] = [];
  for (let i = 0; i < 160; i++)
    crowns.push(
      circle(rand(rng, 0, w), rand(rng, 745, 800), rand(rng, 2, 4), pickOf(rng, ['#f0a03a', '#f6c65a', '#e0702c']), {
        opacity: num(rand(rng, 0.35, 0.7)),
      }),
    );
  s.add(group(crowns));
  s.add(
    path(
      ridge(rng, w, h, { base: 815, amp: 8, scale: 220 }),
      s.linear([
        [0, '#9a9444'],
        [1, '#5a5a2a'],
      ]),
    ),
  );
  for (const tx of [130, 1480]) s.add(rect(tx - 7, 790, 14, 120, '#3b2a20'));
  s.add(dotCanopy(rng, 130, 760, 200, 130, ['#4a1f1a', '#7d2a22', '#b43a28', '#dd5f2c', '#f08a3a'], 700, 4, 10));
  s.add(dotCanopy(rng, 1480, 740, 190, 140, ['#6a3514', '#a35a1c', '#d98a24', '#f0b43a', '#f7d56a'], 700, 4, 10));
  s.add(birds(rng, 760, 200, 5, 110, '#3d4f66'));
  finish(s, rng, { vignette: 0.24 });
};

export const CITY_SCENES_B: Record<string, Scene> = {
  oahu,
  portland,
  'mexico-city': mexicoCity,
  copenhagen,
  singapore,
  naples,
  montreal,
};
