// City heroes, part A: San Francisco, Kyoto, London, Osaka, Lisbon, Athens, Vienna.
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
  line,
  mix,
  num,
  path,
  polygon,
  rand,
  rect,
  stroke,
} from './core.ts';
import {
  blobTree,
  bump,
  cloud,
  cloudFill,
  scallops,
  crescent,
  cypress,
  fogBand,
  glitter,
  glow,
  hazeBand,
  oliveTree,
  ridge,
  ripples,
  sky,
  stars,
  sun,
  wisps,
} from './nature.ts';
import { birds, finish, house, reflect, skyline } from './common.ts';

export type Scene = (s: Svg, rng: Rng) => void;

// ================================================================ San Francisco

function ggTower(cx: number, top: number, bottom: number, w: number, base: string, lit: string, shade: string): string {
  const h = bottom - top;
  const legW = w * 0.3;
  const topW = w * 0.86;
  const out: string[] = [];
  const legAt = (t: number, side: -1 | 1): [number, number] => {
    const half = (w + (topW - w) * (1 - t)) / 2; // t=1 at bottom
    const lw = legW * (1 - (1 - t) * 0.2);
    const outer = cx + side * half;
    const inner = outer - side * lw;
    return side < 0 ? [outer, inner] : [inner, outer];
  };
  for (const side of [-1, 1] as const) {
    const steps = [0, 0.12, 0.3, 0.55, 1];
    const lft: Pt[] = [];
    const rgt: Pt[] = [];
    for (let i = 0; i < steps.length; i++) {
      const t = at(steps, i);
      const [a, b] = legAt(t, side);
      const y = top + h * t;
      const inset = i < steps.length - 1 ? w * 0.012 * (steps.length - 2 - i) : 0;
      lft.push([a + inset, y]);
      rgt.push([b - inset, y]);
    }
    out.push(polygon([...lft, ...rgt.reverse()], base));
    const [a0, b0] = legAt(0, side);
    const [a1, b1] = legAt(1, side);
    const m0 = (a0 + b0) / 2,
      m1 = (a1 + b1) / 2;
    out.push(
      polygon(
        [
          [m0 + 1, top],
          [b0 - 1, top],
          [b1 - 1, bottom],
          [m1 + 1, bottom],
        ],
        lit,
        { opacity: 0.75 },
      ),
    );
    out.push(
      polygon(
        [
          [a0, top],
          [a0 + legW * 0.16, top],
          [a1 + legW * 0.16, bottom],
          [a1, bottom],
        ],
        shade,
        { opacity: 0.7 },
      ),
    );
    for (let k = 1; k < 4; k++) {
      out.push(
        line(a0 + ((b0 - a0) * k) / 4, top + h * 0.02, a1 + ((b1 - a1) * k) / 4, bottom, shade, Math.max(0.6, w * 0.008), { opacity: 0.4 }),
      );
    }
  }
  const struts: Array<[number, number]> = [
    [0, 0.05],
    [0.15, 0.04],
    [0.3, 0.04],
    [0.47, 0.045],
    [0.66, 0.05],
  ];
  for (const [t, th] of struts) {
    const [, inL] = legAt(t, -1);
    const [inR] = legAt(t, 1);
    const y = top + h * t;
    out.push(rect(inL - 1, y, inR - inL + 2, h * th, base));
    out.push(rect(inL - 1, y + h * th * 0.72, inR - inL + 2, h * th * 0.28, shade, { opacity: 0.55 }));
    for (let k = 1; k < 6; k++) {
      const x = inL + ((inR - inL) * k) / 6;
      out.push(line(x, y + 2, x, y + h * th * 0.7, shade, Math.max(0.5, w * 0.006), { opacity: 0.5 }));
    }
  }
  const [capL] = legAt(0, -1);
  const [, capR] = legAt(0, 1);
  out.push(rect(capL - w * 0.02, top - h * 0.012, capR - capL + w * 0.04, h * 0.014, shade));
  return group(out);
}

function quadPoints(a: Pt, c: Pt, b: Pt, n: number): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    pts.push([
      (1 - t) * (1 - t) * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
      (1 - t) * (1 - t) * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1],
    ]);
  }
  return pts;
}

/** A main cable drawn through `sagMid`, with vertical suspenders down to the deck. */
function suspensionSpan(a: Pt, b: Pt, sagMid: Pt, deckY: (x: number) => number, color: string, cableW: number, spacing: number): string {
  const c: Pt = [(4 * sagMid[0] - a[0] - b[0]) / 2, (4 * sagMid[1] - a[1] - b[1]) / 2];
  const out: string[] = [];
  const pts = quadPoints(a, c, b, Math.max(8, Math.round(Math.abs(b[0] - a[0]) / spacing)));
  for (const [x, y] of pts.slice(1, -1)) {
    const dy = deckY(x);
    if (dy > y + 2) out.push(line(x, y, x, dy, color, Math.max(0.6, cableW * 0.28), { opacity: 0.75 }));
  }
  out.push(stroke(d`M${a[0]} ${a[1]}Q${c[0]} ${c[1]} ${b[0]} ${b[1]}`, color, cableW));
  return group(out);
}

function fogFill(s: Svg, top: string, bottom: string, fade = true): string {
  return s.linear([
    [0, top, 0.96],
    [0.45, mix(top, bottom, 0.6), 0.85],
    [1, bottom, fade ? 0 : 0.9],
  ]);
}

const sanFrancisco: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#263859'],
    [0.3, '#5d5a86'],
    [0.55, '#c9848a'],
    [0.7, '#f2b48f'],
    [1, '#fbe1bd'],
  ]);
  sun(s, 1290, 500, 44, '#fff3d6', '#ffc08f', 460, 0.6);
  wisps(s, rng, 7, 110, 380, '#f7c3a8', 0.3);
  s.add(path(ridge(rng, w, h, { base: 585, amp: 18, scale: 260, lift: bump(1450, 25, 260) }), '#c59aa3', { opacity: 0.8 }));
  s.add(skylineSF(rng, 1210, 1640, 598, '#b48a9c'));
  // the bay beneath the fog, catching the sun
  s.add(
    rect(
      0,
      596,
      w,
      h - 596,
      s.linear([
        [0, '#d99a8e'],
        [0.35, '#7d6584'],
        [1, '#3b3453'],
      ]),
    ),
  );
  glitter(s, rng, 1290, 600, 900, 140, '#ffe0b8', 70, 0.7);
  s.add(path(fogBand(rng, w, 602, 10, 640, 14), '#f6d5c6', { opacity: 0.7 }));
  const deckY = (x: number) => 548 + (x + 20) * 0.028;
  const cable = '#a8372b';
  const farCol = mix('#b8402f', '#e7a793', 0.35);
  s.add(ggTower(1130, 332, 640, 54, farCol, mix(farCol, '#ffd6b4', 0.4), darken(farCol, 0.2)));
  s.add(suspensionSpan([1130, 336], [1640, 500], [1380, 480], deckY, farCol, 2.4, 11));
  s.add(suspensionSpan([545, 128], [1130, 336], [860, 520], deckY, cable, 3.6, 12));
  s.add(suspensionSpan([-20, 470], [545, 128], [240, 380], deckY, cable, 4.2, 13));
  s.add(ggTower(545, 118, 700, 112, '#b63c2d', '#e2694a', '#7c261f'));
  s.add(
    polygon(
      [
        [-20, deckY(-20)],
        [w + 20, deckY(w + 20)],
        [w + 20, deckY(w + 20) + 9],
        [-20, deckY(-20) + 20],
      ],
      '#8d2f25',
    ),
  );
  s.add(
    polygon(
      [
        [-20, deckY(-20) - 2],
        [w + 20, deckY(w + 20) - 1],
        [w + 20, deckY(w + 20) + 2],
        [-20, deckY(-20) + 4],
      ],
      '#d0654a',
      { opacity: 0.8 },
    ),
  );
  // billows of fog: soft-bottomed so the water shows through between banks
  s.add(path(fogBand(rng, w, 625, 22, 760, 9), fogFill(s, '#fae7dc', '#e6b9b0')));
  s.add(
    rect(
      0,
      700,
      w,
      h - 700,
      s.linear([
        [0, '#f8e2d6', 0],
        [0.6, '#f8e2d6', 0.55],
        [1, '#fbeee6', 0.9],
      ]),
    ),
  );
  s.add(path(fogBand(rng, w, 850, 18, h + 20, 5), '#fcefe6', { opacity: 0.55 }));
  s.add(glow(s, 1290, 620, 160, '#ffe6c8', 0.45, 560));
  // Marin headland, lower left, rim-lit by the low sun
  s.add(
    path(
      ridge(rng, w, h, { base: 905, amp: 14, scale: 200, lift: bump(-60, 420, 640, 1.4), x1: 760 }),
      s.linear([
        [0, '#5a3f55'],
        [0.35, '#3a2b40'],
        [1, '#2a1f31'],
      ]),
    ),
  );
  s.add(path(ridge(rng, w, h, { base: 930, amp: 8, scale: 160, lift: bump(-100, 300, 520, 1.6), x1: 560 }), '#261c2d'));
  s.add(birds(rng, 880, 250, 5, 120, '#3b2a3f'));
  finish(s, rng, { vignette: 0.28 });
};

