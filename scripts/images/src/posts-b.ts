// Post still lifes, part B: wine, dumplings, tacos, bakery, noodles, dessert, grill, tea, cheese, brunch, pizza, sushi.
import { at, pick, circle, d, smoothPath, ellipse, group, num, path, rand, rect, stroke } from './core.ts';
import {
  arc,
  bowl,
  chopsticks,
  citrusSlice,
  citrusWedge,
  cluster,
  cup,
  fork,
  gingham,
  glass,
  knife,
  leaf,
  linen,
  liquid,
  napkin,
  placed,
  plate,
  scatter,
  shadow,
  spoon,
  sprig,
  stone,
  tomato,
  woodTable,
} from './tableware.ts';
import { basil, chunks, friedEgg, noodleTangle, raspberry, shrimp, strawberryHalf, tortilla } from './food.ts';
import {
  baguette,
  blueberry,
  board,
  bottle,
  boule,
  brie,
  cheeseWedge,
  cookie,
  corn,
  cracker,
  figHalf,
  gari,
  garlic,
  jiaozi,
  macaron,
  maki,
  mint,
  nigiri,
  pizza,
  roll,
  salami,
  soupDumpling,
  steak,
  steakSlices,
  steamer,
  tartShell,
  teaLeaves,
  teapot,
  walnut,
  wheat,
} from './food2.ts';
import { finish } from './common.ts';
import type { Scene } from './cities-a.ts';

const pickOf = pick;

const wine: Scene = (s, rng) => {
  linen(s, rng, '#4a1824');
  s.add(board(s, rng, 700, 560, 620, 360, '#9a6a3e', -8));
  for (let i = 0; i < 9; i++) s.add(salami(520 + (i % 3) * 70 + rand(rng, -10, 10), 470 + Math.floor(i / 3) * 70, 44, rng));
  s.add(cheeseWedge(800, 480, 150, 20, '#f3d06a', '#d9a441', 6, rng), cheeseWedge(880, 620, 130, 160, '#f6e2a6', '#c9a060'));
  s.add(cluster(rng, 660, 680, 26, 70, 18, ['#4a1a4a', '#5e2458', '#3a1240']));
  s.add(bottle(s, 720, 190, 560, -6, '#1d3a2a', '#f1e6cf'));
  s.add(glass(s, 1220, 300, 120, '#6d0f22'), glass(s, 1300, 600, 110, '#7a1428'));
  s.add(placed(group([rect(-28, -16, 56, 32, '#c9a26a', { rx: 14 }), ellipse(-20, 0, 8, 14, '#8a2a3a')]), 1080, 780, 30));
  s.add(
    placed(
      group([
        stroke(d`M-60 0L40 0`, '#b9bcc2', 6),
        stroke(d`M40 0Q50 -14 60 0T80 0T100 0`, '#b9bcc2', 4),
        rect(-90, -12, 40, 24, '#4a2a1a', { rx: 10 }),
      ]),
      260,
      760,
      -30,
    ),
  );
  s.add(scatter(rng, 200, 150, 420, 400, 10, ['#6a2040'], 8, 12));
  finish(s, rng, { vignette: 0.38, grain: 0.6 });
};

