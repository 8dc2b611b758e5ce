// Post still lifes, part A: ramen, pastry, seafood, coffee, market, street-food.
import {
  type Pt,
  type Rng,
  type Svg,
  at,
  pick,
  circle,
  d,
  darken,
  ellipse,
  group,
  lighten,
  line,
  num,
  path,
  polygon,
  rand,
  rect,
  stroke,
} from './core.ts';
import {
  bowl,
  chopsticks,
  citrusSlice,
  citrusWedge,
  cup,
  fork,
  glass,
  leaf,
  linen,
  liquid,
  marble,
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
import { chashu, coffeeBean, croissant, egg, latteArt, naruto, noodles, oyster, painAuChocolat, shrimp } from './food.ts';
import { finish } from './common.ts';
import type { Scene } from './cities-a.ts';

const pickOf = pick;

// ================================================================ ramen

function rengeSpoon(x: number, y: number, rot: number): string {
  const body = d`M-120 -10L10 -16Q40 -48 90 -44Q130 -38 130 0Q130 38 90 44Q40 48 10 16L-120 10Q-132 0 -120 -10Z`;
  return group([
    placed(path(body, '#000', { opacity: 0.22 }), x + 10, y + 14, rot),
    placed(
      group([
        path(body, '#f3efe6'),
        ellipse(72, 0, 48, 32, '#e4ddd0'),
        ellipse(56, -14, 22, 7, '#ffffff', { opacity: 0.8 }),
        rect(-110, -6, 100, 3, '#ffffff', { opacity: 0.7 }),
      ]),
      x,
      y,
      rot,
    ),
  ]);
}

const ramen: Scene = (s, rng) => {
  woodTable(s, rng, '#3b2b23', 180);
  s.add(napkin(s, 1370, 700, 380, 300, -10, '#27343c', '#c9a45a'));
  s.add(bowl(s, 1320, 210, 80, '#e9e3d8', '#8a2a1c', 0.14), liquid(s, 1320, 210, 64, '#9c2b16', 0.3));
  s.add(scatter(rng, 1280, 170, 1360, 250, 30, ['#e9d7a8'], 1.5, 2.5, 'seed'));
  const cx = 700,
    cy = 460,
    R = 340;
  s.add(bowl(s, cx, cy, R, '#211a19', '#7d1f1b', 0.06));
  const br = R * 0.86;
  s.add(liquid(s, cx, cy, br, '#d6a052', 0.15));
  const clip = s.clip(circle(cx, cy, br, '#000'));
  const drops: string[] = [];
  for (let i = 0; i < 90; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * br;
    drops.push(circle(cx + Math.cos(a) * dd, cy + Math.sin(a) * dd, rand(rng, 2, 9), '#f8d98a', { opacity: num(rand(rng, 0.25, 0.55)) }));
  }
  s.add(group(drops));
  s.add(group(noodles(rng, cx - 70, cy + 90, 520, 240, -18, '#f3dc98', '#c89a4c', 30, 7), { 'clip-path': clip }));
  // nori sheets tucked at the back
  s.add(
    placed(
      group([
        rect(-70, -100, 140, 200, '#1c2a22'),
        rect(-70, -100, 140, 200, 'none', { stroke: '#2f4236', 'stroke-width': 3 }),
        line(-40, -100, -40, 100, '#2a3a30', 2),
      ]),
      cx - 40,
      cy - 300,
      8,
    ),
  );
  s.add(placed(group([rect(-70, -100, 140, 200, '#18241d'), line(20, -100, 20, 100, '#2a3a30', 2)]), cx + 80, cy - 290, -6));
  s.add(chashu(s, cx + 130, cy - 120, 95), chashu(s, cx + 210, cy - 10, 88));
  s.add(egg(s, cx - 170, cy - 130, 70, -30), egg(s, cx - 70, cy - 200, 66, 20));
  s.add(naruto(cx + 120, cy + 170, 44), naruto(cx + 190, cy + 120, 40));
  for (let i = 0; i < 6; i++)
    s.add(
      placed(
        rect(-34, -7, 68, 14, '#c99a4a', { rx: 4 }) + rect(-30, -5, 60, 3, '#e8c478'),
        cx - 250 + i * 14,
        cy + 20 + i * 18,
        70 + i * 8,
      ),
    );
  const scal: string[] = [];
  for (let i = 0; i < 46; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * 70;
    scal.push(
      circle(cx - 10 + Math.cos(a) * dd, cy - 10 + Math.sin(a) * dd, rand(rng, 5, 8), i % 3 ? '#d7ecac' : '#f1f5da', {
        stroke: '#5f9e36',
        'stroke-width': 3,
      }),
    );
  }
  s.add(group(scal));
  s.add(scatter(rng, cx - 200, cy - 60, cx + 200, cy + 140, 50, ['#f4ead0', '#3a2a20'], 2, 3.2, 'seed'));
  s.add(rengeSpoon(1330, 700, -20));
  s.add(rect(1120, 380, 30, 60, '#d8cfc2', { rx: 8 }), chopsticks(1140, 430, 560, -84, '#3b1d16', '#9c2a1c'));
  finish(s, rng, { vignette: 0.35, grain: 0.7 });
};

// ================================================================ pastry

const pastry: Scene = (s, rng) => {
  marble(s, rng, '#eeeae4', '#9b958e');
  // parchment sheet
  s.add(
    placed(
      group([
        rect(-430, -300, 860, 600, '#000', { opacity: 0.08, transform: 'translate(14 18)' }),
        rect(-430, -300, 860, 600, '#f3e6cf'),
        stroke(d`M-430 -40L430 60M-120 -300L-60 300`, '#e0cfb2', 2, { opacity: 0.8 }),
      ]),
      690,
      470,
      -6,
    ),
  );
  s.add(croissant(s, 520, 360, 330, -18), croissant(s, 860, 560, 310, 160), croissant(s, 480, 660, 280, 12));
  s.add(painAuChocolat(s, 880, 300, 210, 120, 8), painAuChocolat(s, 700, 470, 190, 110, -30));
  s.add(scatter(rng, 380, 250, 1000, 750, 70, ['#d99a4a', '#b8732e', '#f0c27a'], 2, 6, 'flake'));
  // jam, butter, espresso
  s.add(bowl(s, 1240, 300, 95, '#f4f0e8', '#f4f0e8', 0.12), liquid(s, 1240, 300, 76, '#b3172e', 0.4));
  s.add(spoon(1300, 420, 200, -60, '#c9a86a'));
  s.add(
    plate(s, 1250, 640, 120, '#ffffff', undefined, 0.7),
    rect(1180, 600, 140, 80, '#f6e39a', { rx: 10, transform: 'rotate(-8 1250 640)' }),
    rect(1180, 600, 140, 22, '#fff3c0', { rx: 8, transform: 'rotate(-8 1250 640)', opacity: 0.7 }),
  );
  s.add(cup(s, 200, 230, 70, '#1f3c5a', '#6b3a1e', 20, '#f4f0e8'));
  s.add(napkin(s, 180, 700, 300, 260, 14, '#f2d4d0', '#d47a7a'));
  s.add(fork(200, 700, 260, -80, '#c9a86a'));
  finish(s, rng, { vignette: 0.22, grain: 0.6 });
};

// ================================================================ seafood

const seafood: Scene = (s, rng) => {
  linen(s, rng, '#1f3550');
  const cx = 720,
    cy = 450;
  s.add(shadow(s, cx, cy, 380, 380, 1.2));
  s.add(
    circle(
      cx,
      cy,
      380,
      s.radial(
        [
          [0, '#dfe6ec'],
          [0.9, '#a9b4be'],
          [1, '#7d8894'],
        ],
        0.4,
        0.35,
        0.8,
      ),
    ),
  );
  s.add(circle(cx, cy, 350, '#e9f1f6'));
  // crushed ice
  const ice: string[] = [];
  for (let i = 0; i < 260; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * 335;
    const x = cx + Math.cos(a) * dd,
      y = cy + Math.sin(a) * dd,
      r = rand(rng, 8, 20);
    const pts: Pt[] = [];
    for (let k = 0; k < 5; k++) {
      const b = (k / 5) * Math.PI * 2 + rng();
      pts.push([x + Math.cos(b) * r * rand(rng, 0.6, 1), y + Math.sin(b) * r * rand(rng, 0.6, 1)]);
    }
    ice.push(polygon(pts, pickOf(rng, ['#ffffff', '#dcecf4', '#c6dfeb', '#f4fafd']), { opacity: num(rand(rng, 0.7, 1)) }));
  }
  s.add(group(ice));
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + 0.3;
    s.add(oyster(s, rng, cx + Math.cos(a) * 240, cy + Math.sin(a) * 240, 70, (a * 180) / Math.PI + 90));
  }
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    s.add(shrimp(cx + Math.cos(a) * 100, cy + Math.sin(a) * 100, 36, (a * 180) / Math.PI + 40));
  }
  s.add(citrusWedge(s, cx + 10, cy - 10, 52, 30, '#f6df5a', '#e9c32a'));
  s.add(bowl(s, 1270, 260, 90, '#f4f0e8', '#f4f0e8', 0.12), liquid(s, 1270, 260, 72, '#b8322a', 0.35));
  s.add(scatter(rng, 1220, 220, 1320, 300, 26, ['#f1c6a6', '#7e1a1a'], 2, 4));
  s.add(citrusSlice(s, 1220, 520, 62, '#f6e15c', '#e8c62c'), citrusSlice(s, 1330, 600, 54, '#f6e15c', '#e8c62c'));
  s.add(glass(s, 1300, 800, 95, '#e9d98a'));
  s.add(sprig(rng, 140, 700, 200, -40, '#4d7a3a', 14), sprig(rng, 1160, 380, 160, 30, '#4d7a3a', 12));
  s.add(napkin(s, 200, 260, 300, 240, -8, '#f4f1ea', '#1f3550'));
  s.add(fork(210, 260, 220, 100, '#c9ccd1'));
  finish(s, rng, { vignette: 0.35, grain: 0.6 });
};