function skylineSF(rng: Rng, x0: number, x1: number, base: number, color: string): string {
  const out: string[] = [];
  let x = x0;
  while (x < x1) {
    const bw = rand(rng, 10, 26);
    const bh = rand(rng, 10, 46) * (x > 1300 && x < 1460 ? 1.6 : 0.7);
    out.push(rect(x, base - bh, bw, bh + 10, color));
    x += bw + rand(rng, -2, 3);
  }
  out.push(
    polygon(
      [
        [1365, base - 110],
        [1358, base],
        [1372, base],
      ],
      color,
    ),
  );
  out.push(path(d`M1392 ${base}L1392 ${base - 100}Q1398 ${base - 112} 1404 ${base - 100}L1404 ${base}Z`, color));
  return group(out);
}

// ================================================================ Kyoto

/** East-Asian roof with upswept eaves; y is the eave line, h the roof height. */
function asianRoof(cx: number, y: number, w: number, h: number, fill: string, lift = 0.35): string {
  return path(
    d`M${cx - w / 2} ${y - h * lift}Q${cx - w * 0.42} ${y + h * 0.12} ${cx - w * 0.28} ${y + h * 0.1}L${cx + w * 0.28} ${y + h * 0.1}` +
      d`Q${cx + w * 0.42} ${y + h * 0.12} ${cx + w / 2} ${y - h * lift}Q${cx + w * 0.3} ${y - h * 0.42} ${cx + w * 0.17} ${y - h}` +
      d`L${cx - w * 0.17} ${y - h}Q${cx - w * 0.3} ${y - h * 0.42} ${cx - w / 2} ${y - h * lift}Z`,
    fill,
  );
}

function pagoda(cx: number, base: number, scale: number, fill: string, rim: string, glowC: string): string {
  const out: string[] = [];
  const k = scale;
  out.push(rect(cx - 120 * k, base - 16 * k, 240 * k, 16 * k, fill));
  let y = base - 16 * k;
  const widths = [250, 228, 208, 190, 174];
  for (let i = 0; i < 5; i++) {
    const rw = at(widths, i) * k;
    const bw = rw * (0.48 - i * 0.012);
    const bh = (i === 0 ? 62 : 40) * k;
    out.push(rect(cx - bw / 2, y - bh, bw, bh + 1, fill));
    if (i === 0)
      out.push(
        path(
          d`M${cx - bw * 0.12} ${y}L${cx - bw * 0.12} ${y - bh * 0.55}Q${cx} ${y - bh * 0.7} ${cx + bw * 0.12} ${y - bh * 0.55}L${cx + bw * 0.12} ${y}Z`,
          glowC,
          { opacity: 0.7 },
        ),
      );
    out.push(rect(cx - bw / 2 - 6 * k, y - bh * 0.3, bw + 12 * k, 3 * k, rim, { opacity: 0.35 }));
    y -= bh;
    const rh = 30 * k;
    out.push(asianRoof(cx, y, rw, rh, fill, 0.42));
    out.push(
      stroke(d`M${cx - rw / 2} ${y - rh * 0.35}Q${cx - rw * 0.3} ${y - rh * 0.42} ${cx - rw * 0.17} ${y - rh}`, rim, 2.2 * k, {
        opacity: 0.55,
      }),
    );
    y -= rh * 0.92;
  }
  // sorin finial with nine rings
  const spireH = 120 * k;
  out.push(rect(cx - 3 * k, y - spireH, 6 * k, spireH, fill));
  for (let r = 0; r < 9; r++) out.push(rect(cx - 9 * k, y - 22 * k - r * 9 * k, 18 * k, 3.4 * k, fill));
  out.push(circle(cx, y - spireH - 4 * k, 6 * k, fill));
  return group(out);
}

function templeHall(cx: number, base: number, w: number, fill: string): string {
  const bh = w * 0.16;
  return group([
    rect(cx - w * 0.34, base - bh, w * 0.68, bh + 30, fill),
    asianRoof(cx, base - bh, w, w * 0.22, fill, 0.3),
    rect(cx - w * 0.12, base - bh - w * 0.24, w * 0.24, w * 0.03, fill),
  ]);
}

/** Five-lobed maple leaf centred on (x, y). */
function mapleLeaf(x: number, y: number, size: number, rot: number, fill: string): string {
  const pts: Pt[] = [];
  const lobes = [-90, -35, -145, 30, 150].sort((p, q) => ((p + 360) % 360) - ((q + 360) % 360));
  const lens = (a: number) => (a === -90 ? 1 : a === -35 || a === -145 ? 0.9 : 0.62);
  for (const deg of lobes) {
    const a = (deg * Math.PI) / 180;
    const L = size * lens(deg);
    pts.push([Math.cos(a - 0.32) * L * 0.5, Math.sin(a - 0.32) * L * 0.5]);
    pts.push([Math.cos(a - 0.1) * L * 0.72, Math.sin(a - 0.1) * L * 0.72]);
    pts.push([Math.cos(a) * L, Math.sin(a) * L]);
    pts.push([Math.cos(a + 0.1) * L * 0.72, Math.sin(a + 0.1) * L * 0.72]);
    pts.push([Math.cos(a + 0.32) * L * 0.5, Math.sin(a + 0.32) * L * 0.5]);
    if (deg === 30)
      pts.push([size * 0.04, size * 0.2], [size * 0.02, size * 0.55], [-size * 0.02, size * 0.55], [-size * 0.04, size * 0.2]);
  }
  return polygon(pts, fill, { transform: `translate(${num(x)} ${num(y)}) rotate(${num(rot)})` });
}

