// The bakery still life, public/images/posts/bakery.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, darken, ellipse, group, line, num, path, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, placed, scatter, shadow, spoon, woodTable } from '../tableware.ts';

export const bakery: Scene = (s, rng) => {
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

function boule(s: Svg, rng: Rng, x: number, y: number, r: number): string {
  const out: string[] = [shadow(s, x, y, r, r, 1.2)];
  out.push(
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, '#d9a05a'],
          [0.7, '#b0702e'],
          [1, '#7a4618'],
        ],
        0.42,
        0.4,
        0.65,
      ),
    ),
  );
  const flour: string[] = [];
  for (let i = 0; i < 260; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.9;
    flour.push(
      circle(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 1, 3), '#fbf4e6', { opacity: num(rand(rng, 0.2, 0.6) * (1 - dd / r)) }),
    );
  }
  out.push(group(flour));
  // square "tic-tac-toe" scoring, each cut opened to pale crumb with a dark lip
  const cuts: Array<[number, number, number, number]> = [
    [x - r * 0.28, y - r * 0.7, x - r * 0.32, y + r * 0.7],
    [x + r * 0.3, y - r * 0.7, x + r * 0.26, y + r * 0.7],
    [x - r * 0.7, y - r * 0.26, x + r * 0.7, y - r * 0.3],
    [x - r * 0.7, y + r * 0.3, x + r * 0.7, y + r * 0.26],
  ];
  for (const [x0, y0, x1, y1] of cuts) {
    const mx = (x0 + x1) / 2 + (y1 - y0) * 0.04,
      my = (y0 + y1) / 2 - (x1 - x0) * 0.04;
    out.push(
      stroke(d`M${x0} ${y0}Q${mx} ${my} ${x1} ${y1}`, '#6a3a14', r * 0.075, {
        transform: `translate(${num(r * 0.025)} ${num(r * 0.03)})`,
        opacity: 0.8,
      }),
    );
    out.push(stroke(d`M${x0} ${y0}Q${mx} ${my} ${x1} ${y1}`, '#efcf98', r * 0.055));
    out.push(stroke(d`M${x0} ${y0}Q${mx} ${my} ${x1} ${y1}`, '#fbeacb', r * 0.018, { opacity: 0.8 }));
  }
  out.push(arc2(x, y, r - 4, '#f2c98a', 6));
  return group(out);
}

function arc2(cx: number, cy: number, r: number, color: string, width: number): string {
  return stroke(d`M${cx - r * 0.94} ${cy - r * 0.34}A${r} ${r} 0 0 1 ${cx - r * 0.2} ${cy - r * 0.98}`, color, width, { opacity: 0.5 });
}

function baguette(s: Svg, x: number, y: number, len: number, wd: number, rot: number): string {
  const out: string[] = [
    rect(
      -len / 2,
      -wd / 2,
      len,
      wd,
      s.linear([
        [0, '#e6b06a'],
        [0.5, '#c5833c'],
        [1, '#8f5420'],
      ]),
      { rx: wd / 2 },
    ),
  ];
  for (let i = 0; i < 5; i++) {
    const cx = -len * 0.36 + i * len * 0.18;
    out.push(
      path(
        d`M${cx - wd * 0.5} ${wd * 0.18}Q${cx} ${-wd * 0.1} ${cx + wd * 0.55} ${-wd * 0.26}Q${cx + wd * 0.1} ${wd * 0.06} ${cx - wd * 0.5} ${wd * 0.18}Z`,
        '#f3d6a0',
      ),
    );
  }
  return group([shadow(s, x, y, len * 0.5, wd * 0.6, 0.9, rot), placed(group(out), x, y, rot)]);
}

function roll(s: Svg, x: number, y: number, r: number): string {
  return group([
    shadow(s, x, y, r, r, 0.7),
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, '#e2aa62'],
          [0.75, '#bd7a36'],
          [1, '#8a5220'],
        ],
        0.42,
        0.4,
        0.65,
      ),
    ),
    stroke(d`M${x - r * 0.55} ${y - r * 0.1}Q${x} ${y - r * 0.3} ${x + r * 0.55} ${y + r * 0.05}`, '#f3d3a0', r * 0.14),
    circle(x, y, r * 0.9, 'none', { stroke: '#fbf4e6', 'stroke-width': 2, opacity: 0.25 }),
  ]);
}

function wheat(x: number, y: number, len: number, rot: number, color = '#d9b26a'): string {
  const out: string[] = [stroke(d`M0 0L${len} 0`, darken(color, 0.15), 2.5)];
  for (let i = 0; i < 9; i++) {
    const t = len * 0.55 + i * len * 0.05;
    out.push(
      ellipse(t, -7, 11, 5, color, { transform: `rotate(-30 ${num(t)} -7)` }),
      ellipse(t, 7, 11, 5, darken(color, 0.08), { transform: `rotate(30 ${num(t)} 7)` }),
    );
    out.push(line(t + 6, -10, t + 26, -22, color, 1), line(t + 6, 10, t + 26, 22, color, 1));
  }
  return placed(group(out), x, y, rot);
}
