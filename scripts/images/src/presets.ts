// Preset scenes: generic hero options editors can pick (cityscapes, trail, interior, plating, cuisine).
import {
  type Pt,
  at,
  pick,
  circle,
  d,
  darken,
  ellipse,
  group,
  lighten,
  line,
  mix,
  num,
  path,
  polygon,
  rand,
  rect,
  stroke,
  type Scene,
} from './core.ts';
import {
  blobTree,
  bump,
  cloud,
  cloudFill,
  fogBand,
  glitter,
  glow,
  hazeBand,
  pine,
  ridge,
  ripples,
  sky,
  stars,
  sun,
  wisps,
} from './nature.ts';
import { birds, finish, house, reflect, skyline } from './common.ts';
import { bowl, chopsticks, citrusWedge, fork, knife, leaf, liquid, placed, plate, scatter, spoon, stone } from './tableware.ts';
import { chunks, egg, soupDumpling, steamer } from './food.ts';

const pickOf = pick;

// ================================================================ San Francisco: Painted Ladies

function victorian(x: number, base: number, w: number, h: number, wall: string, trim: string, roof: string, accent: string): string {
  const out: string[] = [];
  const top = base - h;
  const gable = w * 0.55;
  out.push(rect(x, top, w, h, wall));
  out.push(
    polygon(
      [
        [x - 6, top + 2],
        [x + w / 2, top - gable],
        [x + w + 6, top + 2],
      ],
      roof,
    ),
  );
  out.push(
    polygon(
      [
        [x + 8, top],
        [x + w / 2, top - gable + 16],
        [x + w - 8, top],
      ],
      wall,
    ),
  );
  out.push(stroke(d`M${x + 8} ${top}L${x + w / 2} ${top - gable + 16}L${x + w - 8} ${top}`, trim, 4));
  out.push(
    circle(x + w / 2, top - gable * 0.4, w * 0.08, accent),
    circle(x + w / 2, top - gable * 0.4, w * 0.08, 'none', { stroke: trim, 'stroke-width': 3 }),
  );
  // two-storey bay window
  const bx = x + w * 0.08,
    bw = w * 0.5;
  out.push(
    polygon(
      [
        [bx, top + 20],
        [bx + bw, top + 20],
        [bx + bw - 8, base - 60],
        [bx + 8, base - 60],
      ],
      darken(wall, 0.08),
    ),
  );
  for (let f = 0; f < 2; f++) {
    const fy = top + 34 + (f * (h - 110)) / 2;
    const fh = (h - 150) / 2;
    for (let k = 0; k < 3; k++)
      out.push(
        rect(bx + 10 + (k * (bw - 20)) / 3 + 3, fy, (bw - 20) / 3 - 6, fh, '#2c3b4a'),
        rect(bx + 10 + (k * (bw - 20)) / 3 + 3, fy, (bw - 20) / 3 - 6, fh, 'none', { stroke: trim, 'stroke-width': 3 }),
      );
    out.push(rect(bx - 4, fy - 10, bw + 8, 7, trim));
  }
  // side windows, door and stoop
  for (let f = 0; f < 2; f++)
    out.push(rect(x + w * 0.66, top + 40 + (f * (h - 110)) / 2, w * 0.22, (h - 150) / 2, '#2c3b4a', { stroke: trim, 'stroke-width': 3 }));
  out.push(rect(x + w * 0.66, base - 60, w * 0.22, 58, accent, { stroke: trim, 'stroke-width': 3 }));
  for (let k = 0; k < 4; k++) out.push(rect(x + w * 0.6 - k * 4, base - 8 + k * 6, w * 0.34 + k * 8, 6, lighten(trim, 0.1)));
  for (let k = 0; k < 6; k++) out.push(rect(x + (k * w) / 6, top + 4, 3, 10, trim));
  out.push(rect(x - 2, top - 2, w + 4, 6, trim));
  return group(out);
}