/** Dense maple canopy: dark mass, then hundreds of small leaves lightening toward the top-left. */
function mapleCanopy(rng: Rng, cx: number, cy: number, rx: number, ry: number, colors: string[], leaves = 420): string {
  const out: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * 0.75;
    out.push(
      ellipse(cx + Math.cos(a) * rx * dd, cy + Math.sin(a) * ry * dd, rx * rand(rng, 0.25, 0.4), ry * rand(rng, 0.25, 0.4), at(colors, 0)),
    );
  }
  const items: Array<[number, string]> = [];
  for (let i = 0; i < leaves; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.pow(rng(), 0.6);
    const x = cx + Math.cos(a) * rx * dd,
      y = cy + Math.sin(a) * ry * dd;
    const light = ((cx - x) / rx) * 0.35 + ((cy - y) / ry) * 0.65; // -1..1 toward top-left
    const idx = Math.max(0, Math.min(colors.length - 1, Math.round(((light + 1) / 2) * (colors.length - 1) + rand(rng, -0.9, 0.9))));
    items.push([idx, mapleLeaf(x, y, rand(rng, 9, 15), rand(rng, -40, 40), at(colors, idx))]);
  }
  items.sort((p, q) => p[0] - q[0]);
  out.push(...items.map((i) => i[1]));
  return group(out);
}

const kyoto: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#1c1838'],
    [0.32, '#45295a'],
    [0.58, '#9c4368'],
    [0.78, '#e07a57'],
    [1, '#f4b067'],
  ]);
  stars(s, rng, 60, 260, '#ffe9f0', 0.6);
  sun(s, 430, 545, 62, '#ffe0a8', '#ff9d6a', 520, 0.55);
  wisps(s, rng, 8, 300, 470, '#f59a7e', 0.28);
  s.add(path(ridge(rng, w, h, { base: 575, amp: 55, scale: 420, lift: bump(1250, 60, 500) }), '#8a4670'));
  s.add(path(ridge(rng, w, h, { base: 630, amp: 40, scale: 300, lift: bump(300, 40, 400) }), '#66315f'));
  hazeBand(s, 650, 90, '#f08a63', 0.3);
  // temple roofs stepping down the hill, with a few lantern glows
  const roofs: string[] = [];
  const lanterns: string[] = [];
  for (let i = 0; i < 10; i++) {
    const cx = 40 + i * 170 + rand(rng, -30, 30);
    if (cx > 880 && cx < 1200) continue;
    const base = 740 + rand(rng, -22, 10);
    roofs.push(templeHall(cx, base, rand(rng, 140, 220), '#3b1d46'));
    for (let j = 0; j < 2; j++) {
      const lx = cx + rand(rng, -60, 60),
        ly = base + rand(rng, -4, 8);
      lanterns.push(glow(s, lx, ly, 26, '#ffb866', 0.55), circle(lx, ly, 3, '#ffd9a0'));
    }
  }
  s.add(group(roofs), ...lanterns);
  s.add(pagoda(1040, 790, 1.42, '#2a1431', '#ff9e72', '#ffb865'));
  s.add(path(ridge(rng, w, h, { base: 800, amp: 14, scale: 220, lift: bump(1040, 20, 380) }), '#26112b'));
  // maple canopies framing the view
  s.add(path(d`M1640 300Q1520 200 1330 215`, 'none', { stroke: '#2a1020', 'stroke-width': 9, 'stroke-linecap': 'round' }));
  s.add(path(d`M1480 248Q1420 270 1380 320`, 'none', { stroke: '#2a1020', 'stroke-width': 5, 'stroke-linecap': 'round' }));
  s.add(mapleCanopy(rng, 1500, 90, 300, 190, ['#4a0f22', '#7e1a2a', '#b02c2c', '#d9482f', '#f0843a', '#f6b04a'], 520));
  s.add(mapleCanopy(rng, 1330, 300, 90, 50, ['#4a0f22', '#7e1a2a', '#b02c2c', '#d9482f', '#f0843a'], 110));
  s.add(mapleCanopy(rng, 60, 860, 270, 170, ['#3a0c1e', '#6e1626', '#a8282c', '#d2452e', '#ee7b36'], 420));
  for (let i = 0; i < 10; i++) {
    s.add(mapleLeaf(rand(rng, 1150, 1560), rand(rng, 330, 760), rand(rng, 11, 16), rand(rng, 0, 360), rng() < 0.5 ? '#e2502f' : '#f39a3e'));
  }
  finish(s, rng, { vignette: 0.32 });
};

// ================================================================ London

function elizabethTower(cx: number, base: number, k: number, stone: string, lit: string, face: string): string {
  const out: string[] = [];
  const sw = 64 * k;
  const shaftTop = base - 330 * k;
  out.push(rect(cx - sw / 2, shaftTop, sw, base - shaftTop, stone));
  out.push(rect(cx, shaftTop, sw / 2, base - shaftTop, lit, { opacity: 0.55 }));
  for (let i = 1; i < 4; i++)
    out.push(
      rect(cx - sw / 2 + (sw * i) / 4 - 1, shaftTop + 10 * k, 2 * k, base - shaftTop - 10 * k, darken(stone, 0.25), { opacity: 0.5 }),
    );
  for (let j = 1; j < 10; j++) out.push(rect(cx - sw / 2, shaftTop + j * 33 * k, sw, 2 * k, darken(stone, 0.25), { opacity: 0.45 }));
  // clock stage
  const cw = 82 * k;
  const clockTop = shaftTop - 86 * k;
  out.push(rect(cx - cw / 2, clockTop, cw, 86 * k, stone));
  out.push(rect(cx, clockTop, cw / 2, 86 * k, lit, { opacity: 0.5 }));
  out.push(circle(cx, clockTop + 43 * k, 31 * k, darken(stone, 0.2)));
  out.push(circle(cx, clockTop + 43 * k, 27 * k, face));
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    out.push(
      line(
        cx + Math.cos(a) * 21 * k,
        clockTop + 43 * k + Math.sin(a) * 21 * k,
        cx + Math.cos(a) * 25 * k,
        clockTop + 43 * k + Math.sin(a) * 25 * k,
        '#3b3640',
        1.6 * k,
      ),
    );
  }
  out.push(
    line(cx, clockTop + 43 * k, cx + 12 * k, clockTop + 36 * k, '#3b3640', 2.4 * k),
    line(cx, clockTop + 43 * k, cx - 2 * k, clockTop + 23 * k, '#3b3640', 2 * k),
  );
  for (const sx of [-1, 1])
    out.push(
      polygon(
        [
          [cx + (sx * cw) / 2, clockTop],
          [cx + sx * (cw / 2 - 8 * k), clockTop],
          [cx + sx * (cw / 2 - 4 * k), clockTop - 22 * k],
        ],
        stone,
      ),
    );
  // belfry with pointed arches
  const bw = 70 * k;
  const belTop = clockTop - 52 * k;
  out.push(rect(cx - bw / 2, belTop, bw, 52 * k, stone));
  for (let i = 0; i < 3; i++) {
    const ax = cx - bw / 2 + 10 * k + i * 19 * k;
    out.push(
      path(
        d`M${ax} ${clockTop - 6 * k}L${ax} ${belTop + 20 * k}Q${ax + 6.5 * k} ${belTop + 6 * k} ${ax + 13 * k} ${belTop + 20 * k}L${ax + 13 * k} ${clockTop - 6 * k}Z`,
        darken(stone, 0.35),
      ),
    );
  }
  // spire with corner pinnacles and lantern
  out.push(
    path(
      d`M${cx - bw / 2 - 4 * k} ${belTop}L${cx - 10 * k} ${belTop - 96 * k}L${cx + 10 * k} ${belTop - 96 * k}L${cx + bw / 2 + 4 * k} ${belTop}Z`,
      darken(stone, 0.1),
    ),
  );
  out.push(path(d`M${cx} ${belTop}L${cx + 10 * k} ${belTop - 96 * k}L${cx + bw / 2 + 4 * k} ${belTop}Z`, lit, { opacity: 0.35 }));
  for (const sx of [-1, 1]) {
    out.push(
      polygon(
        [
          [cx + sx * (bw / 2 + 4 * k), belTop],
          [cx + sx * (bw / 2 - 6 * k), belTop],
          [cx + sx * (bw / 2 - 1 * k), belTop - 34 * k],
        ],
        stone,
      ),
    );
  }
  out.push(rect(cx - 9 * k, belTop - 118 * k, 18 * k, 24 * k, stone));
  out.push(
    polygon(
      [
        [cx - 9 * k, belTop - 118 * k],
        [cx, belTop - 150 * k],
        [cx + 9 * k, belTop - 118 * k],
      ],
      stone,
    ),
  );
  out.push(rect(cx - 1 * k, belTop - 170 * k, 2 * k, 24 * k, stone));
  return group(out);
}

