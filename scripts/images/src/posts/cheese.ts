// The cheese still life, public/images/posts/cheese.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, ellipse, group, path, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, cluster, knife, liquid, placed, shadow, sprig, stone } from '../tableware.ts';
import { board, cheeseWedge } from '../food.ts';

export const cheese: Scene = (s, rng) => {
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

function brie(s: Svg, x: number, y: number, r: number, cutAngle: number): string {
  const a0 = ((cutAngle - 25) * Math.PI) / 180,
    a1 = ((cutAngle + 25) * Math.PI) / 180;
  const body = d`M${x} ${y}L${x + Math.cos(a1) * r} ${y + Math.sin(a1) * r}A${r} ${r} 0 1 1 ${x + Math.cos(a0) * r} ${y + Math.sin(a0) * r}Z`;
  const inner = d`M${x} ${y}L${x + Math.cos(a1) * r * 0.92} ${y + Math.sin(a1) * r * 0.92}A${r * 0.92} ${r * 0.92} 0 1 1 ${x + Math.cos(a0) * r * 0.92} ${y + Math.sin(a0) * r * 0.92}Z`;
  return group([
    shadow(s, x, y, r, r, 0.8),
    path(body, '#f2ece0'),
    path(
      inner,
      s.radial(
        [
          [0, '#fffdf8'],
          [1, '#ece3d2'],
        ],
        0.4,
        0.4,
        0.6,
      ),
    ),
    stroke(d`M${x} ${y}L${x + Math.cos(a0) * r * 0.92} ${y + Math.sin(a0) * r * 0.92}`, '#f6dc8a', 8),
    stroke(d`M${x} ${y}L${x + Math.cos(a1) * r * 0.92} ${y + Math.sin(a1) * r * 0.92}`, '#f6dc8a', 8),
  ]);
}

function cracker(x: number, y: number, size: number, rot: number): string {
  const out: string[] = [
    rect(-size / 2 + 5, -size / 2 + 7, size, size, '#000', { rx: size * 0.12, opacity: 0.2 }),
    rect(-size / 2, -size / 2, size, size, '#e2b56e', { rx: size * 0.12 }),
    rect(-size / 2 + 4, -size / 2 + 4, size - 8, size - 8, '#ebc483', { rx: size * 0.1 }),
  ];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) out.push(circle(-size * 0.25 + i * size * 0.25, -size * 0.25 + j * size * 0.25, 2.2, '#b7833e'));
  return placed(group(out), x, y, rot);
}

function figHalf(s: Svg, rng: Rng, x: number, y: number, r: number, rot: number): string {
  const body = d`M0 ${-r * 1.2}Q${r * 0.35} ${-r * 0.9} ${r * 0.85} ${-r * 0.1}A${r * 0.88} ${r * 0.88} 0 1 1 ${-r * 0.85} ${-r * 0.1}Q${-r * 0.35} ${-r * 0.9} 0 ${-r * 1.2}Z`;
  const out: string[] = [
    path(body, '#5a2448'),
    path(body, '#f2c9a0', { transform: 'scale(0.88)' }),
    path(
      body,
      s.radial([
        [0, '#f1a0a0'],
        [0.7, '#c8384a'],
        [1, '#a0283a'],
      ]),
      { transform: 'translate(0 6) scale(0.66)' },
    ),
  ];
  for (let i = 0; i < 22; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.45;
    out.push(ellipse(Math.cos(a) * dd, Math.sin(a) * dd + 8, 2.2, 1.4, '#fbe3b0'));
  }
  return group([shadow(s, x, y, r, r, 0.6), placed(group(out), x, y, rot)]);
}

function walnut(x: number, y: number, r: number, rot: number): string {
  return placed(
    group([
      ellipse(3, 4, r, r * 0.8, '#000', { opacity: 0.2 }),
      ellipse(0, 0, r, r * 0.8, '#b98a58'),
      stroke(
        d`M${-r * 0.7} ${-r * 0.3}Q${-r * 0.3} ${-r * 0.6} 0 ${-r * 0.2}Q${r * 0.3} ${-r * 0.6} ${r * 0.7} ${-r * 0.3}M${-r * 0.7} ${r * 0.3}Q${-r * 0.3} ${r * 0.6} 0 ${r * 0.2}Q${r * 0.3} ${r * 0.6} ${r * 0.7} ${r * 0.3}M0 ${-r * 0.75}L0 ${r * 0.75}`,
        '#7a5430',
        2.2,
      ),
    ]),
    x,
    y,
    rot,
  );
}