const sfCityscape: Scene = (s, rng) => {
  const { w } = s;
  sky(s, [
    [0, '#3f86c8'],
    [0.55, '#9cc9e8'],
    [1, '#e9f2f0'],
  ]);
  sun(s, 1350, 150, 34, '#fffdf2', '#fff4d6', 300, 0.45);
  for (let i = 0; i < 4; i++)
    s.add(
      path(cloud(rng, rand(rng, -80, w), rand(rng, 90, 240), rand(rng, 220, 380), rand(rng, 34, 56)), cloudFill(s, '#ffffff', 0.9, 0.25)),
    );
  // downtown skyline across the bay
  const city = '#8aa6c4';
  s.add(
    skyline(rng, {
      x0: 380,
      x1: 1500,
      base: 520,
      minH: 50,
      maxH: 190,
      minW: 28,
      maxW: 64,
      color: city,
      profile: (x) => 0.45 + 0.55 * Math.max(0, 1 - Math.abs(x - 950) / 520),
    }),
  );
  s.add(
    polygon(
      [
        [900, 190],
        [878, 520],
        [922, 520],
      ],
      '#9fb6cf',
    ),
    polygon(
      [
        [900, 190],
        [900, 520],
        [922, 520],
      ],
      '#86a0bd',
    ),
  );
  s.add(path(d`M1030 520L1030 230Q1050 196 1070 230L1070 520Z`, '#93abc6'));
  s.add(path(d`M200 520Q500 500 800 510T1620 500L1620 560L0 560Z`, '#8fb0a0'));
  hazeBand(s, 520, 60, '#eaf2f2', 0.6);
  // Alamo Square slope and the Painted Ladies stepping down the hill
  s.add(path(d`M-20 560Q700 540 1620 620L1620 900L-20 900Z`, '#4f8a4a'));
  const colors: Array<[string, string]> = [
    ['#8fb8d8', '#3f5f8a'],
    ['#f2d27a', '#a8432f'],
    ['#f0b6b8', '#5a7a5a'],
    ['#a9d4c0', '#7a3a5a'],
    ['#c9b6e0', '#2f5a7a'],
    ['#f4e2c4', '#3f6a8a'],
    ['#f2a98a', '#3a5a4a'],
  ];
  colors.forEach(([wall, accent], i) => {
    const x = 380 + i * 170;
    const base = 830 + i * 14;
    s.add(victorian(x, base, 170, 300, wall, '#fbf8f1', '#5a4a5a', accent));
  });
  s.add(path(d`M-20 840Q800 860 1620 900L1620 920L-20 920Z`, '#a9a39a'));
  // park trees & lawn in the foreground
  s.add(
    path(
      d`M-20 620Q250 600 420 680Q520 760 460 920L-20 920Z`,
      s.linear([
        [0, '#6fae5a'],
        [1, '#3f7a3a'],
      ]),
    ),
  );
  s.add(
    blobTree(rng, 140, 700, 110, ['#2f5a32', '#3f7a3a', '#5a9a4a'], '#4a3a2a'),
    blobTree(rng, 330, 760, 80, ['#2f5a32', '#3f7a3a', '#5a9a4a'], '#4a3a2a'),
  );
  s.add(birds(rng, 700, 200, 4, 90, '#3d5a7a'));
  finish(s, rng, { vignette: 0.22 });
};

// ================================================================ mountain trail

const mountainTrail: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#8fb9c9'],
    [0.5, '#d9e6d6'],
    [0.8, '#f6e3b4'],
    [1, '#f8d99a'],
  ]);
  sun(s, 980, 360, 54, '#fffbe6', '#ffe6a6', 480, 0.55);
  const layers = [
    { base: 380, amp: 120, scale: 260, c: '#a7bfc4', lift: bump(560, 150, 360, 1.2) },
    { base: 470, amp: 90, scale: 220, c: '#87a5a6', lift: bump(1250, 120, 380, 1.3) },
    { base: 560, amp: 70, scale: 200, c: '#66897f', lift: bump(300, 80, 420) },
    { base: 650, amp: 50, scale: 180, c: '#4a6d5c', lift: undefined },
  ];
  layers.forEach((L, i) => {
    s.add(
      path(
        ridge(rng, w, h, { base: L.base, amp: L.amp, scale: L.scale, smooth: i < 2 ? false : true, step: i < 2 ? 14 : 24, lift: L.lift }),
        L.c,
      ),
    );
    if (i < 2) s.add(path(fogBand(rng, w, L.base + 60, 16, L.base + 160, 7), '#f4efe0', { opacity: 0.45 }));
  });
  // winding trail climbing through the meadow
  s.add(
    path(
      d`M-20 700Q600 640 1620 690L1620 920L-20 920Z`,
      s.linear([
        [0, '#7fa05a'],
        [1, '#4f7a3a'],
      ]),
    ),
  );
  s.add(
    path(
      d`M640 920Q700 840 860 810Q1040 780 900 740Q760 712 860 696Q930 686 980 680L990 684Q950 694 900 704Q820 724 960 752Q1130 790 900 838Q780 868 760 920Z`,
      '#e9d2a4',
    ),
  );
  s.add(path(d`M700 920Q740 860 860 830`, 'none', { stroke: '#d4b884', 'stroke-width': 3, opacity: 0.7 }));
  const trees: string[] = [];
  for (let i = 0; i < 40; i++) {
    const left = i < 20;
    const x = left ? rand(rng, -20, 560) : rand(rng, 1100, w + 20);
    const base = rand(rng, 700, 930);
    const ht = 80 + (base - 680) * 1.3;
    trees.push(`${base}|` + pine(rng, x, base, ht, ht * 0.38, mix('#1f3a2e', '#3f5f48', rng())));
  }
  trees.sort((a, b) => Number(a.split('|')[0]) - Number(b.split('|')[0]));
  s.add(group(trees.map((t) => at(t.split('|'), 1))));
  s.add(birds(rng, 760, 250, 4, 80, '#4a5f62'));
  finish(s, rng, { vignette: 0.25 });
};

// ================================================================ restaurant interior