function palaceFacade(rng: Rng, x0: number, x1: number, base: number, top: number, stone: string, shade: string): string {
  const out: string[] = [];
  out.push(rect(x0, top, x1 - x0, base - top, stone));
  for (let x = x0; x < x1; x += 26) {
    out.push(rect(x + 4, top + 10, 3, base - top - 14, shade, { opacity: 0.45 }));
    out.push(
      polygon(
        [
          [x, top],
          [x + 3, top - 18 - rand(rng, 0, 4)],
          [x + 6, top],
        ],
        stone,
      ),
    );
  }
  for (let x = x0 + 120; x < x1 - 60; x += 210) {
    out.push(
      rect(x, top - 40, 36, 41, stone),
      polygon(
        [
          [x, top - 40],
          [x + 18, top - 72],
          [x + 36, top - 40],
        ],
        stone,
      ),
    );
  }
  return group(out);
}

const london: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#5f7fa3'],
    [0.4, '#a9b7c7'],
    [0.68, '#e4cdb8'],
    [1, '#f1d6b6'],
  ]);
  sun(s, 1250, 440, 36, '#fff6e0', '#ffd9a6', 380, 0.55);
  for (let i = 0; i < 5; i++) {
    const cx = rand(rng, -100, w);
    s.add(path(cloud(rng, cx, rand(rng, 150, 330), rand(rng, 220, 420), rand(rng, 40, 70)), cloudFill(s, '#f4f1ee', 0.6, 0.1)));
  }
  const water = 660;
  // London Eye and far city in the haze
  const eye: string[] = [];
  const ex = 1390,
    ey = 470,
    er = 165;
  eye.push(
    circle(ex, ey, er, 'none', { stroke: '#aab0bf', 'stroke-width': 4 }),
    circle(ex, ey, er - 8, 'none', { stroke: '#aab0bf', 'stroke-width': 1.5 }),
  );
  for (let i = 0; i < 32; i++) {
    const a = (i * Math.PI * 2) / 32;
    eye.push(line(ex, ey, ex + Math.cos(a) * er, ey + Math.sin(a) * er, '#aab0bf', 1));
    eye.push(ellipse(ex + Math.cos(a) * (er + 6), ey + Math.sin(a) * (er + 6), 6, 4, '#aab0bf'));
  }
  eye.push(
    polygon(
      [
        [ex - 4, ey],
        [ex - 80, water],
        [ex - 66, water],
        [ex + 4, ey],
      ],
      '#9fa5b5',
    ),
    polygon(
      [
        [ex - 4, ey],
        [ex - 30, water],
        [ex - 18, water],
        [ex + 4, ey],
      ],
      '#9fa5b5',
    ),
  );
  s.add(group(eye));
  s.add(skyline(rng, { x0: 1040, x1: w + 40, base: water, minH: 20, maxH: 70, color: '#a4a8b8', minW: 18, maxW: 50 }));
  hazeBand(s, water - 20, 80, '#efe1d1', 0.6);
  // Westminster Bridge (green arches)
  const bridge: string[] = [];
  bridge.push(rect(1040, water - 34, w - 1040 + 20, 16, '#4a5e57'));
  for (let x = 1060; x < w + 40; x += 120)
    bridge.push(
      path(
        d`M${x} ${water - 18}Q${x + 60} ${water - 40} ${x + 120} ${water - 18}L${x + 120} ${water}L${x + 110} ${water}Q${x + 60} ${water - 26} ${x + 10} ${water}L${x} ${water}Z`,
        '#4a5e57',
      ),
    );
  for (let x = 1050; x < w; x += 60)
    bridge.push(rect(x, water - 56, 3, 22, '#3f4c49'), circle(x + 1.5, water - 58, 4, '#f6d9a0', { opacity: 0.9 }));
  s.add(group(bridge));
  // Palace and tower
  const stone = '#8a7f86';
  const palace: string[] = [];
  palace.push(rect(0, 340, 120, water - 340, stone), rect(60, 340, 60, water - 340, '#b49f92', { opacity: 0.45 }));
  for (const px of [0, 40, 80, 114])
    palace.push(
      polygon(
        [
          [px, 340],
          [px + 3, 300],
          [px + 6, 340],
        ],
        stone,
      ),
    );
  palace.push(palaceFacade(rng, 100, 1000, water, 520, stone, darken(stone, 0.3)));
  palace.push(rect(100, 520, 900, water - 520, '#c7ad97', { opacity: 0.25 }));
  for (let x = 120; x < 990; x += 26)
    for (const yy of [548, 590, 626])
      palace.push(
        path(d`M${x + 11} ${yy + 20}L${x + 11} ${yy + 5}L${x + 14} ${yy}L${x + 17} ${yy + 5}L${x + 17} ${yy + 20}Z`, '#5a5360', {
          opacity: 0.4,
        }),
      );
  palace.push(elizabethTower(1000, water, 0.98, stone, '#c9b09c', '#f4e4bb'));
  const group1 = group(palace);
  s.add(group1);
  // river Thames
  s.add(
    rect(
      0,
      water,
      w,
      h - water,
      s.linear([
        [0, '#c4bfc4'],
        [0.4, '#8d95a8'],
        [1, '#4e5a72'],
      ]),
    ),
  );
  s.add(reflect(group1, water, 0.22));
  glitter(s, rng, 1250, water + 4, h, 110, '#fff0d8', 60, 0.6);
  ripples(s, rng, water + 4, h, 90, '#e9e4e6', 0.25);
  s.add(rect(0, water - 2, w, 6, '#6b6570'));
  // embankment lamp in the foreground
  const lamp = (x: number, y: number, k: number): string =>
    group([
      rect(x - 4 * k, y - 150 * k, 8 * k, 150 * k, '#2c2a33'),
      rect(x - 12 * k, y - 20 * k, 24 * k, 20 * k, '#2c2a33'),
      path(
        d`M${x - 14 * k} ${y - 150 * k}L${x + 14 * k} ${y - 150 * k}L${x + 9 * k} ${y - 190 * k}L${x - 9 * k} ${y - 190 * k}Z`,
        '#f8dfa8',
        { opacity: 0.85 },
      ),
      polygon(
        [
          [x - 16 * k, y - 190 * k],
          [x, y - 206 * k],
          [x + 16 * k, y - 190 * k],
        ],
        '#2c2a33',
      ),
      rect(x - 16 * k, y - 152 * k, 32 * k, 4 * k, '#2c2a33'),
    ]);
  s.add(
    rect(
      0,
      830,
      w,
      80,
      s.linear([
        [0, '#3a3742'],
        [1, '#26242c'],
      ]),
    ),
  );
  s.add(rect(0, 826, w, 8, '#4d4956'));
  s.add(lamp(110, 830, 1.45), lamp(1500, 830, 1.45));
  s.add(birds(rng, 700, 260, 6, 110, '#5a5f70'));
  finish(s, rng, { vignette: 0.26 });
};

