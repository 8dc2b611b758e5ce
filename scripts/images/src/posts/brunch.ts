// The brunch still life, public/images/posts/brunch.jpg (and its WebP sizes), with the foods only it draws.
import { at, circle, ellipse, group, path, type Pt, rand, rect, type Rng, type Scene, smoothPath, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { arc, bowl, cup, fork, gingham, knife, placed, plate, scatter, shadow, sprig } from '../tableware.ts';
import { blueberry, mint, raspberry } from '../food.ts';

export const brunch: Scene = (s, rng) => {
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

/** Fried egg: wobbly white, domed yolk. */
function friedEgg(s: Svg, rng: Rng, x: number, y: number, r: number): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const rr = r * rand(rng, 0.82, 1.12);
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr * 0.9]);
  }
  pts.push(at(pts, 0), at(pts, 1), at(pts, 2));
  return group([
    path(smoothPath(pts) + 'Z', '#fbf7ef'),
    stroke(smoothPath(pts), '#e8c98f', 3, { opacity: 0.5 }),
    circle(x + r * 0.08, y + r * 0.05, r * 0.38, '#000', { opacity: 0.12 }),
    circle(
      x,
      y,
      r * 0.36,
      s.radial(
        [
          [0, '#ffc247'],
          [0.75, '#f5a21f'],
          [1, '#e08a15'],
        ],
        0.4,
        0.4,
        0.6,
      ),
    ),
    ellipse(x - r * 0.12, y - r * 0.14, r * 0.1, r * 0.06, '#ffffff', { opacity: 0.7 }),
  ]);
}