const restaurantInterior: Scene = (s, rng) => {
  const { w, h } = s;
  const vx = 800; // vanishing point on the back wall
  // walls, ceiling and floor in one-point perspective
  s.add(rect(0, 0, w, h, '#3a2418'));
  s.add(
    polygon(
      [
        [0, 0],
        [w, 0],
        [1160, 190],
        [440, 190],
      ],
      s.linear([
        [0, '#2a1a12'],
        [1, '#4a2e1e'],
      ]),
    ),
  );
  s.add(
    polygon(
      [
        [0, 0],
        [440, 190],
        [440, 640],
        [0, h],
      ],
      s.linear(
        [
          [0, '#6a3a24'],
          [1, '#8a5234'],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(
    polygon(
      [
        [w, 0],
        [1160, 190],
        [1160, 640],
        [w, h],
      ],
      s.linear(
        [
          [0, '#6a3a24'],
          [1, '#8a5234'],
        ],
        1,
        0,
        0,
        0,
      ),
    ),
  );
  s.add(rect(440, 190, 720, 450, '#a86a40'));
  s.add(
    polygon(
      [
        [0, h],
        [440, 640],
        [1160, 640],
        [w, h],
      ],
      s.linear([
        [0, '#6a4026'],
        [1, '#2e1a10'],
      ]),
    ),
  );
  for (let i = -12; i <= 12; i++) s.add(line(vx + i * 60, 640, vx + i * 160, h, '#2a160c', 2, { opacity: 0.5 }));
  for (let k = 0; k < 6; k++) {
    const y = 640 + (h - 640) * Math.pow(k / 6, 1.6);
    s.add(line(0, y, w, y, '#2a160c', 1.5, { opacity: 0.3 }));
  }
  // arched windows onto a dusky street
  for (const ax of [520, 880]) {
    const aw = 200,
      top = 260,
      bot = 600;
    const arch = d`M${ax} ${bot}L${ax} ${top + aw / 2}A${aw / 2} ${aw / 2} 0 0 1 ${ax + aw} ${top + aw / 2}L${ax + aw} ${bot}Z`;
    s.add(
      path(
        arch,
        s.linear([
          [0, '#2f3f6a'],
          [0.6, '#b86a6a'],
          [1, '#f2a86a'],
        ]),
      ),
    );
    s.add(
      group(
        [
          skyline(rng, {
            x0: ax,
            x1: ax + aw,
            base: bot,
            minH: 40,
            maxH: 140,
            minW: 20,
            maxW: 44,
            color: '#2a2238',
            lit: ['#ffd08a'],
            pLit: 0.3,
          }),
        ],
        { 'clip-path': s.clip(path(arch, '#000')) },
      ),
    );
    s.add(
      path(arch, 'none', { stroke: '#2a1a12', 'stroke-width': 12 }),
      line(ax + aw / 2, top, ax + aw / 2, bot, '#2a1a12', 6),
      line(ax, top + 200, ax + aw, top + 200, '#2a1a12', 6),
    );
  }
  // shelves of bottles on the side walls
  for (const side of [-1, 1]) {
    for (let r = 0; r < 3; r++) {
      const y0 = 260 + r * 110;
      const xs = side < 0 ? 60 : w - 60;
      const xe = side < 0 ? 400 : w - 400;
      s.add(line(xs, y0 + 60 + (side < 0 ? 0 : 0), xe, y0 + 40 + r * 4, '#2a160c', 6));
      for (let b = 0; b < 9; b++) {
        const t = b / 9;
        const bx = xs + (xe - xs) * t;
        const bh = 50 * (1 - t * 0.5);
        const by = y0 + 60 - (20 + r * 4) * t;
        s.add(
          rect(bx - 6 * (1 - t * 0.5), by - bh, 12 * (1 - t * 0.5), bh, pickOf(rng, ['#2f4a2a', '#5a1a24', '#3a2a1a', '#c9a24a']), {
            rx: 3,
          }),
        );
      }
    }
  }
  // pendant lamps with warm pools of light
  for (const [lx, ly, k] of [
    [300, 300, 1.3],
    [800, 250, 0.8],
    [1300, 300, 1.3],
    [560, 240, 0.9],
    [1040, 240, 0.9],
  ] as Array<[number, number, number]>) {
    s.add(line(lx, 0, lx, ly - 30 * k, '#1a0f0a', 2));
    s.add(glow(s, lx, ly + 10 * k, 220 * k, '#ffbe6a', 0.45));
    s.add(path(d`M${lx - 40 * k} ${ly}Q${lx} ${ly - 60 * k} ${lx + 40 * k} ${ly}Z`, '#1f140e'), ellipse(lx, ly, 40 * k, 8 * k, '#ffe2a8'));
  }
  // tables with white cloths, candles, chairs
  const tables: Array<[number, number, number]> = [
    [380, 720, 1.1],
    [1220, 720, 1.1],
    [620, 660, 0.75],
    [980, 660, 0.75],
    [180, 860, 1.5],
    [1420, 860, 1.5],
  ];
  for (const [tx, ty, k] of tables.sort((a, b) => a[1] - b[1])) {
    s.add(ellipse(tx, ty + 60 * k, 150 * k, 26 * k, '#000', { opacity: 0.3 }));
    for (const cx of [-1, 1]) {
      const chx = tx + cx * 150 * k;
      s.add(
        path(
          d`M${chx - 22 * k} ${ty - 80 * k}Q${chx} ${ty - 92 * k} ${chx + 22 * k} ${ty - 80 * k}L${chx + 18 * k} ${ty + 10 * k}L${chx - 18 * k} ${ty + 10 * k}Z`,
          '#2a160c',
        ),
      );
      s.add(
        rect(chx - 26 * k, ty + 6 * k, 52 * k, 10 * k, '#3a2014', { rx: 3 }),
        rect(chx - 22 * k, ty + 14 * k, 5 * k, 50 * k, '#1a0f0a'),
        rect(chx + 17 * k, ty + 14 * k, 5 * k, 50 * k, '#1a0f0a'),
      );
    }
    s.add(
      path(d`M${tx - 130 * k} ${ty}L${tx + 130 * k} ${ty}L${tx + 120 * k} ${ty + 60 * k}L${tx - 120 * k} ${ty + 60 * k}Z`, '#e9dfcf'),
      ellipse(tx, ty, 130 * k, 28 * k, '#f6efe4'),
    );
    s.add(
      rect(tx - 4 * k, ty - 36 * k, 8 * k, 30 * k, '#f6efe4'),
      glow(s, tx, ty - 44 * k, 40 * k, '#ffcf7a', 0.8),
      ellipse(tx, ty - 42 * k, 4 * k, 8 * k, '#fff1c4'),
    );
    s.add(ellipse(tx - 60 * k, ty, 26 * k, 7 * k, '#ffffff'), ellipse(tx + 60 * k, ty, 26 * k, 7 * k, '#ffffff'));
  }
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.radial(
        [
          [0, '#ffb060', 0.12],
          [1, '#000000', 0.45],
        ],
        0.5,
        0.45,
        0.8,
      ),
    ),
  );
  finish(s, rng, { vignette: 0.3, grain: 0.8 });
};

// ================================================================ food plating

const foodPlating: Scene = (s, rng) => {
  stone(s, rng, '#23272a', '#7d858c', 1000);
  const cx = 800,
    cy = 450,
    R = 360;
  s.add(plate(s, cx, cy, R, '#f7f5f0', undefined, 0.62));
  // pea purée swoosh
  s.add(
    path(
      d`M${cx - 220} ${cy + 60}Q${cx - 60} ${cy - 110} ${cx + 200} ${cy - 40}Q${cx + 230} ${cy - 28} ${cx + 206} ${cy - 10}Q${cx - 20} ${cy - 60} ${cx - 206} ${cy + 80}Q${cx - 240} ${cy + 90} ${cx - 220} ${cy + 60}Z`,
      '#7fae4a',
    ),
  );
  s.add(
    path(d`M${cx - 180} ${cy + 50}Q${cx - 40} ${cy - 80} ${cx + 160} ${cy - 38}`, 'none', {
      stroke: '#a9cf6a',
      'stroke-width': 6,
      opacity: 0.7,
      'stroke-linecap': 'round',
    }),
  );
  // seared scallops
  for (const [dx, dy] of [
    [-130, 24],
    [10, -34],
    [150, 10],
  ] as Array<[number, number]>) {
    const x = cx + dx,
      y = cy + dy;
    s.add(
      circle(x + 8, y + 12, 64, '#000', { opacity: 0.2 }),
      circle(x, y, 64, '#f3e6cc'),
      circle(
        x,
        y,
        55,
        s.radial(
          [
            [0, '#d9944a'],
            [0.7, '#b86a2a'],
            [1, '#e9c48a'],
          ],
          0.45,
          0.45,
          0.55,
        ),
      ),
      ellipse(x - 16, y - 18, 14, 6, '#ffffff', { opacity: 0.45 }),
    );
  }
  // sauce dots in descending sizes
  for (let i = 0; i < 7; i++)
    s.add(
      circle(cx - 60 + i * 38, cy + 150 - i * 4, 14 - i * 1.6, '#7a2a1a'),
      circle(cx - 64 + i * 38, cy + 146 - i * 4, 4 - i * 0.4, '#ffffff', { opacity: 0.5 }),
    );
  // microgreens and petals
  for (let i = 0; i < 16; i++)
    s.add(
      leaf(
        cx + rand(rng, -150, 160),
        cy + rand(rng, -70, 40),
        rand(rng, 14, 22),
        rand(rng, 0, 360),
        pickOf(rng, ['#4f8a3a', '#6fae4a', '#8fc45a']),
        false,
        0.6,
      ),
    );
  for (let i = 0; i < 5; i++)
    s.add(
      ellipse(cx + rand(rng, -140, 140), cy + rand(rng, -60, 40), 8, 5, pickOf(rng, ['#e84a7a', '#f2c84a', '#a86ad8']), {
        transform: `rotate(${num(rand(rng, 0, 180))} ${cx} ${cy})`,
      }),
    );
  s.add(scatter(rng, cx - 200, cy - 100, cx + 200, cy + 100, 24, ['#ffffff', '#1a1a1a'], 1.2, 2.5, 'flake'));
  s.add(knife(1290, 460, 420, -90, '#c9ccd1'), fork(310, 460, 400, -90, '#c9ccd1'));
  finish(s, rng, { vignette: 0.45, grain: 0.6 });
};

// ================================================================ London: Tower Bridge

function towerBridgeTower(cx: number, base: number, k: number, stone: string, lit: string, roof: string): string {
  const out: string[] = [];
  const tw = 120 * k,
    th = 330 * k;
  const top = base - th;
  out.push(rect(cx - tw / 2, top, tw, th, stone), rect(cx, top, tw / 2, th, lit, { opacity: 0.35 }));
  for (let i = 0; i < 4; i++) {
    const y = top + 40 * k + i * 70 * k;
    out.push(
      path(
        d`M${cx - 14 * k} ${y + 40 * k}L${cx - 14 * k} ${y + 12 * k}Q${cx} ${y} ${cx + 14 * k} ${y + 12 * k}L${cx + 14 * k} ${y + 40 * k}Z`,
        '#ffd48a',
        { opacity: 0.85 },
      ),
    );
  }
  for (const sx of [-1, 1])
    out.push(rect(cx + sx * (tw / 2 - 12 * k) - 12 * k, top, 24 * k, th, sx < 0 ? darken(stone, 0.12) : lighten(stone, 0.12)));
  for (let j = 1; j < 5; j++) out.push(rect(cx - tw / 2, top + j * 66 * k, tw, 4 * k, darken(stone, 0.2), { opacity: 0.6 }));
  for (const sx of [-1, 1]) {
    const tx = cx + sx * (tw / 2 - 12 * k);
    out.push(
      rect(tx - 14 * k, top - 50 * k, 28 * k, 60 * k, stone),
      polygon(
        [
          [tx - 16 * k, top - 50 * k],
          [tx, top - 100 * k],
          [tx + 16 * k, top - 50 * k],
        ],
        roof,
      ),
      rect(tx - 1.5 * k, top - 116 * k, 3 * k, 18 * k, roof),
    );
  }
  out.push(
    polygon(
      [
        [cx - 44 * k, top],
        [cx, top - 150 * k],
        [cx + 44 * k, top],
      ],
      roof,
    ),
    rect(cx - 2 * k, top - 172 * k, 4 * k, 24 * k, roof),
  );
  out.push(rect(cx - tw / 2 - 8 * k, top - 6 * k, tw + 16 * k, 10 * k, stone));
  return group(out);
}

const londonBridge: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#0f1a3a'],
    [0.45, '#253a6e'],
    [0.75, '#6a6a9a'],
    [1, '#d9968a'],
  ]);
  stars(s, rng, 60, 300, '#ffffff', 0.5);
  const water = 650;
  // The Shard, the Gherkin and the City behind
  s.add(
    skyline(rng, {
      x0: -20,
      x1: w + 20,
      base: water - 20,
      minH: 40,
      maxH: 160,
      minW: 30,
      maxW: 70,
      color: '#26305a',
      lit: ['#ffd08a', '#cfe6ff'],
      pLit: 0.25,
    }),
  );
  s.add(
    polygon(
      [
        [1330, 150],
        [1280, water - 20],
        [1380, water - 20],
      ],
      '#2e3a6a',
    ),
    polygon(
      [
        [1330, 150],
        [1330, water - 20],
        [1380, water - 20],
      ],
      '#3a4a7e',
    ),
  );
  for (let y = 200; y < water - 30; y += 16)
    if (rng() < 0.5) s.add(rect(1330 - (y - 150) * 0.09, y, (y - 150) * 0.16, 2, '#ffe0a0', { opacity: 0.5 }));
  s.add(path(d`M240 ${water - 20}L240 380Q270 320 300 380L300 ${water - 20}Z`, '#2c3868'));
  hazeBand(s, water - 30, 80, '#8a6a9a', 0.35);
  // Tower Bridge: two towers, high walkways, bascules, suspension chains
  const bridge: string[] = [];
  const L = 560,
    Rt = 1000,
    deck = water - 30;
  const navy = '#5a7ab8',
    stoneC = '#8a86a0',
    lit = '#f0c890',
    roof = '#2a3460';
  bridge.push(
    stroke(d`M-20 ${deck - 150}Q200 ${deck - 40} ${L - 60} ${deck - 230}`, navy, 10),
    stroke(d`M${Rt + 60} ${deck - 230}Q1400 ${deck - 40} ${w + 20} ${deck - 150}`, navy, 10),
  );
  for (const x of [80, 160, 240, 320, 400]) bridge.push(line(x, deck - 150 + (x / 480) * 40, x, deck, navy, 3));
  for (const x of [1100, 1180, 1260, 1340, 1420, 1500]) bridge.push(line(x, deck - 100, x, deck, navy, 3));
  bridge.push(
    rect(L, deck - 360, Rt - L, 24, navy),
    rect(L, deck - 326, Rt - L, 24, navy),
    rect(L, deck - 340, Rt - L, 3, '#ffd48a', { opacity: 0.8 }),
    rect(L, deck - 306, Rt - L, 3, '#ffd48a', { opacity: 0.8 }),
  );
  for (let x = L; x < Rt; x += 24)
    bridge.push(line(x, deck - 336, x + 24, deck - 326, navy, 2), line(x + 24, deck - 336, x, deck - 326, navy, 2));
  bridge.push(rect(-20, deck, w + 40, 18, '#3a4f88'), rect(-20, deck, w + 40, 3, '#ffd48a', { opacity: 0.6 }));
  for (let x = 0; x < w; x += 40) bridge.push(circle(x, deck - 4, 2.5, '#ffd48a'));
  bridge.push(glow(s, L, deck - 150, 260, '#ffcf8a', 0.25), glow(s, Rt, deck - 150, 260, '#ffcf8a', 0.25));
  bridge.push(towerBridgeTower(L, deck + 60, 1.15, stoneC, lit, roof), towerBridgeTower(Rt, deck + 60, 1.15, stoneC, lit, roof));
  const br = group(bridge);
  s.add(br);
  s.add(
    rect(
      0,
      water,
      w,
      h - water,
      s.linear([
        [0, '#3a3f72'],
        [1, '#0f1430'],
      ]),
    ),
  );
  s.add(reflect(br, water, 0.25));
  glitter(s, rng, 780, water + 4, h, 300, '#ffd48a', 120, 0.55);
  ripples(s, rng, water + 4, h, 120, '#9aa8e0', 0.25);
  finish(s, rng, { vignette: 0.35, grain: 0.8 });
};