// ================================================================ Osaka

function castleKeep(cx: number, base: number, wall: string, roof: string, trim: string, win: string): string {
  const out: string[] = [];
  const levels = [
    { bw: 300, bh: 66 },
    { bw: 262, bh: 58 },
    { bw: 226, bh: 52 },
    { bw: 188, bh: 48 },
    { bw: 150, bh: 56 },
  ];
  let y = base;
  levels.forEach((lv, i) => {
    out.push(rect(cx - lv.bw / 2, y - lv.bh, lv.bw, lv.bh + 2, wall));
    const n = Math.round(lv.bw / 34);
    for (let j = 0; j < n; j++) out.push(rect(cx - lv.bw / 2 + 12 + (j * (lv.bw - 24)) / n + 4, y - lv.bh * 0.62, 12, lv.bh * 0.3, win));
    y -= lv.bh;
    const rw = lv.bw + 64;
    const rh = 30;
    out.push(asianRoof(cx, y + 8, rw, rh, roof, 0.4));
    out.push(
      stroke(
        d`M${cx - rw / 2} ${y + 8 - rh * 0.4}Q${cx - rw * 0.42} ${y + 8 + rh * 0.12} ${cx - rw * 0.28} ${y + 8 + rh * 0.1}L${cx + rw * 0.28} ${y + 8 + rh * 0.1}Q${cx + rw * 0.42} ${y + 8 + rh * 0.12} ${cx + rw / 2} ${y + 8 - rh * 0.4}`,
        trim,
        2.2,
      ),
    );
    // triangular chidori gable on alternating levels
    if (i % 2 === 0 && i < 4) {
      const gw = lv.bw * 0.34;
      out.push(
        polygon(
          [
            [cx - gw / 2, y + 6],
            [cx, y - 26],
            [cx + gw / 2, y + 6],
          ],
          roof,
        ),
      );
      out.push(
        polygon(
          [
            [cx - gw * 0.34, y + 4],
            [cx, y - 16],
            [cx + gw * 0.34, y + 4],
          ],
          wall,
        ),
      );
      out.push(stroke(d`M${cx - gw / 2} ${y + 6}L${cx} ${y - 26}L${cx + gw / 2} ${y + 6}`, trim, 2));
    } else if (i === 1 || i === 3) {
      const gw = lv.bw * 0.3;
      out.push(
        path(d`M${cx - gw / 2} ${y + 8}Q${cx - gw / 4} ${y - 18} ${cx} ${y - 22}Q${cx + gw / 4} ${y - 18} ${cx + gw / 2} ${y + 8}Z`, roof),
      );
      out.push(
        stroke(
          d`M${cx - gw / 2} ${y + 8}Q${cx - gw / 4} ${y - 18} ${cx} ${y - 22}Q${cx + gw / 4} ${y - 18} ${cx + gw / 2} ${y + 8}`,
          trim,
          2,
        ),
      );
    }
    y -= rh * 0.55;
  });
  // golden shachihoko on the ridge ends
  for (const sx of [-1, 1]) {
    const fx = cx + sx * 40;
    out.push(
      path(d`M${fx} ${y + 14}Q${fx + sx * 4} ${y - 4} ${fx - sx * 6} ${y - 12}Q${fx + sx * 2} ${y - 2} ${fx + sx * 8} ${y + 14}Z`, trim),
    );
  }
  return group(out);
}

function stoneBase(s: Svg, cx: number, top: number, bottom: number, wTop: number, wBot: number, fill: string, seam: string): string {
  const out: string[] = [];
  const dd = d`M${cx - wTop / 2} ${top}L${cx + wTop / 2} ${top}Q${cx + wTop / 2 + 10} ${bottom - 60} ${cx + wBot / 2} ${bottom}L${cx - wBot / 2} ${bottom}Q${cx - wTop / 2 - 10} ${bottom - 60} ${cx - wTop / 2} ${top}Z`;
  out.push(path(dd, fill));
  const clip = s.clip(path(dd, '#000'));
  const seams: string[] = [];
  let row = 0;
  for (let y = top + 14; y < bottom; y += 14, row++) {
    seams.push(line(cx - wBot, y, cx + wBot, y, seam, 1.2));
    for (let x = cx - wBot / 2 + (row % 2) * 18; x < cx + wBot / 2; x += 36) seams.push(line(x, y - 14, x, y, seam, 1));
  }
  out.push(group(seams, { 'clip-path': clip, opacity: 0.55 }));
  return group(out);
}

const osaka: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#0c0a24'],
    [0.38, '#26144c'],
    [0.66, '#5e1f6c'],
    [0.85, '#b23b78'],
    [1, '#e9766c'],
  ]);
  stars(s, rng, 160, 420, '#ffffff', 0.75);
  s.add(glow(s, 1290, 170, 140, '#ffd9e6', 0.25));
  s.add(crescent(1290, 170, 34, '#fff0d6', 0.62, -30));
  const water = 790;
  // neon city
  s.add(
    skyline(rng, {
      x0: -20,
      x1: w + 20,
      base: 690,
      minH: 60,
      maxH: 250,
      minW: 30,
      maxW: 80,
      color: '#2a1748',
      lit: ['#ff6fb1', '#6fe3ff', '#ffd27a', '#ffffff'],
      pLit: 0.22,
      profile: (x) => 0.55 + (0.45 * Math.abs(x - 800)) / 800,
    }),
  );
  // Umeda Sky Building silhouette
  s.add(
    group([
      rect(110, 400, 46, 290, '#231340'),
      rect(186, 400, 46, 290, '#231340'),
      rect(104, 384, 134, 30, '#231340'),
      rect(150, 414, 42, 10, '#231340'),
      rect(112, 392, 118, 3, '#ff6fb1', { opacity: 0.8 }),
    ]),
  );
  for (let i = 0; i < 7; i++)
    s.add(
      rect(rand(rng, 0, w), rand(rng, 520, 680), rand(rng, 30, 90), 4, pick2(rng, ['#ff4fa3', '#4fe0ff', '#ffcf5a']), { opacity: 0.75 }),
    );
  hazeBand(s, 690, 90, '#c13a7a', 0.35);
  // castle park trees
  const trees: string[] = [];
  trees.push(path(scallops(rng, -30, w + 30, 700, 16, 34, h, 10), '#1f1233'));
  trees.push(path(scallops(rng, -30, w + 30, 730, 20, 40, h, 8), '#150c25'));
  s.add(group(trees));
  s.add(glow(s, 800, 560, 300, '#ffcfe0', 0.25));
  s.add(
    stoneBase(
      s,
      800,
      610,
      water,
      470,
      600,
      s.linear([
        [0, '#5f4b6e'],
        [1, '#3a2a4a'],
      ]),
      '#201530',
    ),
  );
  s.add(group(castleKeep(0, 0, '#f3e9f0', '#2f7470', '#e7b555', '#2a2440'), { transform: 'translate(800 614) scale(1.22)' }));
  s.add(
    rect(
      0,
      water,
      w,
      h - water,
      s.linear([
        [0, '#2b1545'],
        [1, '#120a22'],
      ]),
    ),
  );
  s.add(
    reflect(
      group([
        stoneBase(s, 800, 610, water, 470, 600, '#4a3a5c', '#201530'),
        group(castleKeep(0, 0, '#f3e9f0', '#2f7470', '#e7b555', '#2a2440'), { transform: 'translate(800 614) scale(1.22)' }),
      ]),
      water,
      0.2,
    ),
  );
  ripples(s, rng, water + 3, h, 140, '#ff7ab8', 0.35);
  ripples(s, rng, water + 3, h, 60, '#7de6ff', 0.3);
  s.add(rect(0, water - 3, w, 6, '#1d1030'));
  finish(s, rng, { vignette: 0.35, grain: 0.8 });
};