// ================================================================ coffee

const coffee: Scene = (s, rng) => {
  woodTable(s, rng, '#6b4429', 200, true);
  for (let i = 0; i < 60; i++) s.add(coffeeBean(rand(rng, 0, s.w), rand(rng, 0, s.h), rand(rng, 12, 16), rand(rng, 0, 180)));
  s.add(cup(s, 760, 460, 150, '#f6f1e8', '#b9773f', 30, '#efe8dc'));
  s.add(latteArt(760, 455, 110));
  s.add(spoon(900, 640, 170, 20, '#c9ccd1'));
  s.add(cup(s, 1260, 250, 70, '#2b4a5e', '#7a4522', -20, '#e9e3d6'));
  s.add(circle(1260, 250, 48, '#a8632e', { opacity: 0.35 }));
  // biscotti on a small plate
  s.add(plate(s, 1250, 660, 150, '#f1ebe0', '#c7a36a'));
  for (let i = 0; i < 3; i++) {
    const bx = 1200 + i * 50,
      by = 640 + i * 20;
    s.add(
      placed(
        group([
          rect(-90, -26, 180, 52, '#d9ac6a', { rx: 14 }),
          rect(-90, -26, 180, 14, '#e9c48a', { rx: 10 }),
          ...[-50, -10, 30, 60].map((ox) => ellipse(ox, rand(rng, -6, 8), 9, 6, '#b9844a')),
        ]),
        bx,
        by,
        -30,
      ),
    );
  }
  s.add(bowl(s, 330, 250, 90, '#e8e1d4', '#e8e1d4', 0.12));
  for (let i = 0; i < 6; i++)
    s.add(
      rect(300 + (i % 3) * 26 - 10, 225 + Math.floor(i / 3) * 26 - 10, 22, 22, '#fbf8f2', { rx: 3, stroke: '#e1d9cb', 'stroke-width': 1 }),
    );
  s.add(napkin(s, 300, 680, 320, 250, -6, '#e7dccb', '#7a4a2a'));
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};