const dumplings: Scene = (s, rng) => {
  linen(s, rng, '#2f5d50', '#264d42', 220);
  s.add(steamer(s, 560, 420, 300));
  const pos: Array<[number, number]> = [
    [470, 330],
    [650, 320],
    [560, 470],
    [400, 500],
    [720, 500],
    [560, 620],
    [420, 230],
    [690, 200],
  ];
  for (const [x, y] of pos) if (Math.hypot(x - 560, y - 420) < 230) s.add(soupDumpling(s, x, y, 78, rand(rng, 0, 60)));
  s.add(steamer(s, 1180, 620, 220));
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    s.add(jiaozi(s, 1180 + Math.cos(a) * 100, 620 + Math.sin(a) * 100, 62, (a * 180) / Math.PI + 90, true));
  }
  s.add(jiaozi(s, 1180, 620, 60, 20, true));
  s.add(bowl(s, 1150, 230, 90, '#f1ece2', '#f1ece2', 0.12), liquid(s, 1150, 230, 72, '#3a1a10', 0.35));
  for (let i = 0; i < 10; i++)
    s.add(
      rect(1120 + rand(rng, 0, 60), 200 + rand(rng, 0, 60), 16, 3, '#f2d08a', { transform: `rotate(${num(rand(rng, 0, 180))} 1150 230)` }),
    );
  s.add(bowl(s, 1360, 340, 70, '#f1ece2', '#f1ece2', 0.12), liquid(s, 1360, 340, 56, '#b8281a', 0.35));
  s.add(scatter(rng, 1325, 305, 1395, 375, 20, ['#f4d08a', '#5a0a0a'], 1.5, 3, 'seed'));
  s.add(chopsticks(900, 200, 520, 12, '#e2c08a', '#2a2a2a'));
  s.add(spoon(200, 780, 240, -20, '#f1ece2'));
  s.add(scatter(rng, 120, 150, 260, 300, 16, ['#7fb34a', '#c9e39a'], 3, 6));
  finish(s, rng, { vignette: 0.32, grain: 0.6 });
};

const tacos: Scene = (s, rng) => {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, '#1f8f8a'));
  const tiles: string[] = [];
  for (let x = 0; x < w; x += 100)
    for (let y = 0; y < h; y += 100) {
      tiles.push(rect(x + 2, y + 2, 96, 96, (x / 100 + y / 100) % 2 ? '#239a94' : '#1c8580'));
      tiles.push(path(d`M${x + 50} ${y + 20}L${x + 80} ${y + 50}L${x + 50} ${y + 80}L${x + 20} ${y + 50}Z`, '#f2e6c8', { opacity: 0.12 }));
    }
  s.add(group(tiles));
  s.add(plate(s, 700, 470, 360, '#f6efe2', '#2d6fa8', 0.78));
  const spots: Array<[number, number]> = [
    [560, 380],
    [830, 380],
    [700, 600],
  ];
  for (const [x, y] of spots) {
    s.add(tortilla(s, rng, x, y, 150));
    s.add(chunks(rng, x, y, 95, 85, 26, ['#c0522a', '#a8401e', '#d86a34', '#8a3216'], 30));
    s.add(chunks(rng, x, y, 90, 80, 10, ['#f7c948', '#f2b33a'], 20));
    s.add(chunks(rng, x, y, 90, 80, 22, ['#f6f2ea', '#efe6f2'], 10));
    for (let i = 0; i < 14; i++)
      s.add(
        leaf(
          x + rand(rng, -85, 85),
          y + rand(rng, -75, 75),
          rand(rng, 14, 22),
          rand(rng, 0, 360),
          pickOf(rng, ['#3f8a3a', '#5aa84a']),
          false,
          0.7,
        ),
      );
  }
  s.add(citrusWedge(s, 700, 260, 50, -10, '#c9e27a', '#4f8a2a'), citrusWedge(s, 950, 560, 48, 100, '#c9e27a', '#4f8a2a'));
  s.add(
    bowl(s, 1260, 250, 110, '#3a3430', '#3a3430', 0.14),
    liquid(s, 1260, 250, 88, '#4f8a2a', 0.3),
    scatter(rng, 1200, 200, 1320, 300, 24, ['#2f5a1a', '#d9e8a0'], 2, 5),
  );
  s.add(
    bowl(s, 1290, 560, 100, '#c8643a', '#f4eee2', 0.1),
    liquid(s, 1290, 560, 82, '#b8281a', 0.3),
    scatter(rng, 1230, 510, 1350, 610, 20, ['#f2e6c8', '#3f8a3a'], 2, 5),
  );
  for (let i = 0; i < 6; i++)
    s.add(citrusSlice(s, 230 + rand(rng, -50, 50), 720 + rand(rng, -40, 40), rand(rng, 26, 32), '#fbe9ee', '#d8365a'));
  s.add(
    placed(
      group([
        path(d`M-90 0Q-60 -24 60 -14Q100 -8 110 0Q100 8 60 14Q-60 24 -90 0Z`, '#c8261a'),
        path(d`M-90 0L-120 -10L-116 6Z`, '#3f7a35'),
        ellipse(0, -8, 60, 4, '#ffffff', { opacity: 0.35 }),
      ]),
      240,
      220,
      -30,
    ),
  );
  s.add(napkin(s, 1300, 800, 300, 200, 6, '#f2e6c8', '#d8365a'));
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};

