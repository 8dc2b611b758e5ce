// The Montreal city hero, public/images/cities/montreal.jpg (and its WebP sizes).
import { circle, d, ellipse, group, line, num, path, pick, polygon, rand, rect, type Scene, stroke } from '../core.ts';
import { bump, cloud, cloudFill, dotCanopy, hazeBand, profilePath, ridge, ridgeProfile, scallops, sky, sun } from '../nature.ts';
import { birds, finish, skyline } from '../common.ts';

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

export const montreal: Scene = (s, rng) => {
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
      circle(x, y, rand(rng, 2, 4), pick(rng, ['#f6c65a', '#f29a3a', '#ffdd88', '#8a3a22']), { opacity: num(rand(rng, 0.3, 0.6)) }),
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
      circle(rand(rng, 0, w), rand(rng, 745, 800), rand(rng, 2, 4), pick(rng, ['#f0a03a', '#f6c65a', '#e0702c']), {
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
