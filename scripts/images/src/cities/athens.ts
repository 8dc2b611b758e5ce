// The Athens city hero, public/images/cities/athens.jpg (and its WebP sizes).
import { d, group, num, path, pick, polygon, rand, rect, type Scene, stroke } from '../core.ts';
import { bump, cloud, cloudFill, cypress, hazeBand, oliveTree, ridge, sky, sun } from '../nature.ts';
import { finish } from '../common.ts';

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

export const athens: Scene = (s, rng) => {
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
    const wall = pick(rng, ['#f7efe2', '#efe2cc', '#f3dcc0', '#e9d2b4']);
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