const bakery: Scene = (s, rng) => {
  woodTable(s, rng, '#4a3324', 190);
  s.add(
    placed(
      group([
        rect(-420, -260, 840, 520, '#000', { opacity: 0.15, transform: 'translate(14 18)' }),
        rect(-420, -260, 840, 520, '#e9e0cf'),
        rect(-420, -260, 840, 520, 'none', { stroke: '#3a5a7a', 'stroke-width': 10, 'stroke-dasharray': '30 14', opacity: 0.6 }),
      ]),
      330,
      700,
      8,
    ),
  );
  s.add(boule(s, rng, 640, 400, 230));
  s.add(baguette(s, 1100, 300, 640, 90, 28), baguette(s, 1190, 470, 600, 84, 22));
  s.add(roll(s, 280, 640, 80), roll(s, 430, 720, 74), roll(s, 230, 820, 70));
  s.add(wheat(80, 300, 300, -20), wheat(110, 330, 280, -5), wheat(100, 360, 260, 12));
  s.add(scatter(rng, 400, 560, 1000, 880, 220, ['#fbf6ea'], 1, 3.5));
  s.add(
    group(
      Array.from({ length: 40 }, () => circle(rand(rng, 820, 980), rand(rng, 680, 840), rand(rng, 6, 20), '#fbf6ea', { opacity: 0.35 })),
    ),
  );
  s.add(bowl(s, 1300, 740, 110, '#e8e1d4', '#f6f1e6', 0.12));
  s.add(circle(1300, 740, 88, '#fbf8f0'), circle(1290, 730, 40, '#ffffff', { opacity: 0.7 }));
  s.add(spoon(1120, 770, 220, 170, '#b89a6a'));
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

const noodlesScene: Scene = (s, rng) => {
  linen(s, rng, '#1f2c4f');
  const cx = 700,
    cy = 450,
    R = 360;
  s.add(plate(s, cx, cy, R, '#f6f4ee', undefined, 0.8));
  const pat: string[] = [];
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2;
    const px = cx + Math.cos(a) * R * 0.9,
      py = cy + Math.sin(a) * R * 0.9;
    pat.push(circle(px, py, 12, 'none', { stroke: '#2d4f9a', 'stroke-width': 3 }), circle(px, py, 4, '#2d4f9a'));
  }
  s.add(group(pat), circle(cx, cy, R * 0.8, 'none', { stroke: '#2d4f9a', 'stroke-width': 3 }));
  s.add(noodleTangle(rng, cx, cy, 250, '#e8b064', '#b8742e', 80, 8));
  for (let i = 0; i < 18; i++)
    s.add(
      stroke(d`M0 0q20 -6 44 0`, '#f7f2df', 4, {
        transform: `translate(${num(cx + rand(rng, -200, 180))} ${num(cy + rand(rng, -200, 180))}) rotate(${num(rand(rng, 0, 180))})`,
      }),
    );
  for (let i = 0; i < 4; i++) {
    const a = i * 1.6 + 0.5;
    s.add(shrimp(cx + Math.cos(a) * 120, cy + Math.sin(a) * 120, 32, (a * 180) / Math.PI));
  }
  for (let i = 0; i < 16; i++)
    s.add(
      stroke(d`M0 0l40 4`, '#5aa84a', 5, {
        transform: `translate(${num(cx + rand(rng, -180, 160))} ${num(cy + rand(rng, -180, 160))}) rotate(${num(rand(rng, 0, 180))})`,
      }),
    );
  s.add(scatter(rng, cx - 150, cy - 150, cx + 150, cy + 150, 60, ['#d9b07a', '#b8864a', '#f0d6a4'], 3, 7, 'flake'));
  s.add(scatter(rng, cx - 200, cy - 200, cx + 200, cy + 200, 40, ['#c8261a'], 1.5, 3, 'flake'));
  s.add(citrusWedge(s, cx + 220, cy - 200, 56, 40, '#c9e27a', '#4f8a2a'));
  s.add(chopsticks(1200, 470, 600, -80, '#2a2a2a', '#c9a040'));
  s.add(bowl(s, 1330, 200, 80, '#f6f4ee', '#f6f4ee', 0.12), liquid(s, 1330, 200, 64, '#b8281a', 0.3));
  s.add(bowl(s, 1360, 720, 90, '#2d4f9a', '#f6f4ee', 0.1), liquid(s, 1360, 720, 72, '#7a4a1a', 0.3));
  s.add(scatter(rng, 1300, 680, 1420, 770, 16, ['#c8261a', '#f2e6c8'], 3, 6));
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

const dessert: Scene = (s, rng) => {
  linen(s, rng, '#f0cfc9');
  s.add(plate(s, 640, 450, 330, '#fbf8f4', undefined, 0.8));
  s.add(tartShell(s, 640, 450, 250, '#dba35d', '#f6e2b0'));
  for (let ring = 0; ring < 3; ring++) {
    const n = at([16, 10, 1], ring);
    const rr = at([175, 100, 0], ring);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + ring * 0.3;
      const x = 640 + Math.cos(a) * rr,
        y = 450 + Math.sin(a) * rr;
      if (ring === 0) s.add(strawberryHalf(x, y, 36, (a * 180) / Math.PI + 90));
      else if (ring === 1) s.add(raspberry(x, y, 26));
      else s.add(mint(x, y, 44, 20));
    }
  }
  for (let i = 0; i < 14; i++) {
    const a = rng() * Math.PI * 2;
    s.add(blueberry(640 + Math.cos(a) * 140, 450 + Math.sin(a) * 140, 14));
  }
  const mac = ['#f2a6b8', '#b9d98a', '#f6dc7a', '#c7b2e6', '#f2a6b8', '#f4c9a0'];
  mac.forEach((c, i) => s.add(macaron(s, 1150 + (i % 2) * 120 + (Math.floor(i / 2) % 2) * 40, 220 + Math.floor(i / 2) * 150, 62, c)));
  for (let i = 0; i < 10; i++) s.add(raspberry(rand(rng, 150, 330), rand(rng, 650, 830), 20));
  for (let i = 0; i < 8; i++) s.add(blueberry(rand(rng, 150, 330), rand(rng, 650, 830), 12));
  s.add(fork(1020, 760, 240, -100, '#d6b46a'));
  s.add(cup(s, 230, 230, 80, '#f7f1ea', '#c98a5a', 40, '#f7f1ea'));
  s.add(scatter(rng, 100, 100, 1500, 850, 50, ['#ffffff'], 1.5, 3));
  finish(s, rng, { vignette: 0.2, grain: 0.5 });
};

