// The tea still life, public/images/posts/tea.jpg (and its WebP sizes), with the foods only it draws.
import {
  circle,
  d,
  darken,
  ellipse,
  group,
  lighten,
  num,
  path,
  pick,
  rand,
  rect,
  type Rng,
  type Scene,
  stroke,
  type Svg,
} from '../core.ts';
import { finish } from '../common.ts';
import { bowl, citrusSlice, cup, linen, napkin, placed, plate, shadow, spoon } from '../tableware.ts';

export const tea: Scene = (s, rng) => {
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

function teapot(s: Svg, x: number, y: number, r: number, body: string, rot = 0): string {
  const out: string[] = [];
  out.push(
    path(
      d`M${r * 0.85} ${-r * 0.18}L${r * 1.65} ${-r * 0.1}Q${r * 1.75} 0 ${r * 1.65} ${r * 0.1}L${r * 0.85} ${r * 0.18}Z`,
      darken(body, 0.05),
    ),
  );
  out.push(
    stroke(
      d`M${-r * 0.8} ${-r * 0.35}Q${-r * 1.55} ${-r * 0.45} ${-r * 1.5} 0Q${-r * 1.55} ${r * 0.45} ${-r * 0.8} ${r * 0.35}`,
      darken(body, 0.1),
      r * 0.14,
    ),
  );
  out.push(
    circle(
      0,
      0,
      r,
      s.radial(
        [
          [0, lighten(body, 0.25)],
          [0.75, body],
          [1, darken(body, 0.25)],
        ],
        0.4,
        0.38,
        0.7,
      ),
    ),
  );
  out.push(
    circle(0, 0, r * 0.55, darken(body, 0.08)),
    circle(
      0,
      0,
      r * 0.5,
      s.radial(
        [
          [0, lighten(body, 0.2)],
          [1, body],
        ],
        0.4,
        0.4,
        0.6,
      ),
    ),
  );
  out.push(circle(0, 0, r * 0.14, darken(body, 0.25)), circle(-r * 0.03, -r * 0.03, r * 0.08, lighten(body, 0.3)));
  out.push(
    ellipse(-r * 0.5, -r * 0.55, r * 0.25, r * 0.09, '#ffffff', {
      opacity: 0.35,
      transform: `rotate(-40 ${num(-r * 0.5)} ${num(-r * 0.55)})`,
    }),
  );
  return group([shadow(s, x, y, r * 1.3, r, 1.1), placed(group(out), x, y, rot)]);
}

function teaLeaves(rng: Rng, x: number, y: number, rad: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * rad;
    const lx = x + Math.cos(a) * dd,
      ly = y + Math.sin(a) * dd;
    out.push(
      path(d`M0 0q6 -8 14 -2q-4 8 -14 2z`, pick(rng, ['#3f4a2a', '#55603a', '#2f3a22', '#6a7a44']), {
        transform: `translate(${num(lx)} ${num(ly)}) rotate(${num(rand(rng, 0, 360))}) scale(${num(rand(rng, 0.8, 1.4))})`,
      }),
    );
  }
  return group(out);
}

function cookie(s: Svg, rng: Rng, x: number, y: number, r: number): string {
  const out: string[] = [
    shadow(s, x, y, r, r, 0.6),
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, '#e6b676'],
          [1, '#b97a3a'],
        ],
        0.4,
        0.4,
        0.7,
      ),
    ),
  ];
  for (let i = 0; i < 7; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.75;
    out.push(circle(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, r * 0.08, r * 0.14), '#4a2614'));
  }
  return group(out);
}
