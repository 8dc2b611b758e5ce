// The pizza still life, public/images/posts/pizza.jpg (and its WebP sizes), with the foods only it draws.
import {
  at,
  circle,
  d,
  ellipse,
  group,
  line,
  num,
  path,
  type Pt,
  rand,
  rect,
  type Rng,
  type Scene,
  smoothPath,
  stroke,
  type Svg,
} from '../core.ts';
import { finish } from '../common.ts';
import { bowl, liquid, placed, scatter, shadow, tomato, woodTable } from '../tableware.ts';

export const pizzaScene: Scene = (s, rng) => {
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

function basil(x: number, y: number, len: number, rot: number): string {
  const c = '#2f7a34';
  return placed(
    group([
      path(d`M0 0Q${len * 0.3} ${-len * 0.42} ${len} 0Q${len * 0.3} ${len * 0.42} 0 0Z`, c),
      path(d`M${len * 0.1} ${-2}Q${len * 0.35} ${-len * 0.32} ${len * 0.85} ${-1}Z`, '#4f9a48', { opacity: 0.6 }),
      stroke(d`M${len * 0.04} 0L${len * 0.9} 0`, '#7cc070', 1.6, { opacity: 0.8 }),
    ]),
    x,
    y,
    rot,
  );
}

function pizza(s: Svg, rng: Rng, x: number, y: number, r: number): string {
  const out: string[] = [shadow(s, x, y, r, r, 1.2)];
  out.push(
    circle(
      x,
      y,
      r,
      s.radial([
        [0, '#f1c98a'],
        [0.9, '#d99a52'],
        [1, '#b8743a'],
      ]),
    ),
  );
  const spots: string[] = [];
  for (let i = 0; i < 70; i++) {
    const a = rng() * Math.PI * 2,
      dd = r * rand(rng, 0.82, 0.98);
    spots.push(
      ellipse(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 4, 12), rand(rng, 3, 7), '#3a2012', {
        opacity: num(rand(rng, 0.5, 0.9)),
        transform: `rotate(${num((a * 180) / Math.PI)} ${num(x + Math.cos(a) * dd)} ${num(y + Math.sin(a) * dd)})`,
      }),
    );
  }
  out.push(group(spots));
  const sauce: Pt[] = [];
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    sauce.push([x + Math.cos(a) * r * rand(rng, 0.76, 0.82), y + Math.sin(a) * r * rand(rng, 0.76, 0.82)]);
  }
  sauce.push(at(sauce, 0), at(sauce, 1), at(sauce, 2));
  out.push(
    path(
      smoothPath(sauce) + 'Z',
      s.radial([
        [0, '#d8432e'],
        [1, '#a8261a'],
      ]),
    ),
  );
  for (let i = 0; i < 60; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.72;
    out.push(
      ellipse(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 4, 12), rand(rng, 3, 8), rng() < 0.5 ? '#8f1a12' : '#e0583e', {
        opacity: 0.35,
      }),
    );
  }
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 + rand(rng, -0.2, 0.2),
      dd = i === 0 ? 0 : r * rand(rng, 0.3, 0.6);
    const mx = x + Math.cos(a) * dd,
      my = y + Math.sin(a) * dd,
      mr = rand(rng, 30, 48);
    const blob: Pt[] = [];
    for (let k = 0; k < 8; k++) {
      const b = (k / 8) * Math.PI * 2;
      blob.push([mx + Math.cos(b) * mr * rand(rng, 0.75, 1.1), my + Math.sin(b) * mr * rand(rng, 0.75, 1.1)]);
    }
    blob.push(at(blob, 0), at(blob, 1), at(blob, 2));
    out.push(
      path(smoothPath(blob) + 'Z', '#fbf4e4'),
      ellipse(mx - mr * 0.25, my - mr * 0.3, mr * 0.3, mr * 0.14, '#ffffff', { opacity: 0.8 }),
    );
    if (rng() < 0.4) out.push(ellipse(mx + mr * 0.3, my + mr * 0.2, mr * 0.2, mr * 0.12, '#e9b66a', { opacity: 0.6 }));
  }
  for (let i = 0; i < 60; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.75;
    out.push(circle(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 1.5, 4), '#f4d06a', { opacity: 0.55 }));
  }
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + 0.2;
    out.push(line(x, y, x + Math.cos(a) * r * 0.98, y + Math.sin(a) * r * 0.98, '#7a2a16', 2.5, { opacity: 0.45 }));
  }
  return group(out);
}
