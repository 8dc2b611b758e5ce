// The Naples city hero, public/images/cities/naples.jpg (and its WebP sizes).
import { d, group, path, pick, polygon, rand, rect, type Scene, stroke } from '../core.ts';
import { bump, cloud, cloudFill, glitter, hazeBand, knots, plume, ridge, sky, sun, umbrellaPine } from '../nature.ts';
import { birds, finish, house } from '../common.ts';

const NAPLES = ['#e9b97a', '#e8907a', '#f2d59b', '#d46f4d', '#f4e6cf', '#c98a6b', '#f0c3a8', '#f3c76b'];

export const naples: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#86b2d4'],
    [0.55, '#d6e2e4'],
    [1, '#f6e2c6'],
  ]);
  sun(s, 320, 230, 40, '#fffaf0', '#fff0cf', 420, 0.55);
  for (let i = 0; i < 4; i++)
    s.add(
      path(cloud(rng, rand(rng, 500, w), rand(rng, 130, 300), rand(rng, 240, 420), rand(rng, 30, 55)), cloudFill(s, '#ffffff', 0.7, 0.15)),
    );
  const sea = 600;
  // Vesuvius: Monte Somma and the Gran Cono
  const lift = knots([
    [400, 0],
    [520, 44],
    [620, 104],
    [720, 174],
    [800, 218],
    [830, 222],
    [870, 212],
    [930, 194],
    [970, 204],
    [1010, 244],
    [1040, 262],
    [1120, 266],
    [1150, 260],
    [1200, 222],
    [1300, 144],
    [1420, 74],
    [1560, 24],
    [1660, 4],
  ]);
  s.add(
    path(
      ridge(rng, w, h, { base: sea + 4, amp: 5, scale: 50, step: 10, x0: 400, x1: 1700, lift }),
      s.linear([
        [0, '#8f8fb6'],
        [1, '#a7a6c4'],
      ]),
    ),
  );
  const gullies: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 1020 + i * 24 + rand(rng, -6, 6);
    const spread = (x - 1100) * 0.6;
    gullies.push(
      stroke(
        d`M${x} ${rand(rng, 352, 366)}Q${x + spread * 0.4} ${470} ${x + spread} ${rand(rng, 540, 590)}`,
        i % 2 ? '#b6b4d0' : '#7c7ba3',
        rand(rng, 3, 6),
        { opacity: 0.3 },
      ),
    );
  }
  s.add(group(gullies));
  s.add(
    plume(
      s,
      [
        [1080, 334],
        [1130, 316],
        [1200, 306],
        [1290, 300],
      ],
      14,
      60,
      '#ffffff',
      0.45,
    ),
  );
  s.add(path(ridge(rng, w, h, { base: sea - 4, amp: 8, scale: 100, x0: 0, x1: 560, lift: bump(0, 40, 400) }), '#a3a7c2'));
  hazeBand(s, sea - 10, 40, '#f2e6da', 0.6);
  const towns: string[] = [];
  for (let i = 0; i < 90; i++)
    towns.push(rect(rand(rng, 560, 1600), sea - rand(rng, 4, 14), rand(rng, 4, 10), rand(rng, 3, 8), '#f4efe6', { opacity: 0.7 }));
  s.add(group(towns));
  s.add(
    rect(
      0,
      sea,
      w,
      200,
      s.linear([
        [0, '#7fa5c6'],
        [1, '#3c6b99'],
      ]),
    ),
  );
  glitter(s, rng, 320, sea + 2, 760, 140, '#ffffff', 70, 0.6);
  for (let i = 0; i < 6; i++) {
    const bx = rand(rng, 500, 1500),
      by = rand(rng, sea + 20, 740),
      k = rand(rng, 0.6, 1.2);
    s.add(
      polygon(
        [
          [bx, by - 2],
          [bx, by - 40 * k],
          [bx + 22 * k, by - 4],
        ],
        '#fbf8f2',
      ),
      rect(bx - 10 * k, by - 3, 40 * k, 4 * k, '#4a4a5c', { rx: 2 }),
    );
  }
  // Castel dell'Ovo
  const cst: string[] = [
    path(d`M150 700L190 668L440 668L470 700Z`, '#7d8296'),
    rect(200, 620, 230, 50, '#dcc39a'),
    rect(330, 620, 100, 50, '#c8ab82'),
  ];
  for (let i = 0; i < 12; i++) cst.push(rect(200 + i * 20, 612, 12, 10, '#dcc39a'));
  cst.push(rect(240, 585, 60, 40, '#e3cca4'), rect(380, 596, 40, 28, '#d2b78f'), rect(-20, 690, 240, 14, '#8a8ea3'));
  s.add(group(cst));
  // hillside of stacked pastel houses with umbrella pines
  const hill = (x: number) => 700 - Math.max(0, 700 - x) * 0.18;
  const rows = [0, 1, 2, 3];
  for (const r of rows) {
    const parts: string[] = [];
    let x = -40 + rand(rng, -20, 0);
    while (x < w + 40) {
      const bw = rand(rng, 80, 140) * (0.8 + r * 0.12);
      const bh = rand(rng, 70, 120) * (0.8 + r * 0.15);
      const base = hill(x) + 40 + r * 55 + rand(rng, -6, 6);
      parts.push(
        house(rng, x, base + bh, bw, bh + 10, {
          wall: pick(rng, NAPLES),
          roof: '#b56a4a',
          window: '#3d4b55',
          shutter: '#4f7a5a',
          roofType: rng() < 0.75 ? 'flat' : 'hip',
          light: 'right',
          floors: 2,
        }),
      );
      x += bw + rand(rng, -6, 2);
    }
    s.add(group(parts));
    if (r === 0) {
      for (const px of [60, 250, 430])
        s.add(umbrellaPine(rng, px, hill(px) + 50, rand(rng, 150, 190), rand(rng, 170, 220), '#3d4a35', '#6d7a52'));
    }
  }
  // laundry lines
  for (let i = 0; i < 4; i++) {
    const lx = rand(rng, 200, 1400),
      ly = rand(rng, 790, 860),
      lw = rand(rng, 80, 140);
    s.add(stroke(d`M${lx} ${ly}Q${lx + lw / 2} ${ly + 10} ${lx + lw} ${ly}`, '#5a4a44', 1.2));
    for (let j = 1; j < 5; j++)
      s.add(rect(lx + (lw * j) / 5 - 6, ly + 4, 12, rand(rng, 12, 20), pick(rng, ['#ffffff', '#e2564b', '#4a7ab0', '#f1c84b'])));
  }
  s.add(birds(rng, 760, 220, 5, 120, '#5b6680'));
  finish(s, rng, { vignette: 0.24 });
};