const grill: Scene = (s, rng) => {
  stone(s, rng, '#242221', '#8a8580', 1200);
  s.add(board(s, rng, 660, 460, 820, 520, '#a8703f', 0));
  s.add(steak(s, 520, 420, 360, 250, -12));
  s.add(steakSlices(s, 740, 540, 6, 14));
  s.add(sprig(rng, 380, 650, 260, -10, '#3f6a3a', 20), sprig(rng, 900, 300, 220, 160, '#3f6a3a', 18));
  s.add(scatter(rng, 320, 260, 1000, 700, 60, ['#ffffff', '#e6e2da'], 2, 5, 'flake'));
  s.add(scatter(rng, 320, 260, 1000, 700, 40, ['#1a1614'], 2, 3.5));
  s.add(garlic(s, 1230, 230, 60), garlic(s, 1320, 300, 50));
  s.add(corn(s, 1240, 560, 340, -20));
  s.add(
    bowl(s, 1260, 790, 90, '#3a3633', '#3a3633', 0.12),
    liquid(s, 1260, 790, 72, '#4f7a2a', 0.3),
    scatter(rng, 1200, 740, 1320, 840, 30, ['#2a4a1a', '#c8261a', '#d9e8a0'], 2, 4, 'flake'),
  );
  s.add(knife(200, 460, 420, -80, '#c9ccd1', '#3a2418'));
  s.add(
    group(
      Array.from({ length: 30 }, () =>
        circle(rand(rng, 100, 300), rand(rng, 760, 860), rand(rng, 3, 6), '#ff8a3a', { opacity: num(rand(rng, 0.2, 0.6)) }),
      ),
    ),
  );
  finish(s, rng, { vignette: 0.4, grain: 0.6 });
};

