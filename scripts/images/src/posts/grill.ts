// The grill still life, public/images/posts/grill.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, ellipse, group, line, num, path, rand, rect, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, knife, liquid, placed, scatter, shadow, sprig, stone } from '../tableware.ts';
import { board } from '../food.ts';

export const grill: Scene = (s, rng) => {
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

function steak(s: Svg, x: number, y: number, w: number, h: number, rot: number): string {
  const body = d`M${-w / 2} ${-h * 0.2}Q${-w / 2} ${-h / 2} ${-w * 0.2} ${-h / 2}L${w * 0.3} ${-h * 0.45}Q${w / 2} ${-h * 0.35} ${w / 2} ${0}Q${w * 0.45} ${h / 2} ${w * 0.1} ${h / 2}L${-w * 0.3} ${h * 0.45}Q${-w / 2} ${h * 0.3} ${-w / 2} ${-h * 0.2}Z`;
  const out: string[] = [
    path(
      body,
      s.radial([
        [0, '#8a4a2a'],
        [0.8, '#5c2a16'],
        [1, '#3a1a0c'],
      ]),
    ),
  ];
  const clip = s.clip(path(body, '#000'));
  const marks: string[] = [];
  for (let i = -4; i <= 4; i++) marks.push(line(i * w * 0.12 - w * 0.3, -h, i * w * 0.12 + w * 0.3, h, '#24100a', 9, { opacity: 0.8 }));
  out.push(group(marks, { 'clip-path': clip }));
  out.push(
    path(d`M${-w / 2 + 6} ${-h * 0.2}Q${-w / 2 + 6} ${-h / 2 + 6} ${-w * 0.2} ${-h / 2 + 6}`, 'none', {
      stroke: '#f2d6b0',
      'stroke-width': 8,
      opacity: 0.7,
    }),
  );
  return group([shadow(s, x, y, w * 0.55, h * 0.55, 1, rot), placed(group(out), x, y, rot)]);
}

/** Shingled slices of medium-rare steak: dark crust rim, rosy centre. */
function steakSlices(s: Svg, x: number, y: number, n: number, rot: number): string {
  const out: string[] = [];
  const inner = s.radial([
    [0, '#ec9a96'],
    [0.6, '#d4606a'],
    [1, '#a8404a'],
  ]);
  for (let i = 0; i < n; i++) {
    const sx = i * 52;
    const slab = d`M${sx - 36} ${-70}Q${sx} ${-82} ${sx + 36} ${-66}L${sx + 40} ${66}Q${sx} ${80} ${sx - 34} ${68}Z`;
    out.push(path(slab, '#000', { opacity: 0.22, transform: 'translate(7 10)' }));
    out.push(path(slab, '#4a2212'));
    out.push(path(slab, inner, { transform: `translate(${num(sx)} 0) scale(0.74 0.84) translate(${num(-sx)} 0)` }));
    out.push(stroke(d`M${sx - 20} ${-50}Q${sx - 24} 0 ${sx - 18} ${50}`, '#f6c6c0', 3, { opacity: 0.35 }));
  }
  return placed(group(out), x, y, rot);
}

function garlic(s: Svg, x: number, y: number, r: number): string {
  const out: string[] = [
    shadow(s, x, y, r, r, 0.6),
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, '#ffffff'],
          [0.8, '#efe6d8'],
          [1, '#cbbca6'],
        ],
        0.4,
        0.38,
        0.7,
      ),
    ),
  ];
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    out.push(
      stroke(
        d`M${x} ${y}Q${x + Math.cos(a + 0.4) * r * 0.6} ${y + Math.sin(a + 0.4) * r * 0.6} ${x + Math.cos(a) * r * 0.97} ${y + Math.sin(a) * r * 0.97}`,
        '#c9b99f',
        2,
      ),
    );
  }
  out.push(circle(x, y, r * 0.12, '#b59d7a'));
  return group(out);
}

function corn(s: Svg, x: number, y: number, len: number, rot: number): string {
  const wd = len * 0.28;
  const out: string[] = [rect(-len / 2, -wd / 2, len, wd, '#e9b52a', { rx: wd / 2 })];
  for (let c = 0; c < 14; c++) {
    for (let r = 0; r < 5; r++) {
      const kx = -len / 2 + wd * 0.3 + c * ((len - wd * 0.6) / 13);
      const ky = -wd / 2 + wd * 0.15 + r * ((wd * 0.7) / 4);
      out.push(ellipse(kx, ky, len / 34, wd / 12, r === 0 || r === 4 ? '#e3a21c' : '#f6cf4a'));
    }
  }
  for (let i = 0; i < 5; i++)
    out.push(line(-len * 0.3 + i * len * 0.14, -wd / 2, -len * 0.3 + i * len * 0.14 + 20, wd / 2, '#5a2e0c', 7, { opacity: 0.55 }));
  out.push(
    path(
      d`M${len / 2 - 10} ${-wd / 2}Q${len / 2 + 60} ${-wd} ${len / 2 + 90} ${-wd * 0.2}Q${len / 2 + 40} ${0} ${len / 2 - 10} ${wd / 2}Z`,
      '#b9c98a',
    ),
  );
  return group([shadow(s, x, y, len * 0.55, wd * 0.6, 0.8, rot), placed(group(out), x, y, rot)]);
}
