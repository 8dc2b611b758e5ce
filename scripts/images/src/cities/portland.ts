// The Portland city hero, public/images/cities/portland.jpg (and its WebP sizes).
import { circle, d, group, line, path, polygon, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { glow, hazeBand, knots, pine, ridge, ridgeProfile, ripples, sky, snowcap, wisps } from '../nature.ts';
import { birds, finish, reflect, skyline } from '../common.ts';

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

export const portland: Scene = (s, rng) => {
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