const tea: Scene = (s, rng) => {
  linen(s, rng, '#a9b79a', '#98a88a', 260);
  s.add(
    placed(
      group([
        rect(-300, -220, 600, 440, '#000', { opacity: 0.12, transform: 'translate(12 16)' }),
        rect(-300, -220, 600, 440, '#c9a56a'),
        ...Array.from({ length: 22 }, (_, i) => rect(-300, -220 + i * 20, 600, 3, '#a8844a', { opacity: 0.6 })),
      ]),
      620,
      450,
      -4,
    ),
  );
  s.add(teapot(s, 600, 440, 150, '#6f9a8a', 0));
  s.add(cup(s, 1030, 300, 80, '#eef0e6', '#c98a2a', 0), cup(s, 1080, 560, 80, '#eef0e6', '#c98a2a', 0));
  s.add(citrusSlice(s, 1250, 420, 50, '#f6df5a', '#e9c32a'));
  s.add(bowl(s, 260, 230, 110, '#e9e4d6', '#e9e4d6', 0.12), teaLeaves(rng, 260, 230, 80, 90));
  s.add(
    plate(s, 1250, 770, 130, '#f4f1ea', undefined, 0.75),
    cookie(s, rng, 1210, 750, 50),
    cookie(s, rng, 1290, 790, 46),
    cookie(s, rng, 1260, 720, 42),
  );
  s.add(teaLeaves(rng, 380, 720, 60, 20));
  s.add(spoon(1350, 250, 200, 100, '#c9b080'));
  s.add(napkin(s, 230, 700, 280, 220, -10, '#f4efe4', '#6f9a8a'));
  finish(s, rng, { vignette: 0.25, grain: 0.6 });
};