const pick2 = pick;

// ================================================================ Lisbon

const LISBON_WALLS = ['#f3e1c2', '#f0c987', '#e8a983', '#f7efe3', '#d98d6b', '#a9c3cf', '#f2d26b', '#e9b8b0', '#f1d9a9'];
const LISBON_ROOFS = ['#c8603c', '#b5502f', '#d67a4f', '#a9472c'];

function lisbonTram(x: number, y: number, k: number): string {
  const out: string[] = [];
  const L = 300 * k,
    H = 120 * k;
  out.push(stroke(d`M${x + L * 0.55} ${y - H - 8 * k}L${x + L * 0.9} ${y - H - 110 * k}`, '#3a2a25', 3 * k));
  out.push(
    path(
      d`M${x} ${y - H * 0.45}L${x} ${y - H * 0.95}Q${x} ${y - H - 8 * k} ${x + 14 * k} ${y - H - 8 * k}L${x + L - 14 * k} ${y - H - 8 * k}Q${x + L} ${y - H - 8 * k} ${x + L} ${y - H * 0.95}L${x + L} ${y - H * 0.45}Z`,
      '#f4ead5',
    ),
  );
  out.push(rect(x, y - H * 0.5, L, H * 0.5, '#f2b31c'));
  out.push(rect(x, y - H * 0.5, L, 5 * k, '#d8920f'));
  out.push(rect(x - 4 * k, y - H - 12 * k, L + 8 * k, 8 * k, '#e8dcc2'));
  out.push(rect(x + 10 * k, y - H * 0.92, L - 20 * k, H * 0.1, '#f2b31c'));
  for (let i = 0; i < 6; i++) out.push(rect(x + 14 * k + i * 46 * k, y - H * 0.78, 36 * k, H * 0.26, '#3d3030'));
  out.push(rect(x + 18 * k, y - H * 0.42, L - 36 * k, 3 * k, '#c6850f'));
  out.push(rect(x - 6 * k, y - 4 * k, L + 12 * k, 8 * k, '#3a2a25'));
  for (const wx of [0.22, 0.78]) out.push(circle(x + L * wx, y + 6 * k, 11 * k, '#2a201d'));
  out.push(circle(x + L - 8 * k, y - H * 0.3, 5 * k, '#fff2c4'));
  return group(out);
}

const lisbon: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#7d9fc0'],
    [0.35, '#dcc3b0'],
    [0.62, '#f6c38c'],
    [1, '#f39a5a'],
  ]);
  sun(s, 1220, 470, 48, '#fff4d2', '#ffbf7a', 480, 0.6);
  for (let i = 0; i < 4; i++)
    s.add(
      path(cloud(rng, rand(rng, 0, w), rand(rng, 160, 330), rand(rng, 200, 380), rand(rng, 28, 50)), cloudFill(s, '#fde8cc', 0.6, 0.1)),
    );
  const river = 520;
  s.add(path(ridge(rng, w, h, { base: river - 10, amp: 10, scale: 250 }), '#c58f84', { opacity: 0.85 }));
  // 25 de Abril bridge and Cristo Rei, hazy
  const bc = '#bd6a58';
  s.add(
    group([
      rect(1360, 380, 8, 135, bc),
      rect(1372, 380, 8, 135, bc),
      rect(1500, 395, 6, 120, bc),
      rect(1510, 395, 6, 120, bc),
      stroke(d`M1250 500Q1310 470 1370 380Q1440 480 1505 395Q1560 460 1620 470`, bc, 2.4),
      rect(1240, 495, 380, 5, bc),
      rect(1118, 420, 6, 80, '#b98072'),
      rect(1106, 414, 30, 6, '#b98072'),
    ]),
  );
  s.add(
    rect(
      0,
      river,
      w,
      190,
      s.linear([
        [0, '#f4b27c'],
        [1, '#c47a62'],
      ]),
    ),
  );
  glitter(s, rng, 1220, river + 4, 700, 160, '#fff0cc', 80, 0.75);
  // hillside of houses rising to the left
  const slope = (x: number) => (w - x) * 0.16;
  const rows = [560, 610, 665, 725, 790];
  rows.forEach((rowBase, r) => {
    const k = 0.55 + r * 0.14;
    const parts: string[] = [];
    let x = -20 + rand(rng, -30, 0);
    while (x < w + 20) {
      const hw = rand(rng, 70, 120) * k;
      const hh = rand(rng, 70, 130) * k;
      const base = rowBase - slope(x) * (1 - r * 0.12) + rand(rng, -6, 6);
      if (base > river + 20 || r > 1 || x < 1000) {
        parts.push(
          house(rng, x, base + 60 * k, hw, hh + 60 * k, {
            wall: mix(pick2(rng, LISBON_WALLS), '#f5b98a', 0.18 - r * 0.03),
            roof: pick2(rng, LISBON_ROOFS),
            window: '#5a3b36',
            roofType: rng() < 0.7 ? 'hip' : 'gable',
            light: 'right',
          }),
        );
      }
      x += hw + rand(rng, -4, 2);
    }
    s.add(group(parts));
    if (r === 1) {
      // Castelo de São Jorge crowning the hill
      const cx = 230,
        cy = rowBase - slope(cx) - 40;
      const castle: string[] = [rect(cx - 150, cy - 40, 300, 60, '#c9a583')];
      for (let i = 0; i < 15; i++) castle.push(rect(cx - 150 + i * 20, cy - 52, 12, 14, '#c9a583'));
      castle.push(rect(cx - 40, cy - 90, 60, 60, '#bf9977'), rect(cx + 90, cy - 76, 44, 50, '#bf9977'));
      castle.push(
        blobTree(rng, cx - 170, cy + 20, 40, ['#52683f', '#6f8450'], '#4a3a2a'),
        blobTree(rng, cx + 170, cy + 24, 34, ['#52683f', '#6f8450'], '#4a3a2a'),
      );
      s.add(group(castle));
    }
  });
  // tram street in the foreground
  s.add(
    path(
      d`M-20 900L-20 770L1620 690L1620 900Z`,
      s.linear([
        [0, '#b98d6e'],
        [1, '#8d6550'],
      ]),
    ),
  );
  s.add(stroke(d`M-20 812L1620 732`, '#e9cba8', 3), stroke(d`M-20 842L1620 762`, '#e9cba8', 3));
  s.add(stroke(d`M-20 470L1620 420`, '#3a2a25', 1.5));
  s.add(group(lisbonTram(560, 800, 1.35), { transform: 'rotate(-2.8 760 780)' }));
  finish(s, rng, { vignette: 0.28 });
};

// ================================================================ Athens

