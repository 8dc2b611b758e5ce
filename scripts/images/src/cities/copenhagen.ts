// The Copenhagen city hero, public/images/cities/copenhagen.jpg (and its WebP sizes).
import { d, darken, group, line, path, pick, rand, rect, type Rng, type Scene } from '../core.ts';
import { cloud, cloudFill, ripples, sky } from '../nature.ts';
import { birds, finish, house, reflect } from '../common.ts';

const NYHAVN = ['#d9493a', '#f0b53c', '#3f77a8', '#f3d27a', '#e68a3c', '#a94f3c', '#f2e5cf', '#5b8f7a', '#d97b8f', '#efa04a'];

function nyhavnRow(rng: Rng, base: number, w: number): string {
  const out: string[] = [];
  let x = -30;
  let last = '';
  while (x < w + 30) {
    const bw = rand(rng, 100, 165);
    const bh = rand(rng, 230, 320);
    let wall = pick(rng, NYHAVN);
    while (wall === last) wall = pick(rng, NYHAVN);
    last = wall;
    const type = pick(rng, ['gable', 'step', 'mansard', 'gable', 'hip'] as const);
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

export const copenhagen: Scene = (s, rng) => {
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
      path(d`M${ux - 34} ${quay - 32}Q${ux} ${quay - 52} ${ux + 34} ${quay - 32}Z`, pick(rng, ['#f4efe4', '#c9402f', '#2f5d86'])),
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