const cheese: Scene = (s, rng) => {
  stone(s, rng, '#34383c', '#9aa0a6', 900);
  s.add(board(s, rng, 720, 450, 1000, 640, '#c28f58', 0, false));
  s.add(brie(s, 470, 350, 140, 20));
  s.add(cheeseWedge(800, 320, 220, -20, '#f2cc5a', '#d4a034', 8, rng), cheeseWedge(1000, 420, 180, 200, '#f7e7b8', '#b9a27a'));
  s.add(cheeseWedge(620, 580, 200, 80, '#f3efe2', '#d8cfb8'));
  for (let i = 0; i < 12; i++)
    s.add(circle(620 + rand(rng, -50, 50), 580 + rand(rng, -40, 60), rand(rng, 3, 7), '#4f7a8a', { opacity: 0.8 }));
  for (let i = 0; i < 7; i++) s.add(cracker(330 + (i % 4) * 30, 560 + i * 26, 90, -20 + i * 8));
  s.add(cluster(rng, 1060, 650, 24, 80, 20, ['#8a9a3a', '#a8b84a', '#7a8a2a']));
  s.add(figHalf(s, rng, 830, 680, 60, -10), figHalf(s, rng, 930, 730, 54, 30));
  s.add(bowl(s, 1130, 230, 80, '#f4efe4', '#f4efe4', 0.12), liquid(s, 1130, 230, 64, '#e0a020', 0.45));
  for (let i = 0; i < 6; i++) s.add(walnut(1200 + rand(rng, -60, 60), 380 + rand(rng, -40, 40), 24, rand(rng, 0, 180)));
  s.add(knife(720, 150, 300, 5, '#c9ccd1', '#5a3a22'));
  s.add(sprig(rng, 300, 200, 200, 30, '#4d6a3a', 16));
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

const brunch: Scene = (s, rng) => {
  gingham(s, '#f7f2e4', '#f2c84b', 56);
  s.add(plate(s, 620, 450, 300, '#ffffff', undefined, 0.78));
  s.add(friedEgg(s, rng, 500, 360, 88), friedEgg(s, rng, 520, 560, 84));
  s.add(placed(group([rect(-150, -100, 300, 200, '#b9783a', { rx: 40 }), rect(-132, -84, 264, 168, '#e9c78a', { rx: 32 })]), 720, 460, 78));
  // smashed avocado spread over the toast
  const smash: Array<[number, number]> = [];
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    smash.push([720 + Math.cos(a) * 118 * rand(rng, 0.88, 1.02), 460 + Math.sin(a) * 70 * rand(rng, 0.85, 1.05)] as [number, number]);
  }
  smash.push(at(smash, 0), at(smash, 1), at(smash, 2));
  s.add(
    group(
      [
        path(
          smoothPath(smash) + 'Z',
          s.radial(
            [
              [0, '#c4dc78'],
              [0.7, '#9fc25a'],
              [1, '#7a9f3a'],
            ],
            0.42,
            0.4,
            0.7,
          ),
        ),
        scatter(rng, 620, 410, 820, 510, 70, ['#7a9f3a', '#d9eaa0', '#5a7f2a'], 2, 5),
      ],
      { transform: 'rotate(78 720 460)' },
    ),
  );
  s.add(scatter(rng, 680, 360, 760, 560, 26, ['#c8261a', '#f4ead0'], 1.5, 3.5, 'flake'));
  s.add(sprig(rng, 560, 200, 120, 70, '#4f8a3a', 12));
  s.add(
    shadow(s, 1120, 240, 90, 90),
    circle(1120, 240, 90, '#ffffff', { opacity: 0.3 }),
    circle(
      1120,
      240,
      80,
      s.radial([
        [0, '#ffc24a'],
        [1, '#f08a1a'],
      ]),
    ),
    circle(1120, 240, 90, 'none', { stroke: '#ffffff', 'stroke-width': 3, opacity: 0.8 }),
    arc(1120, 240, 82, 200, 260, '#ffffff', 6, 0.5),
  );
  s.add(bowl(s, 1150, 600, 150, '#f4efe6', '#fbf8f2', 0.1));
  for (let i = 0; i < 10; i++) s.add(raspberry(1150 + rand(rng, -90, 90), 600 + rand(rng, -90, 90), 20));
  for (let i = 0; i < 14; i++) s.add(blueberry(1150 + rand(rng, -95, 95), 600 + rand(rng, -95, 95), 13));
  s.add(mint(1150, 600, 40, 10));
  s.add(cup(s, 230, 250, 80, '#2d6fa8', '#6b3a1e', 30, '#ffffff'));
  s.add(fork(250, 620, 280, -95), knife(340, 620, 300, -95));
  for (const [x, y] of [
    [1400, 820],
    [1450, 760],
    [1360, 760],
  ] as Array<[number, number]>) {
    for (let p = 0; p < 10; p++)
      s.add(
        ellipse(x + Math.cos((p / 10) * Math.PI * 2) * 20, y + Math.sin((p / 10) * Math.PI * 2) * 20, 14, 6, '#ffffff', {
          transform: `rotate(${p * 36} ${x + Math.cos((p / 10) * Math.PI * 2) * 20} ${y + Math.sin((p / 10) * Math.PI * 2) * 20})`,
        }),
      );
    s.add(circle(x, y, 10, '#f2b82a'));
  }
  finish(s, rng, { vignette: 0.2, grain: 0.5 });
};

