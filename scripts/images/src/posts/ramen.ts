// The ramen still life, public/images/posts/ramen.jpg (and its WebP sizes), with the foods only it draws.
import {
  circle,
  d,
  ellipse,
  group,
  lighten,
  line,
  num,
  path,
  polygon,
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
import { bowl, chopsticks, liquid, napkin, placed, scatter, woodTable } from '../tableware.ts';
import { egg } from '../food.ts';

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

export const ramen: Scene = (s, rng) => {
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

function chashu(s: Svg, x: number, y: number, r: number): string {
  return group([
    circle(x + 4, y + 6, r, '#000', { opacity: 0.2 }),
    circle(
      x,
      y,
      r,
      s.radial([
        [0, '#efbfa2'],
        [0.7, '#d08a68'],
        [1, '#a95b3d'],
      ]),
    ),
    circle(x, y, r - 5, 'none', { stroke: '#7a3b22', 'stroke-width': 10 }),
    stroke(d`M${x - r * 0.6} ${y - r * 0.1}Q${x - r * 0.1} ${y - r * 0.5} ${x + r * 0.5} ${y - r * 0.25}`, '#f6dcc8', 5, { opacity: 0.75 }),
    stroke(d`M${x - r * 0.5} ${y + r * 0.3}Q${x} ${y + r * 0.05} ${x + r * 0.55} ${y + r * 0.3}`, '#f6dcc8', 4, { opacity: 0.6 }),
  ]);
}

function naruto(x: number, y: number, r: number): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 32; i++) {
    const a = (i / 32) * Math.PI * 2;
    const rr = i % 2 ? r : r * 0.9;
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  let sp = d`M${x} ${y}`;
  for (let t = 0; t < 2.6 * Math.PI * 2; t += 0.3)
    sp += d`L${x + Math.cos(t) * (t / 16.5) * r * 0.85} ${y + Math.sin(t) * (t / 16.5) * r * 0.85}`;
  return group([circle(x + 3, y + 5, r, '#000', { opacity: 0.18 }), polygon(pts, '#fbf6f2'), stroke(sp, '#e05a85', r * 0.12)]);
}

/** Bundle of wavy noodles in a patch, rotated. */
function noodles(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  rot: number,
  light: string,
  dark: string,
  count = 34,
  width = 6,
): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const yy = -h / 2 + (h * i) / count + rand(rng, -3, 3);
    const amp = rand(rng, 4, 10),
      per = rand(rng, 34, 60),
      ph = rng() * 7;
    const pts: Pt[] = [];
    for (let xx = -w / 2; xx <= w / 2; xx += 12) pts.push([xx, yy + Math.sin((xx / per) * Math.PI * 2 + ph) * amp]);
    const dd = smoothPath(pts);
    out.push(stroke(dd, dark, width + 2.5), stroke(dd, i % 3 ? light : lighten(light, 0.15), width));
  }
  return placed(group(out), x, y, rot);
}