// ================================================================ market

function crate(
  s: Svg,
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: (cx: number, cy: number, r: number) => string,
  r: number,
): string {
  const out: string[] = [];
  out.push(rect(x + 14, y + 20, w, h, '#000', { opacity: 0.3, rx: 6 }));
  out.push(rect(x, y, w, h, '#c49a6c', { rx: 4 }));
  out.push(rect(x + 16, y + 16, w - 32, h - 32, '#6b4a30'));
  for (const yy of [y, y + h - 16])
    out.push(rect(x, yy, w, 16, '#d8b488'), line(x, yy + 8, x + w, yy + 8, '#b08a5e', 1.5, { opacity: 0.6 }));
  for (const xx of [x, x + w - 16]) out.push(rect(xx, y, 16, h, '#caa276'));
  const items: Array<[number, string]> = [];
  const cols = Math.max(1, Math.floor((w - 32) / (r * 1.7)));
  const rows = Math.max(1, Math.floor((h - 32) / (r * 1.7)));
  for (let c = 0; c < cols; c++) {
    for (let q = 0; q < rows; q++) {
      const cx = x + 16 + ((w - 32) * (c + 0.5)) / cols + rand(rng, -r * 0.15, r * 0.15);
      const cy = y + 16 + ((h - 32) * (q + 0.5)) / rows + rand(rng, -r * 0.15, r * 0.15);
      items.push([cx + cy, fill(cx, cy, r * rand(rng, 0.9, 1.08))]);
    }
  }
  out.push(
    group(
      items.sort((a, b) => a[0] - b[0]).map((i) => i[1]),
      { 'clip-path': s.clip(rect(x + 16, y + 16, w - 32, h - 32, '#000')) },
    ),
  );
  return group(out);
}

