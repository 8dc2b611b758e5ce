// The Mexico City city hero, public/images/cities/mexico-city.jpg (and its WebP sizes).
import { circle, d, darken, group, num, path, rand, rect, type Scene, stroke, type Svg } from '../core.ts';
import { bump, dotCanopy, glow, hazeBand, plume, ridgeProfile, sky, snowcap, sun, wisps } from '../nature.ts';
import { finish, skyline } from '../common.ts';

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

export const mexicoCity: Scene = (s, rng) => {
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
