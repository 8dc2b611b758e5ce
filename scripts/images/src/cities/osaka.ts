// The Osaka city hero, public/images/cities/osaka.jpg (and its WebP sizes).
import { d, group, line, path, pick, polygon, rand, rect, type Scene, stroke, type Svg } from '../core.ts';
import { crescent, glow, hazeBand, ripples, scallops, sky, stars } from '../nature.ts';
import { finish, reflect, skyline } from '../common.ts';
import { asianRoof } from './east-asian-roof.ts';

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

export const osaka: Scene = (s, rng) => {
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
      rect(rand(rng, 0, w), rand(rng, 520, 680), rand(rng, 30, 90), 4, pick(rng, ['#ff4fa3', '#4fe0ff', '#ffcf5a']), { opacity: 0.75 }),
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
