// The wine still life, public/images/posts/wine.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, darken, ellipse, group, lighten, path, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { cluster, glass, linen, placed, scatter } from '../tableware.ts';
import { board, cheeseWedge } from '../food.ts';

export const wine: Scene = (s, rng) => {
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

function salami(x: number, y: number, r: number, rng: Rng): string {
  const out: string[] = [circle(x + 4, y + 6, r, '#000', { opacity: 0.2 }), circle(x, y, r, '#8a1f2a'), circle(x, y, r * 0.9, '#b33a44')];
  for (let i = 0; i < 12; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.8;
    out.push(circle(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 2, 5), '#f3d9d0'));
  }
  return group(out);
}

function bottle(s: Svg, x: number, y: number, len: number, rot: number, glassC: string, label: string): string {
  const R = len * 0.14;
  const body = d`M${-len / 2} ${-R}L${len * 0.12} ${-R}Q${len * 0.24} ${-R} ${len * 0.28} ${-R * 0.35}L${len * 0.5} ${-R * 0.3}L${len * 0.5} ${R * 0.3}L${len * 0.28} ${R * 0.35}Q${len * 0.24} ${R} ${len * 0.12} ${R}L${-len / 2} ${R}Q${-len / 2 - 8} 0 ${-len / 2} ${-R}Z`;
  const out: string[] = [
    path(
      body,
      s.linear([
        [0, lighten(glassC, 0.25)],
        [0.35, glassC],
        [1, darken(glassC, 0.4)],
      ]),
    ),
  ];
  out.push(rect(len * 0.36, -R * 0.34, len * 0.15, R * 0.68, '#7a1a2a', { rx: 3 }));
  out.push(
    rect(-len * 0.3, -R * 0.98, len * 0.3, R * 1.96, label),
    rect(-len * 0.28, -R * 0.8, len * 0.26, R * 1.6, 'none', { stroke: '#b89a5a', 'stroke-width': 2 }),
    circle(-len * 0.15, 0, R * 0.3, 'none', { stroke: '#7a1a2a', 'stroke-width': 3 }),
  );
  out.push(rect(-len / 2 + 10, -R * 0.7, len * 0.85, R * 0.16, '#ffffff', { opacity: 0.3, rx: 3 }));
  return group([placed(path(body, '#000', { opacity: 0.3 }), x + 14, y + 20, rot), placed(group(out), x, y, rot)]);
}