// ================================================================ London street

function doubleDecker(x: number, base: number, k: number): string {
  const L = 560 * k,
    H = 300 * k;
  const out: string[] = [];
  out.push(rect(x, base - H, L, H - 24 * k, '#c8202a', { rx: 26 * k }));
  out.push(rect(x, base - H * 0.5, L, 10 * k, '#f2e6d0'));
  for (let i = 0; i < 6; i++) {
    out.push(rect(x + 30 * k + i * 86 * k, base - H + 28 * k, 70 * k, 66 * k, '#26303a', { rx: 8 * k }));
    if (i > 0) out.push(rect(x + 30 * k + i * 86 * k, base - H * 0.5 + 24 * k, 70 * k, 64 * k, '#26303a', { rx: 8 * k }));
  }
  out.push(rect(x + 20 * k, base - H * 0.5 + 24 * k, 70 * k, 104 * k, '#26303a', { rx: 6 * k }));
  out.push(rect(x + 18 * k, base - H + 10 * k, L - 36 * k, 8 * k, '#e03a40', { opacity: 0.6 }));
  for (const wx of [0.18, 0.8])
    out.push(circle(x + L * wx, base - 22 * k, 36 * k, '#1a1a1e'), circle(x + L * wx, base - 22 * k, 16 * k, '#8a8a90'));
  out.push(rect(x + L - 16 * k, base - 80 * k, 16 * k, 24 * k, '#ffe9a8'));
  return group(out);
}

