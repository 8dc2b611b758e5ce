// The Lisbon city hero, public/images/cities/lisbon.jpg (and its WebP sizes).
import { circle, d, group, mix, path, pick, rand, rect, type Scene, stroke } from '../core.ts';
import { blobTree, cloud, cloudFill, glitter, ridge, sky, sun } from '../nature.ts';
import { finish, house } from '../common.ts';

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

export const lisbon: Scene = (s, rng) => {
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
            wall: mix(pick(rng, LISBON_WALLS), '#f5b98a', 0.18 - r * 0.03),
            roof: pick(rng, LISBON_ROOFS),
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
