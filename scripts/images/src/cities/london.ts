// The London city hero, public/images/cities/london.jpg (and its WebP sizes).
import { circle, d, darken, ellipse, group, line, path, polygon, rand, rect, type Rng, type Scene } from '../core.ts';
import { cloud, cloudFill, glitter, hazeBand, ripples, sky, sun } from '../nature.ts';
import { birds, finish, reflect, skyline } from '../common.ts';

function elizabethTower(cx: number, base: number, k: number, stone: string, lit: string, face: string): string {
  const out: string[] = [];
  const sw = 64 * k;
  const shaftTop = base - 330 * k;
  out.push(rect(cx - sw / 2, shaftTop, sw, base - shaftTop, stone));
  out.push(rect(cx, shaftTop, sw / 2, base - shaftTop, lit, { opacity: 0.55 }));
  for (let i = 1; i < 4; i++)
    out.push(
      rect(cx - sw / 2 + (sw * i) / 4 - 1, shaftTop + 10 * k, 2 * k, base - shaftTop - 10 * k, darken(stone, 0.25), { opacity: 0.5 }),
    );
  for (let j = 1; j < 10; j++) out.push(rect(cx - sw / 2, shaftTop + j * 33 * k, sw, 2 * k, darken(stone, 0.25), { opacity: 0.45 }));
  // clock stage
  const cw = 82 * k;
  const clockTop = shaftTop - 86 * k;
  out.push(rect(cx - cw / 2, clockTop, cw, 86 * k, stone));
  out.push(rect(cx, clockTop, cw / 2, 86 * k, lit, { opacity: 0.5 }));
  out.push(circle(cx, clockTop + 43 * k, 31 * k, darken(stone, 0.2)));
  out.push(circle(cx, clockTop + 43 * k, 27 * k, face));
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    out.push(
      line(
        cx + Math.cos(a) * 21 * k,
        clockTop + 43 * k + Math.sin(a) * 21 * k,
        cx + Math.cos(a) * 25 * k,
        clockTop + 43 * k + Math.sin(a) * 25 * k,
        '#3b3640',
        1.6 * k,
      ),
    );
  }
  out.push(
    line(cx, clockTop + 43 * k, cx + 12 * k, clockTop + 36 * k, '#3b3640', 2.4 * k),
    line(cx, clockTop + 43 * k, cx - 2 * k, clockTop + 23 * k, '#3b3640', 2 * k),
  );
  for (const sx of [-1, 1])
    out.push(
      polygon(
        [
          [cx + (sx * cw) / 2, clockTop],
          [cx + sx * (cw / 2 - 8 * k), clockTop],
          [cx + sx * (cw / 2 - 4 * k), clockTop - 22 * k],
        ],
        stone,
      ),
    );
  // belfry with pointed arches
  const bw = 70 * k;
  const belTop = clockTop - 52 * k;
  out.push(rect(cx - bw / 2, belTop, bw, 52 * k, stone));
  for (let i = 0; i < 3; i++) {
    const ax = cx - bw / 2 + 10 * k + i * 19 * k;
    out.push(
      path(
        d`M${ax} ${clockTop - 6 * k}L${ax} ${belTop + 20 * k}Q${ax + 6.5 * k} ${belTop + 6 * k} ${ax + 13 * k} ${belTop + 20 * k}L${ax + 13 * k} ${clockTop - 6 * k}Z`,
        darken(stone, 0.35),
      ),
    );
  }
  // spire with corner pinnacles and lantern
  out.push(
    path(
      d`M${cx - bw / 2 - 4 * k} ${belTop}L${cx - 10 * k} ${belTop - 96 * k}L${cx + 10 * k} ${belTop - 96 * k}L${cx + bw / 2 + 4 * k} ${belTop}Z`,
      darken(stone, 0.1),
    ),
  );
  out.push(path(d`M${cx} ${belTop}L${cx + 10 * k} ${belTop - 96 * k}L${cx + bw / 2 + 4 * k} ${belTop}Z`, lit, { opacity: 0.35 }));
  for (const sx of [-1, 1]) {
    out.push(
      polygon(
        [
          [cx + sx * (bw / 2 + 4 * k), belTop],
          [cx + sx * (bw / 2 - 6 * k), belTop],
          [cx + sx * (bw / 2 - 1 * k), belTop - 34 * k],
        ],
        stone,
      ),
    );
  }
  out.push(rect(cx - 9 * k, belTop - 118 * k, 18 * k, 24 * k, stone));
  out.push(
    polygon(
      [
        [cx - 9 * k, belTop - 118 * k],
        [cx, belTop - 150 * k],
        [cx + 9 * k, belTop - 118 * k],
      ],
      stone,
    ),
  );
  out.push(rect(cx - 1 * k, belTop - 170 * k, 2 * k, 24 * k, stone));
  return group(out);
}