function phoneBox(x: number, base: number, k: number): string {
  const w = 70 * k,
    hh = 230 * k;
  const out: string[] = [
    rect(x, base - hh, w, hh, '#c8202a'),
    path(d`M${x - 4 * k} ${base - hh}Q${x + w / 2} ${base - hh - 24 * k} ${x + w + 4 * k} ${base - hh}Z`, '#c8202a'),
    rect(x + 6 * k, base - hh + 8 * k, w - 12 * k, 14 * k, '#f2ead8'),
  ];
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 3; c++)
      out.push(rect(x + 10 * k + c * 17 * k, base - hh + 32 * k + r * 24 * k, 14 * k, 20 * k, '#f2e6c0', { opacity: 0.85 }));
  return group(out);
}

const londonStreet: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#9fb1c4'],
    [1, '#e3e4e2'],
  ]);
  for (let i = 0; i < 6; i++)
    s.add(
      path(cloud(rng, rand(rng, -100, w), rand(rng, 60, 180), rand(rng, 260, 460), rand(rng, 40, 70)), cloudFill(s, '#f4f4f2', 0.7, 0.2)),
    );
  const pave = 760;
  const bricks = ['#9a4a36', '#a8583e', '#8a4030', '#b0694a'];
  const doors = ['#1f3a5a', '#c8202a', '#1f1f22', '#2f5a3a', '#f2c84a'];
  let x = -20;
  let i = 0;
  while (x < w + 20) {
    const bw = 230;
    const brick = at(bricks, i % bricks.length);
    s.add(rect(x, 150, bw, pave - 150, brick));
    for (let yy = 160; yy < pave; yy += 12) s.add(line(x, yy, x + bw, yy, darken(brick, 0.15), 1, { opacity: 0.35 }));
    s.add(rect(x, 150, bw, 16, '#efe8dc'), rect(x, 420, bw, 10, '#efe8dc'));
    for (let f = 0; f < 3; f++)
      for (let c = 0; c < 2; c++) {
        const wx = x + 40 + c * 90,
          wy = 190 + f * 150;
        if (f === 2 && c === 0) continue;
        s.add(
          rect(wx - 6, wy - 6, 72, 112, '#efe8dc'),
          rect(wx, wy, 60, 100, '#3a4450'),
          line(wx, wy + 50, wx + 60, wy + 50, '#efe8dc', 4),
          line(wx + 30, wy, wx + 30, wy + 100, '#efe8dc', 3),
        );
        s.add(rect(wx - 10, wy + 104, 80, 8, '#efe8dc'));
      }
    const door = at(doors, i % doors.length);
    s.add(
      rect(x + 30, 480, 74, 10, '#efe8dc'),
      path(d`M${x + 34} ${pave}L${x + 34} ${530}A33 33 0 0 1 ${x + 100} ${530}L${x + 100} ${pave}Z`, '#efe8dc'),
      path(d`M${x + 40} ${pave}L${x + 40} ${534}A27 27 0 0 1 ${x + 94} ${534}L${x + 94} ${pave}Z`, door),
      circle(x + 86, 650, 4, '#d9b45a'),
    );
    for (let r = x + 110; r < x + bw; r += 12) s.add(rect(r, 690, 3, 70, '#1a1a1e'));
    s.add(rect(x + 110, 688, bw - 110, 5, '#1a1a1e'));
    x += bw;
    i++;
  }
  s.add(rect(0, pave, w, 40, '#b8b2a8'), rect(0, pave, w, 4, '#d4cec4'), rect(0, pave + 40, w, h - pave - 40, '#4a4a50'));
  s.add(rect(0, 860, w, 6, '#f2e6c0', { opacity: 0.6 }));
  s.add(phoneBox(120, pave + 10, 1.2));
  // Victorian street lamp
  s.add(
    rect(1500, 420, 10, pave - 420 + 10, '#1a1a1e'),
    path(d`M1480 420L1530 420L1520 370L1490 370Z`, '#f6e2a8'),
    polygon(
      [
        [1484, 370],
        [1505, 350],
        [1526, 370],
      ],
      '#1a1a1e',
    ),
  );
  s.add(doubleDecker(640, 880, 1.15));
  s.add(ellipse(960, 884, 360, 14, '#000', { opacity: 0.3 }));
  finish(s, rng, { vignette: 0.28 });
};