function lemon(s: Svg, x: number, y: number, r: number, color = '#f3d23a'): string {
  return group([
    shadow(s, x, y, r * 1.1, r * 0.85, 0.4),
    path(
      d`M${x - r * 1.2} ${y}Q${x - r * 1.05} ${y - r * 0.85} ${x} ${y - r * 0.85}Q${x + r * 1.05} ${y - r * 0.85} ${x + r * 1.2} ${y}Q${x + r * 1.05} ${y + r * 0.85} ${x} ${y + r * 0.85}Q${x - r * 1.05} ${y + r * 0.85} ${x - r * 1.2} ${y}Z`,
      s.radial(
        [
          [0, lighten(color, 0.3)],
          [0.7, color],
          [1, darken(color, 0.2)],
        ],
        0.4,
        0.35,
        0.7,
      ),
    ),
    ellipse(x - r * 0.3, y - r * 0.35, r * 0.3, r * 0.12, '#ffffff', { opacity: 0.4 }),
  ]);
}

function eggplant(s: Svg, x: number, y: number, r: number, rot: number): string {
  return group([
    shadow(s, x, y, r * 1.5, r * 0.8, 0.4, rot),
    placed(
      group([
        ellipse(
          0,
          0,
          r * 1.5,
          r * 0.8,
          s.radial(
            [
              [0, '#8a4a9a'],
              [0.6, '#4d1f5a'],
              [1, '#2a0f33'],
            ],
            0.35,
            0.3,
            0.8,
          ),
        ),
        path(d`M${-r * 1.3} ${-r * 0.5}L${-r * 1.9} ${0}L${-r * 1.3} ${r * 0.5}L${-r * 1.1} 0Z`, '#4a7a3a'),
        ellipse(-r * 0.3, -r * 0.35, r * 0.6, r * 0.12, '#ffffff', { opacity: 0.3 }),
      ]),
      x,
      y,
      rot,
    ),
  ]);
}

function greens(rng: Rng, x: number, y: number, r: number): string {
  const out: string[] = [];
  for (let i = 0; i < 7; i++)
    out.push(leaf(x, y, r * rand(rng, 1.0, 1.3), i * 51 + rand(rng, -10, 10), pickOf(rng, ['#3f7a35', '#5a9a3f', '#6fb04a']), true, 0.7));
  out.push(circle(x, y, r * 0.25, '#b9d98a'));
  return group(out);
}

const market: Scene = (s, rng) => {
  woodTable(s, rng, '#5d6b6a', 150);
  const T = (cx: number, cy: number, r: number) => tomato(s, cx, cy, r);
  const L = (cx: number, cy: number, r: number) => lemon(s, cx, cy, r * 0.8);
  const O = (cx: number, cy: number, r: number) => tomato(s, cx, cy, r, '#f08a24', '#5a7a2a');
  const E = (cx: number, cy: number, r: number) => eggplant(s, cx, cy, r * 0.7, rand(rng, -30, 30));
  const G = (cx: number, cy: number, r: number) => greens(rng, cx, cy, r);
  const R = (cx: number, cy: number, r: number) => tomato(s, cx, cy, r * 0.6, '#d8365a', '#4f8a3a');
  const gw = 470,
    gh = 380;
  const fills = [T, L, E, O, G, R];
  const sizes = [48, 50, 62, 50, 70, 36];
  for (let i = 0; i < 6; i++) {
    const col = i % 3,
      row = Math.floor(i / 3);
    s.add(crate(s, rng, 40 + col * (gw + 40), 50 + row * (gh + 40), gw, gh, at(fills, i), at(sizes, i)));
  }
  // a loose bunch of herbs and a kraft tag across the crates
  s.add(sprig(rng, 480, 440, 240, -20, '#4d8a3a', 20));
  s.add(
    placed(
      group([rect(-40, -26, 80, 52, '#e8d3a8', { rx: 6 }), circle(-26, 0, 6, '#5d6b6a'), stroke(d`M-26 0Q-80 -30 -120 -10`, '#8a6a4a', 2)]),
      1050,
      440,
      12,
    ),
  );
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};

// ================================================================ street food