function parthenon(cx: number, base: number, k: number, marble: string, shade: string, dark: string): string {
  const out: string[] = [];
  const frontW = 200 * k;
  const sideW = 260 * k;
  const colH = 88 * k;
  const x0 = cx - (frontW + sideW) / 2;
  // stepped stylobate
  for (let i = 0; i < 3; i++)
    out.push(rect(x0 - (3 - i) * 6 * k, base - (i + 1) * 6 * k, frontW + sideW + (3 - i) * 12 * k, 6 * k, i % 2 ? marble : shade));
  const top = base - 18 * k - colH;
  out.push(rect(x0, top, frontW + sideW, colH, dark, { opacity: 0.55 }));
  const colsF = 8,
    colsS = 13;
  for (let i = 0; i < colsF; i++) {
    const x = x0 + 6 * k + (i * (frontW - 24 * k)) / (colsF - 1);
    out.push(rect(x, top, 13 * k, colH, marble), rect(x + 8 * k, top, 5 * k, colH, shade, { opacity: 0.8 }));
  }
  for (let i = 0; i < colsS; i++) {
    const x = x0 + frontW + 8 * k + (i * (sideW - 18 * k)) / (colsS - 1);
    out.push(rect(x, top + 4 * k, 9 * k, colH - 4 * k, shade), rect(x, top + 4 * k, 4 * k, colH - 4 * k, marble, { opacity: 0.6 }));
  }
  // entablature, front pediment and the broken side cornice
  out.push(rect(x0 - 4 * k, top - 20 * k, frontW + 8 * k, 20 * k, marble), rect(x0 - 4 * k, top - 8 * k, frontW + 8 * k, 3 * k, shade));
  out.push(
    polygon(
      [
        [x0 - 8 * k, top - 20 * k],
        [x0 + frontW / 2, top - 54 * k],
        [x0 + frontW + 8 * k, top - 20 * k],
      ],
      marble,
    ),
  );
  out.push(
    polygon(
      [
        [x0 + 10 * k, top - 23 * k],
        [x0 + frontW / 2, top - 46 * k],
        [x0 + frontW - 10 * k, top - 23 * k],
      ],
      shade,
      { opacity: 0.55 },
    ),
  );
  out.push(
    path(
      d`M${x0 + frontW} ${top - 16 * k}L${x0 + frontW + sideW * 0.55} ${top - 14 * k}L${x0 + frontW + sideW * 0.6} ${top - 6 * k}L${x0 + frontW + sideW} ${top - 4 * k}L${x0 + frontW + sideW} ${top + 4 * k}L${x0 + frontW} ${top + 4 * k}Z`,
      shade,
    ),
  );
  return group(out);
}

const athens: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#6fa6c8'],
    [0.45, '#c8dcd8'],
    [0.75, '#f3d8a6'],
    [1, '#f1b77b'],
  ]);
  sun(s, 1330, 260, 38, '#fffbe8', '#ffe1a0', 420, 0.5);
  for (let i = 0; i < 4; i++)
    s.add(
      path(cloud(rng, rand(rng, -50, w), rand(rng, 120, 280), rand(rng, 180, 340), rand(rng, 30, 50)), cloudFill(s, '#fffaf0', 0.75, 0.15)),
    );
  s.add(path(ridge(rng, w, h, { base: 520, amp: 40, scale: 380, lift: bump(1350, 60, 420) }), '#b3a3b7', { opacity: 0.8 }));
  s.add(path(ridge(rng, w, h, { base: 585, amp: 20, scale: 300 }), '#c9a890', { opacity: 0.85 }));
  // Acropolis rock with cliff striations
  const rockTop = 430;
  const rock = d`M380 700L450 560L520 470L560 ${rockTop + 8}L1140 ${rockTop}L1200 470L1250 560L1320 700Z`;
  s.add(
    path(
      rock,
      s.linear([
        [0, '#d8a473'],
        [0.5, '#b5805d'],
        [1, '#8a5d4a'],
      ]),
    ),
  );
  const stri: string[] = [];
  for (let i = 0; i < 42; i++) {
    const x = rand(rng, 470, 1240);
    const y = rand(rng, rockTop + 20, 620);
    stri.push(
      stroke(d`M${x} ${y}l${rand(rng, -8, 8)} ${rand(rng, 20, 60)}`, '#7d4f3e', rand(rng, 2, 5), { opacity: num(rand(rng, 0.25, 0.5)) }),
    );
  }
  s.add(group(stri, { 'clip-path': s.clip(path(rock, '#000')) }));
  s.add(rect(560, rockTop - 10, 580, 20, '#d9b38a'));
  // Erechtheion & Propylaea, then the Parthenon
  s.add(rect(600, rockTop - 50, 70, 42, '#e9d6b6'), rect(600, rockTop - 56, 70, 8, '#f2e3c6'));
  for (let i = 0; i < 5; i++) s.add(rect(604 + i * 14, rockTop - 48, 6, 38, '#b89474'));
  s.add(parthenon(900, rockTop - 8, 1.15, '#f5e7cc', '#c9a582', '#8e6a55'));
  hazeBand(s, 610, 60, '#f3d7b0', 0.4);
  // Plaka: white cubes at the foot of the rock
  const cubes: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = rand(rng, -20, w);
    const y = rand(rng, 640, 760) + Math.abs(x - 850) * 0.04;
    const cw = rand(rng, 34, 80),
      ch = rand(rng, 26, 60);
    const wall = pick2(rng, ['#f7efe2', '#efe2cc', '#f3dcc0', '#e9d2b4']);
    cubes.push(rect(x, y - ch, cw, ch + 40, wall), rect(x + cw * 0.7, y - ch, cw * 0.3, ch + 40, '#d7bc9c', { opacity: 0.6 }));
    if (rng() < 0.5)
      cubes.push(
        polygon(
          [
            [x - 3, y - ch],
            [x + cw / 2, y - ch - cw * 0.22],
            [x + cw + 3, y - ch],
          ],
          '#c46a44',
        ),
      );
    cubes.push(rect(x + cw * 0.2, y - ch * 0.6, 7, 10, '#6c5a5a'), rect(x + cw * 0.5, y - ch * 0.6, 7, 10, '#6c5a5a'));
  }
  cubes.sort((a, b) => 0 * a.length - 0 * b.length);
  s.add(group(cubes));
  for (let i = 0; i < 9; i++) s.add(cypress(rand(rng, 0, w), rand(rng, 740, 790), rand(rng, 90, 150), rand(rng, 22, 30), '#3f4a2f'));
  // olive grove framing the foreground
  s.add(
    path(
      ridge(rng, w, h, { base: 830, amp: 18, scale: 240 }),
      s.linear([
        [0, '#8c7a4a'],
        [1, '#5a4d33'],
      ]),
    ),
  );
  s.add(oliveTree(rng, 170, 890, 300, '#4c3b2c', ['#6f7a4f', '#8d9a66', '#aab58a']));
  s.add(oliveTree(rng, 1430, 900, 340, '#4c3b2c', ['#66714a', '#87945f', '#a6b283']));
  s.add(oliveTree(rng, 1050, 880, 170, '#5a4633', ['#75804f', '#9aa577']));
  finish(s, rng, { vignette: 0.25 });
};

// ================================================================ Vienna