// ================================================================ European old town

const europeanCity: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#24456a'],
    [0.4, '#6a7fa0'],
    [0.68, '#e9a27a'],
    [1, '#f6c88a'],
  ]);
  sun(s, 1180, 520, 46, '#fff1c8', '#ffb46a', 420, 0.55);
  wisps(s, rng, 10, 160, 440, '#f4b89a', 0.35);
  const water = 660;
  const cityG: string[] = [];
  // baroque dome church and a clock tower
  const dx = 620;
  cityG.push(rect(dx - 110, 440, 220, 220, '#5a4a5e'));
  cityG.push(
    path(d`M${dx - 80} 440Q${dx - 80} 320 ${dx} 300Q${dx + 80} 320 ${dx + 80} 440Z`, '#4f7f78'),
    path(d`M${dx} 300Q${dx + 80} 320 ${dx + 80} 440L${dx + 30} 440Q${dx + 34} 350 ${dx} 300Z`, '#6fa198', { opacity: 0.6 }),
  );
  cityG.push(
    rect(dx - 14, 250, 28, 54, '#5a4a5e'),
    path(d`M${dx - 16} 250Q${dx} 220 ${dx + 16} 250Z`, '#4f7f78'),
    rect(dx - 2, 200, 4, 30, '#d9b45a'),
  );
  cityG.push(rect(dx - 120, 430, 240, 14, '#6a5a6e'));
  const tx = 960;
  cityG.push(
    rect(tx - 40, 300, 80, 360, '#5e4e62'),
    circle(tx, 350, 26, '#f2e2b8'),
    line(tx, 350, tx + 14, 340, '#3a2a30', 3),
    line(tx, 350, tx, 332, '#3a2a30', 3),
  );
  cityG.push(path(d`M${tx - 46} 300L${tx} 200L${tx + 46} 300Z`, '#3f6f68'), rect(tx - 2, 180, 4, 24, '#d9b45a'));
  let x = -20;
  const back: string[] = [];
  while (x < w + 20) {
    const bw = rand(rng, 60, 110);
    back.push(
      house(rng, x, water - 40, bw, rand(rng, 180, 280), {
        wall: '#9a7f8e',
        roof: '#7a5a6a',
        window: '#6a5060',
        roofType: pickOf(rng, ['gable', 'hip'] as const),
        floors: 3,
      }),
    );
    x += bw;
  }
  cityG.unshift(group(back, { opacity: 0.9 }));
  x = -20;
  while (x < w + 20) {
    const bw = rand(rng, 70, 120);
    const bh = rand(rng, 140, 220);
    if (!(x > dx - 150 && x < dx + 100) && !(x > tx - 100 && x < tx + 40)) {
      cityG.push(
        house(rng, x, water, bw, bh, {
          wall: pickOf(rng, ['#e8b47a', '#d98a6a', '#f2d29a', '#c97a5a', '#efc8a0', '#b8c4b0']),
          roof: pickOf(rng, ['#8a3a2a', '#a84a30', '#6a3a3a']),
          window: '#4a3a3a',
          roofType: pickOf(rng, ['gable', 'step', 'hip'] as const),
          light: 'right',
          floors: 3,
        }),
      );
    }
    x += bw;
  }
  const city = group(cityG);
  s.add(city);
  s.add(rect(0, water - 10, w, 14, '#6a5a5e'));
  s.add(
    rect(
      0,
      water,
      w,
      h - water,
      s.linear([
        [0, '#d99a7a'],
        [0.5, '#5a6a8a'],
        [1, '#2a3458'],
      ]),
    ),
  );
  s.add(reflect(city, water, 0.28));
  glitter(s, rng, 1180, water + 4, h, 160, '#ffe0a8', 80, 0.7);
  ripples(s, rng, water + 4, h, 100, '#f6d0b0', 0.3);
  // balustrade of the bridge we are standing on
  const bal: string[] = [rect(-20, 846, w + 40, 60, '#5a4a52'), rect(-20, 790, w + 40, 12, '#7a6a70')];
  for (let bx = 0; bx < w; bx += 34)
    bal.push(
      path(
        d`M${bx + 8} 846L${bx + 8} 836Q${bx + 2} 820 ${bx + 10} 810L${bx + 8} 802L${bx + 24} 802L${bx + 22} 810Q${bx + 30} 820 ${bx + 24} 836L${bx + 24} 846Z`,
        '#6a5a62',
      ),
    );
  s.add(group(bal));
  s.add(
    rect(1300, 560, 10, 290, '#2a2230'),
    path(d`M1282 560L1328 560L1318 520L1292 520Z`, '#ffe0a0'),
    glow(s, 1305, 540, 60, '#ffd08a', 0.5),
    polygon(
      [
        [1286, 520],
        [1305, 500],
        [1324, 520],
      ],
      '#2a2230',
    ),
  );
  s.add(birds(rng, 760, 240, 5, 100, '#3a3050'));
  finish(s, rng, { vignette: 0.3 });
};

