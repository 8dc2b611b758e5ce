// The San Francisco city hero, public/images/cities/san-francisco.jpg (and its WebP sizes).
import { at, d, darken, group, line, mix, path, polygon, type Pt, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { bump, fogBand, glitter, glow, ridge, sky, sun, wisps } from '../nature.ts';
import { birds, finish } from '../common.ts';

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

export const sanFrancisco: Scene = (s, rng) => {
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