function skewer(s: Svg, rng: Rng, x: number, y: number, len: number, rot: number): string {
  const out: string[] = [
    rect(-len / 2 + 8, -3 + 10, len, 7, '#000', { rx: 3, opacity: 0.2 }),
    rect(-len / 2, -3.5, len, 7, '#e2c596', { rx: 3 }),
  ];
  for (let i = 0; i < 4; i++) {
    const cx = -len * 0.02 + i * 64 + rand(rng, -4, 4);
    const w = rand(rng, 54, 66),
      h = rand(rng, 48, 58);
    out.push(rect(cx - w / 2 + 7, -h / 2 + 10, w, h, '#000', { rx: 16, opacity: 0.22 }));
    out.push(
      rect(
        cx - w / 2,
        -h / 2,
        w,
        h,
        s.radial([
          [0, '#c97c3e'],
          [0.7, '#9a4e22'],
          [1, '#6a2c12'],
        ]),
        { rx: 16 },
      ),
    );
    for (let k = 0; k < 3; k++)
      out.push(
        line(cx - w / 2 + 12 + k * 15, -h / 2 + 6, cx - w / 2 + 20 + k * 15, h / 2 - 6, '#3a1a0c', 4, {
          opacity: 0.5,
          'stroke-linecap': 'round',
        }),
      );
    out.push(ellipse(cx - 8, -h * 0.25, 14, 5, '#ffe0b0', { opacity: 0.4 }));
  }
  out.push(scatter(rng, -len * 0.05, -22, len * 0.45, 22, 24, ['#f4ead0', '#3f8a3a'], 1.5, 3, 'seed'));
  return placed(group(out), x, y, rot);
}

const streetFood: Scene = (s, rng) => {
  stone(s, rng, '#c5452f', '#6a1a10', 500);
  // kraft paper sheet
  s.add(
    placed(
      group([
        rect(-560, -330, 1120, 660, '#000', { opacity: 0.18, transform: 'translate(14 18)' }),
        rect(-560, -330, 1120, 660, '#d8b483'),
        stroke(d`M-560 -80L560 40M-200 -330L-150 330`, '#c29c6a', 2.5, { opacity: 0.8 }),
      ]),
      720,
      450,
      4,
    ),
  );
  for (let i = 0; i < 4; i++) s.add(skewer(s, rng, 640 + i * 30, 300 + i * 110, 640, -16 + i * 7));
  s.add(bowl(s, 1180, 320, 120, '#f1ece2', '#f1ece2', 0.1), liquid(s, 1180, 320, 100, '#c98a3a', 0.3));
  s.add(stroke(d`M1110 300Q1160 270 1200 320T1260 330`, '#a3281a', 6, { opacity: 0.8 }));
  s.add(scatter(rng, 1110, 260, 1250, 380, 30, ['#e8c58a', '#8a5a2a'], 2, 5, 'flake'));
  s.add(bowl(s, 1180, 620, 100, '#2a6a5a', '#f1ece2', 0.1));
  for (let i = 0; i < 8; i++) s.add(citrusSlice(s, 1150 + (i % 3) * 34, 590 + Math.floor(i / 3) * 32, 26, '#d9efb0', '#3f7a35'));
  s.add(scatter(rng, 1120, 580, 1240, 680, 14, ['#8a2a5a', '#f2d6e6'], 5, 8, 'flake'));
  s.add(citrusWedge(s, 320, 700, 60, -20, '#c9e27a', '#4f8a2a'), citrusWedge(s, 420, 760, 56, 40, '#c9e27a', '#4f8a2a'));
  for (let i = 0; i < 12; i++)
    s.add(placed(circle(0, 0, 9, '#d8261a') + circle(0, 0, 4, '#f7d8a0'), rand(rng, 280, 470), rand(rng, 560, 640), 0));
  // iced tea
  s.add(
    shadow(s, 300, 240, 95, 95),
    circle(300, 240, 95, '#ffffff', { opacity: 0.25 }),
    circle(
      300,
      240,
      86,
      s.radial([
        [0, '#f7a24a'],
        [1, '#d4621a'],
      ]),
    ),
  );
  for (let i = 0; i < 5; i++)
    s.add(
      rect(270 + rand(rng, -40, 30), 210 + rand(rng, -40, 30), 34, 34, '#ffffff', {
        opacity: 0.45,
        rx: 6,
        transform: `rotate(${num(rand(rng, 0, 90))} 300 240)`,
      }),
    );
  s.add(circle(330, 220, 9, '#ffffff', { stroke: '#3aa0c8', 'stroke-width': 5 }));
  s.add(circle(300, 240, 95, 'none', { stroke: '#ffffff', 'stroke-width': 3, opacity: 0.7 }));
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};

export const POST_SCENES_A: Record<string, Scene> = {
  ramen,
  pastry,
  seafood,
  coffee,
  market,
  'street-food': streetFood,
};