function stephansdom(s: Svg, cx: number, base: number, stone: string, lit: string, tiles: string[]): string {
  const out: string[] = [];
  // nave with the famous zig-zag tiled roof
  const roof = d`M${cx - 520} ${base - 150}L${cx - 470} ${base - 330}L${cx - 60} ${base - 330}L${cx - 20} ${base - 150}Z`;
  out.push(rect(cx - 530, base - 160, 520, 160, stone));
  for (let x = cx - 510; x < cx - 30; x += 42)
    out.push(
      path(
        d`M${x} ${base - 20}L${x} ${base - 110}Q${x + 12} ${base - 140} ${x + 24} ${base - 110}L${x + 24} ${base - 20}Z`,
        darken(stone, 0.3),
      ),
    );
  out.push(path(roof, at(tiles, 0)));
  const zig: string[] = [];
  for (let band = 0; band < 9; band++) {
    const y = base - 320 + band * 20;
    let dz = `M${cx - 540} ${y}`;
    for (let x = cx - 540; x < cx; x += 24) dz += d`L${x + 12} ${y + 12}L${x + 24} ${y}`;
    zig.push(stroke(dz, at(tiles, 1 + (band % (tiles.length - 1))), 6, { 'stroke-linecap': 'butt' }));
  }
  out.push(group(zig, { 'clip-path': s.clip(path(roof, '#000')) }));
  // south tower: stacked tapering stages, pinnacles, then the needle spire
  const tw = 130;
  let y = base;
  const stages = [180, 130, 100];
  stages.forEach((sh, i) => {
    const ww = tw * (1 - i * 0.2);
    out.push(rect(cx - ww / 2, y - sh, ww, sh + 1, stone), rect(cx, y - sh, ww / 2, sh + 1, lit, { opacity: 0.35 }));
    out.push(
      path(
        d`M${cx - ww * 0.15} ${y - 20}L${cx - ww * 0.15} ${y - sh * 0.7}Q${cx} ${y - sh * 0.9} ${cx + ww * 0.15} ${y - sh * 0.7}L${cx + ww * 0.15} ${y - 20}Z`,
        darken(stone, 0.35),
      ),
    );
    for (const sx of [-1, 1])
      out.push(
        polygon(
          [
            [cx + (sx * ww) / 2, y - sh],
            [cx + sx * (ww / 2 - 10), y - sh],
            [cx + sx * (ww / 2 - 5), y - sh - 40],
          ],
          stone,
        ),
      );
    y -= sh;
  });
  const spireW = tw * 0.5;
  const spireH = 280;
  out.push(
    polygon(
      [
        [cx - spireW / 2, y],
        [cx, y - spireH],
        [cx + spireW / 2, y],
      ],
      stone,
    ),
  );
  out.push(
    polygon(
      [
        [cx, y],
        [cx, y - spireH],
        [cx + spireW / 2, y],
      ],
      lit,
      { opacity: 0.3 },
    ),
  );
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    const half = (spireW / 2) * (1 - t);
    for (const sx of [-1, 1])
      out.push(
        polygon(
          [
            [cx + sx * half, y - spireH * t],
            [cx + sx * (half + 7), y - spireH * t - 6],
            [cx + sx * (half - 2), y - spireH * t - 14],
          ],
          stone,
        ),
      );
  }
  out.push(rect(cx - 1.5, y - spireH - 24, 3, 26, stone), rect(cx - 8, y - spireH - 16, 16, 3, stone));
  return group(out);
}

function riesenrad(cx: number, cy: number, r: number, frame: string, cabin: string): string {
  const out: string[] = [];
  out.push(
    polygon(
      [
        [cx - 6, cy],
        [cx - r * 0.55, cy + r * 1.12],
        [cx - r * 0.47, cy + r * 1.12],
        [cx + 4, cy + 6],
      ],
      frame,
    ),
  );
  out.push(
    polygon(
      [
        [cx + 6, cy],
        [cx + r * 0.55, cy + r * 1.12],
        [cx + r * 0.47, cy + r * 1.12],
        [cx - 4, cy + 6],
      ],
      frame,
    ),
  );
  out.push(
    circle(cx, cy, r, 'none', { stroke: frame, 'stroke-width': 5 }),
    circle(cx, cy, r * 0.93, 'none', { stroke: frame, 'stroke-width': 2 }),
  );
  const n = 30;
  for (let i = 0; i < n; i++) {
    const a = (i * Math.PI * 2) / n;
    const b = ((i + 1) * Math.PI * 2) / n;
    out.push(line(cx + Math.cos(a) * 12, cy + Math.sin(a) * 12, cx + Math.cos(b) * r * 0.93, cy + Math.sin(b) * r * 0.93, frame, 1.2));
    out.push(line(cx + Math.cos(a) * r * 0.93, cy + Math.sin(a) * r * 0.93, cx + Math.cos(a) * r, cy + Math.sin(a) * r, frame, 1.5));
  }
  out.push(circle(cx, cy, 14, frame));
  for (let i = 0; i < 15; i++) {
    const a = (i * Math.PI * 2) / 15 + 0.1;
    const gx = cx + Math.cos(a) * r,
      gy = cy + Math.sin(a) * r;
    out.push(
      line(gx, gy, gx, gy + 10, frame, 2),
      rect(gx - 13, gy + 9, 26, 17, cabin, { rx: 3 }),
      rect(gx - 10, gy + 12, 20, 6, '#ffd99a', { opacity: 0.85 }),
    );
  }
  return group(out);
}

const vienna: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#1b2c4c'],
    [0.38, '#48557f'],
    [0.62, '#9b86a6'],
    [0.82, '#e7ac93'],
    [1, '#f6cf9f'],
  ]);
  stars(s, rng, 50, 260, '#ffffff', 0.5);
  s.add(glow(s, 900, 760, 520, '#ffcf9a', 0.5));
  wisps(s, rng, 9, 260, 520, '#f2b9a4', 0.3);
  const base = 780;
  // Riesenrad on the right, behind the roofs
  s.add(riesenrad(1250, 450, 235, '#3b3550', '#b8413a'));
  // baroque skyline: domes and mansards
  const skylineCol = '#4d4566';
  const sk: string[] = [];
  for (let x = -20; x < w + 40; x += 0) {
    const bw = rand(rng, 80, 150);
    const bh = rand(rng, 110, 170);
    sk.push(
      house(rng, x, base, bw, bh, {
        wall: skylineCol,
        roof: '#3e3856',
        window: '#ffcf86',
        roofType: rng() < 0.6 ? 'mansard' : 'hip',
        floors: 3,
      }),
    );
    x += bw;
  }
  s.add(group(sk, { opacity: 0.96 }));
  // Karlskirche-style copper dome
  const dx = 880,
    dy = 600;
  s.add(
    group([
      rect(dx - 90, dy, 180, base - dy, '#574e70'),
      path(d`M${dx - 70} ${dy}Q${dx - 70} ${dy - 120} ${dx} ${dy - 130}Q${dx + 70} ${dy - 120} ${dx + 70} ${dy}Z`, '#5f9585'),
      path(
        d`M${dx} ${dy - 130}Q${dx + 70} ${dy - 120} ${dx + 70} ${dy}L${dx + 20} ${dy}Q${dx + 24} ${dy - 90} ${dx} ${dy - 130}Z`,
        '#7fb5a3',
        { opacity: 0.5 },
      ),
      rect(dx - 10, dy - 170, 20, 42, '#5f9585'),
      polygon(
        [
          [dx - 12, dy - 170],
          [dx, dy - 196],
          [dx + 12, dy - 170],
        ],
        '#5f9585',
      ),
      rect(dx - 150, dy - 120, 26, base - dy + 120, '#574e70'),
      rect(dx + 124, dy - 120, 26, base - dy + 120, '#574e70'),
      rect(dx - 154, dy - 128, 34, 10, '#574e70'),
      rect(dx + 120, dy - 128, 34, 10, '#574e70'),
    ]),
  );
  s.add(stephansdom(s, 560, base + 20, '#5b5068', '#d9a98f', ['#3f5d57', '#e0b74f', '#2d4743', '#f3ead8']));
  // foreground roofscape
  const fg: string[] = [];
  for (let x = -30; x < w + 40; x += 0) {
    const bw = rand(rng, 110, 200);
    fg.push(
      house(rng, x, h + 10, bw, rand(rng, 90, 150), {
        wall: '#2e2840',
        roof: '#241f33',
        window: '#ffc979',
        roofType: pick2(rng, ['mansard', 'hip', 'gable']) as 'hip',
        floors: 2,
      }),
    );
    x += bw;
  }
  s.add(group(fg));
  finish(s, rng, { vignette: 0.32 });
};

export const CITY_SCENES_A: Record<string, Scene> = {
  'san-francisco': sanFrancisco,
  kyoto,
  london,
  osaka,
  lisbon,
  athens,
  vienna,
};
