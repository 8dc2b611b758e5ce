// The Kyoto city hero, public/images/cities/kyoto.jpg (and its WebP sizes).
import { at, circle, d, ellipse, group, num, path, polygon, type Pt, rand, rect, type Rng, type Scene, stroke } from '../core.ts';
import { bump, glow, hazeBand, ridge, sky, stars, sun, wisps } from '../nature.ts';
import { finish } from '../common.ts';
import { asianRoof } from './east-asian-roof.ts';

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

export const kyoto: Scene = (s, rng) => {
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