function palaceFacade(rng: Rng, x0: number, x1: number, base: number, top: number, stone: string, shade: string): string {
  const out: string[] = [];
  out.push(rect(x0, top, x1 - x0, base - top, stone));
  for (let x = x0; x < x1; x += 26) {
    out.push(rect(x + 4, top + 10, 3, base - top - 14, shade, { opacity: 0.45 }));
    out.push(
      polygon(
        [
          [x, top],
          [x + 3, top - 18 - rand(rng, 0, 4)],
          [x + 6, top],
        ],
        stone,
      ),
    );
  }
  for (let x = x0 + 120; x < x1 - 60; x += 210) {
    out.push(
      rect(x, top - 40, 36, 41, stone),
      polygon(
        [
          [x, top - 40],
          [x + 18, top - 72],
          [x + 36, top - 40],
        ],
        stone,
      ),
    );
  }
  return group(out);
}

export const london: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#5f7fa3'],
    [0.4, '#a9b7c7'],
    [0.68, '#e4cdb8'],
    [1, '#f1d6b6'],
  ]);
  sun(s, 1250, 440, 36, '#fff6e0', '#ffd9a6', 380, 0.55);
  for (let i = 0; i < 5; i++) {
    const cx = rand(rng, -100, w);
    s.add(path(cloud(rng, cx, rand(rng, 150, 330), rand(rng, 220, 420), rand(rng, 40, 70)), cloudFill(s, '#f4f1ee', 0.6, 0.1)));
  }
  const water = 660;
  // London Eye and far city in the haze
  const eye: string[] = [];
  const ex = 1390,
    ey = 470,
    er = 165;
  eye.push(
    circle(ex, ey, er, 'none', { stroke: '#aab0bf', 'stroke-width': 4 }),
    circle(ex, ey, er - 8, 'none', { stroke: '#aab0bf', 'stroke-width': 1.5 }),
  );
  for (let i = 0; i < 32; i++) {
    const a = (i * Math.PI * 2) / 32;
    eye.push(line(ex, ey, ex + Math.cos(a) * er, ey + Math.sin(a) * er, '#aab0bf', 1));
    eye.push(ellipse(ex + Math.cos(a) * (er + 6), ey + Math.sin(a) * (er + 6), 6, 4, '#aab0bf'));
  }
  eye.push(
    polygon(
      [
        [ex - 4, ey],
        [ex - 80, water],
        [ex - 66, water],
        [ex + 4, ey],
      ],
      '#9fa5b5',
    ),
    polygon(
      [
        [ex - 4, ey],
        [ex - 30, water],
        [ex - 18, water],
        [ex + 4, ey],
      ],
      '#9fa5b5',
    ),
  );
  s.add(group(eye));
  s.add(skyline(rng, { x0: 1040, x1: w + 40, base: water, minH: 20, maxH: 70, color: '#a4a8b8', minW: 18, maxW: 50 }));
  hazeBand(s, water - 20, 80, '#efe1d1', 0.6);
  // Westminster Bridge (green arches)
  const bridge: string[] = [];
  bridge.push(rect(1040, water - 34, w - 1040 + 20, 16, '#4a5e57'));
  for (let x = 1060; x < w + 40; x += 120)
    bridge.push(
      path(
        d`M${x} ${water - 18}Q${x + 60} ${water - 40} ${x + 120} ${water - 18}L${x + 120} ${water}L${x + 110} ${water}Q${x + 60} ${water - 26} ${x + 10} ${water}L${x} ${water}Z`,
        '#4a5e57',
      ),
    );
  for (let x = 1050; x < w; x += 60)
    bridge.push(rect(x, water - 56, 3, 22, '#3f4c49'), circle(x + 1.5, water - 58, 4, '#f6d9a0', { opacity: 0.9 }));
  s.add(group(bridge));
  // Palace and tower
  const stone = '#8a7f86';
  const palace: string[] = [];
  palace.push(rect(0, 340, 120, water - 340, stone), rect(60, 340, 60, water - 340, '#b49f92', { opacity: 0.45 }));
  for (const px of [0, 40, 80, 114])
    palace.push(
      polygon(
        [
          [px, 340],
          [px + 3, 300],
          [px + 6, 340],
        ],
        stone,
      ),
    );
  palace.push(palaceFacade(rng, 100, 1000, water, 520, stone, darken(stone, 0.3)));
  palace.push(rect(100, 520, 900, water - 520, '#c7ad97', { opacity: 0.25 }));
  for (let x = 120; x < 990; x += 26)
    for (const yy of [548, 590, 626])
      palace.push(
        path(d`M${x + 11} ${yy + 20}L${x + 11} ${yy + 5}L${x + 14} ${yy}L${x + 17} ${yy + 5}L${x + 17} ${yy + 20}Z`, '#5a5360', {
          opacity: 0.4,
        }),
      );
  palace.push(elizabethTower(1000, water, 0.98, stone, '#c9b09c', '#f4e4bb'));
  const group1 = group(palace);
  s.add(group1);
  // river Thames
  s.add(
    rect(
      0,
      water,
      w,
      h - water,
      s.linear([
        [0, '#c4bfc4'],
        [0.4, '#8d95a8'],
        [1, '#4e5a72'],
      ]),
    ),
  );
  s.add(reflect(group1, water, 0.22));
  glitter(s, rng, 1250, water + 4, h, 110, '#fff0d8', 60, 0.6);
  ripples(s, rng, water + 4, h, 90, '#e9e4e6', 0.25);
  s.add(rect(0, water - 2, w, 6, '#6b6570'));
  // embankment lamp in the foreground
  const lamp = (x: number, y: number, k: number): string =>
    group([
      rect(x - 4 * k, y - 150 * k, 8 * k, 150 * k, '#2c2a33'),
      rect(x - 12 * k, y - 20 * k, 24 * k, 20 * k, '#2c2a33'),
      path(
        d`M${x - 14 * k} ${y - 150 * k}L${x + 14 * k} ${y - 150 * k}L${x + 9 * k} ${y - 190 * k}L${x - 9 * k} ${y - 190 * k}Z`,
        '#f8dfa8',
        { opacity: 0.85 },
      ),
      polygon(
        [
          [x - 16 * k, y - 190 * k],
          [x, y - 206 * k],
          [x + 16 * k, y - 190 * k],
        ],
        '#2c2a33',
      ),
      rect(x - 16 * k, y - 152 * k, 32 * k, 4 * k, '#2c2a33'),
    ]);
  s.add(
    rect(
      0,
      830,
      w,
      80,
      s.linear([
        [0, '#3a3742'],
        [1, '#26242c'],
      ]),
    ),
  );
  s.add(rect(0, 826, w, 8, '#4d4956'));
  s.add(lamp(110, 830, 1.45), lamp(1500, 830, 1.45));
  s.add(birds(rng, 700, 260, 6, 110, '#5a5f70'));
  finish(s, rng, { vignette: 0.26 });
};
