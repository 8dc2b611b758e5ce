// The street food still life, public/images/posts/street-food.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, ellipse, group, line, num, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, citrusSlice, citrusWedge, liquid, placed, scatter, shadow, stone } from '../tableware.ts';

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

export const streetFood: Scene = (s, rng) => {
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