// ================================================================ Asian cuisine flat lay

const asianCuisine: Scene = (s, rng) => {
  stone(s, rng, '#1f4a4a', '#8ac0b8', 700);
  // bibimbap in a stone bowl
  const bx = 560,
    by = 430;
  s.add(bowl(s, bx, by, 250, '#2a2a2c', '#3a3a3c', 0.08));
  s.add(circle(bx, by, 215, '#f6f2e6'));
  const toppings: Array<[string, string]> = [
    ['#f08a3a', '#f6b06a'],
    ['#3f7a35', '#5a9a4a'],
    ['#7a3a1a', '#a8583a'],
    ['#f2d24a', '#f7e38a'],
    ['#c8261a', '#e05a3a'],
    ['#f3efe2', '#ffffff'],
  ];
  toppings.forEach(([c1, c2], i) => {
    const a0 = (i / 6) * Math.PI * 2,
      a1 = ((i + 1) / 6) * Math.PI * 2;
    const p0: Pt = [bx + Math.cos(a0) * 205, by + Math.sin(a0) * 205],
      p1: Pt = [bx + Math.cos(a1) * 205, by + Math.sin(a1) * 205];
    s.add(path(d`M${bx} ${by}L${p0[0]} ${p0[1]}A205 205 0 0 1 ${p1[0]} ${p1[1]}Z`, c1));
    for (let k = 0; k < 26; k++) {
      const a = a0 + rng() * (a1 - a0) * 0.9,
        dd = rand(rng, 60, 195);
      s.add(
        stroke(d`M0 0l${rand(rng, 10, 24)} ${rand(rng, -4, 4)}`, c2, 4, {
          transform: `translate(${num(bx + Math.cos(a) * dd)} ${num(by + Math.sin(a) * dd)}) rotate(${num(rand(rng, 0, 180))})`,
        }),
      );
    }
  });
  s.add(egg(s, bx, by, 70, 0, '#f3efe2'));
  s.add(circle(bx, by, 72, 'none', { stroke: '#fbf8f0', 'stroke-width': 10 }));
  // bao buns in a small steamer basket lid, rice bowl, kimchi, spring rolls
  s.add(steamer(s, 1120, 260, 180));
  for (const [ox, oy] of [
    [-62, -40],
    [62, -34],
    [0, 64],
  ] as Array<[number, number]>)
    s.add(soupDumpling(s, 1120 + ox, 260 + oy, 66, rand(rng, 0, 90)));
  s.add(bowl(s, 1150, 640, 140, '#f4efe6', '#fbf8f2', 0.1));
  s.add(chunks(rng, 1150, 640, 95, 95, 50, ['#fbf8f2', '#f2eee4', '#ffffff'], 16));
  s.add(scatter(rng, 1080, 580, 1220, 700, 30, ['#1a1a1a', '#f4ead0'], 2, 3, 'seed'));
  s.add(bowl(s, 1400, 470, 90, '#3a6a7a', '#f4efe6', 0.12));
  s.add(chunks(rng, 1400, 470, 60, 60, 18, ['#d8402a', '#c8301a', '#f06a3a', '#f2e6c8'], 22));
  for (let i = 0; i < 3; i++)
    s.add(
      placed(
        group([
          rect(-110, -26, 220, 52, '#d9a24a', { rx: 26 }),
          rect(-110, -26, 220, 18, '#f0c46a', { rx: 16 }),
          ...[-60, -10, 40, 80].map((ox) => line(ox, -24, ox + 14, 24, '#b8782a', 3, { opacity: 0.6 })),
        ]),
        230 + i * 20,
        700 + i * 60,
        -20 + i * 6,
      ),
    );
  s.add(bowl(s, 180, 220, 70, '#f4efe6', '#f4efe6', 0.12), liquid(s, 180, 220, 56, '#3a1a10', 0.4));
  s.add(chopsticks(860, 760, 560, -8, '#c9a26a', '#2a2a2a'));
  s.add(spoon(330, 470, 240, 100, '#e9e2d2'));
  for (let i = 0; i < 8; i++)
    s.add(leaf(rand(rng, 900, 1000), rand(rng, 420, 520), rand(rng, 30, 46), rand(rng, 0, 360), '#3f8a3a', true, 0.55));
  s.add(citrusWedge(s, 960, 560, 40, 60, '#c9e27a', '#4f8a2a'));
  finish(s, rng, { vignette: 0.32, grain: 0.6 });
};

export const PRESET_SCENES: Record<string, Scene> = {
  'san-francisco-cityscape': sfCityscape,
  'mountain-trail': mountainTrail,
  'restaurant-interior': restaurantInterior,
  'food-plating': foodPlating,
  'london-bridge': londonBridge,
  'london-street': londonStreet,
  'european-city': europeanCity,
  'asian-cuisine': asianCuisine,
};