const pizzaScene: Scene = (s, rng) => {
  woodTable(s, rng, '#5a3a26', 200, true);
  s.add(
    placed(
      group([circle(16, 22, 380, '#000', { opacity: 0.3 }), circle(0, 0, 380, '#c99a62'), rect(360, -50, 260, 100, '#c99a62', { rx: 30 })]),
      640,
      450,
      10,
    ),
  );
  s.add(scatter(rng, 300, 120, 1000, 800, 160, ['#fbf6ea'], 1, 3));
  s.add(pizza(s, rng, 640, 450, 320));
  for (let i = 0; i < 11; i++) {
    const a = (i / 11) * Math.PI * 2 + rng(),
      dd = 60 + rng() * 160;
    s.add(basil(640 + Math.cos(a) * dd, 450 + Math.sin(a) * dd, rand(rng, 52, 70), rand(rng, 0, 360)));
  }
  s.add(bowl(s, 1250, 230, 110, '#f1ece2', '#f1ece2', 0.1));
  for (let i = 0; i < 7; i++) s.add(tomato(s, 1250 + rand(rng, -55, 55), 230 + rand(rng, -55, 55), 30));
  s.add(bowl(s, 1280, 560, 80, '#f1ece2', '#f1ece2', 0.14), liquid(s, 1280, 560, 64, '#b8a22a', 0.5));
  for (let i = 0; i < 6; i++) s.add(basil(1220 + i * 24, 760 + (i % 2) * 20, 60, -60 + i * 20));
  s.add(
    placed(
      group([
        circle(0, 0, 60, '#b9bcc2'),
        circle(0, 0, 54, '#d6d9de'),
        circle(0, 0, 10, '#7a7d82'),
        rect(50, -14, 170, 28, '#3a2418', { rx: 12 }),
      ]),
      210,
      720,
      -30,
    ),
  );
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

const sushi: Scene = (s, rng) => {
  stone(s, rng, '#1e2124', '#6a7077', 900);
  s.add(board(s, rng, 700, 450, 1000, 440, '#dcbf8e', 0, false));
  for (const x of [-440, 440]) s.add(rect(700 + x - 20, 240, 40, 420, '#000', { opacity: 0.15 }));
  const kinds = ['salmon', 'tuna', 'hamachi', 'ebi', 'tamago'] as const;
  kinds.forEach((k, i) =>
    s.add(group(nigiri(s, rng, 0, 0, k, -12), { transform: `translate(${340 + i * 150} ${355 + (i % 2) * 14}) scale(1.22)` })),
  );
  for (let i = 0; i < 5; i++) s.add(maki(s, rng, 350 + i * 135, 570, 56, i % 2 ? ['#f58a5c', '#7fb34a'] : ['#c7283e', '#9fd27a']));
  s.add(
    path(d`M1040 330Q1080 290 1120 330Q1150 370 1110 380Q1070 400 1040 370Z`, '#8fc04a'),
    path(d`M1060 340Q1080 320 1100 340`, 'none', { stroke: '#b9e07a', 'stroke-width': 4 }),
  );
  s.add(gari(rng, 1080, 560, 10));
  s.add(bowl(s, 1360, 220, 90, '#1c1c1e', '#1c1c1e', 0.12), liquid(s, 1360, 220, 74, '#2a120a', 0.5));
  s.add(rect(1310, 700, 60, 26, '#cfd3d6', { rx: 10 }), chopsticks(1330, 700, 520, -75, '#2a1a14', '#b8342a'));
  s.add(napkin(s, 200, 800, 300, 200, -6, '#2b3a34', '#c9a45a'));
  s.add(leaf(1100, 720, 160, -30, '#3f7a3a', true, 0.4));
  finish(s, rng, { vignette: 0.38, grain: 0.6 });
};

export const POST_SCENES_B: Record<string, Scene> = {
  wine,
  dumplings,
  tacos,
  bakery,
  noodles: noodlesScene,
  dessert,
  grill,
  tea,
  cheese,
  brunch,
  pizza: pizzaScene,
  sushi,
};
