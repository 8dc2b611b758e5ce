// Individual illustrated foods for the still lifes (top-down views, light from the top-left).
import {
  type Pt,
  type Rng,
  type Svg,
  at,
  circle,
  pick,
  d,
  darken,
  mix,
  ellipse,
  group,
  lighten,
  line,
  num,
  path,
  polygon,
  rand,
  rect,
  smoothPath,
  stroke,
} from './core.ts';
import { placed, shadow } from './tableware.ts';

export function egg(s: Svg, x: number, y: number, r: number, rot: number, edge = '#d9a56a'): string {
  return placed(
    group([
      ellipse(0, 0, r, r * 0.78, '#f7ecd9', { stroke: edge, 'stroke-width': 4 }),
      ellipse(
        r * 0.05,
        0,
        r * 0.55,
        r * 0.45,
        s.radial([
          [0, '#f9b23a'],
          [0.7, '#ef8f22'],
          [1, '#d9731a'],
        ]),
      ),
      ellipse(-r * 0.12, -r * 0.15, r * 0.16, r * 0.08, '#ffffff', { opacity: 0.5 }),
    ]),
    x,
    y,
    rot,
  );
}

/** Fried egg: wobbly white, domed yolk. */
export function friedEgg(s: Svg, rng: Rng, x: number, y: number, r: number): string {
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

export function chashu(s: Svg, x: number, y: number, r: number): string {
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

export function naruto(x: number, y: number, r: number): string {
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
export function noodles(
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

/** Tangled stir-fried noodles filling a circle. */
export function noodleTangle(rng: Rng, x: number, y: number, r: number, light: string, dark: string, count = 70, width = 7): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let a = rng() * Math.PI * 2;
    let px = x + Math.cos(a) * r * Math.sqrt(rng()) * 0.8,
      py = y + Math.sin(a) * r * Math.sqrt(rng()) * 0.8;
    const pts: Pt[] = [[px, py]];
    for (let k = 0; k < 7; k++) {
      a += rand(rng, -1.1, 1.1);
      px += Math.cos(a) * r * 0.16;
      py += Math.sin(a) * r * 0.16;
      const dx = px - x,
        dy = py - y,
        dist = Math.hypot(dx, dy);
      if (dist > r * 0.9) {
        px = x + (dx / dist) * r * 0.9;
        py = y + (dy / dist) * r * 0.9;
        a += Math.PI * 0.7;
      }
      pts.push([px, py]);
    }
    const dd = smoothPath(pts);
    out.push(stroke(dd, dark, width + 2.5), stroke(dd, rng() < 0.7 ? light : lighten(light, 0.18), width));
  }
  return group(out);
}

/** Crescent croissant: a tapered crescent split into puffy rolled segments. */
export function croissant(s: Svg, x: number, y: number, len: number, rot: number): string {
  const N = 40;
  const center: Pt[] = [],
    left: Pt[] = [],
    right: Pt[] = [];
  for (let i = 0; i <= N; i++) {
    const t = -1 + (2 * i) / N;
    const cx = (t * len) / 2,
      cy = (1 - t * t) * len * 0.3;
    const dx = len / 2,
      dy = -2 * t * len * 0.3;
    const l = Math.hypot(dx, dy);
    const hw = len * 0.19 * Math.pow(1 - t * t, 0.75) + len * 0.025;
    center.push([cx, cy]);
    left.push([cx + (dy / l) * hw, cy - (dx / l) * hw]);
    right.push([cx - (dy / l) * hw, cy + (dx / l) * hw]);
  }
  const out: string[] = [];
  const segs = 7;
  for (let k = 0; k < segs; k++) {
    const i0 = Math.round((k * N) / segs),
      i1 = Math.round(((k + 1) * N) / segs);
    const pts: Pt[] = [...left.slice(i0, i1 + 1), ...right.slice(i0, i1 + 1).reverse()];
    const mid = at(center, Math.round((i0 + i1) / 2));
    const L0 = at(left, i0),
      R0 = at(right, i0),
      C0 = at(center, i0);
    const tone = 1 - Math.abs(k - (segs - 1) / 2) / segs;
    const fill = s.radial(
      [
        [0, mix('#f3c477', '#f8d898', tone * 0.5)],
        [0.6, '#d9913f'],
        [1, '#9c561f'],
      ],
      0.42,
      0.4,
      0.65,
    );
    out.push(polygon(pts, fill));
    if (k > 0)
      out.push(
        stroke(d`M${L0[0]} ${L0[1]}Q${mid[0] - (mid[0] - C0[0]) * 0.2} ${C0[1]} ${R0[0]} ${R0[1]}`, '#7a3e14', 2.5, { opacity: 0.6 }),
      );
    out.push(
      ellipse(mid[0] - len * 0.02, mid[1] - len * 0.04, len * 0.035, len * 0.08 * tone + 2, '#fff0c8', {
        opacity: 0.35,
        transform: `rotate(${num(((k - 3) / 3) * 40)} ${num(mid[0])} ${num(mid[1])})`,
      }),
    );
  }
  return group([shadow(s, x, y + len * 0.08, len * 0.52, len * 0.2, 0.9, rot), placed(group(out), x, y, rot)]);
}

export function painAuChocolat(s: Svg, x: number, y: number, w: number, h: number, rot: number): string {
  const out: string[] = [];
  out.push(
    rect(
      -w / 2,
      -h / 2,
      w,
      h,
      s.linear([
        [0, '#eeb460'],
        [1, '#b66a2a'],
      ]),
      { rx: h * 0.4 },
    ),
  );
  for (let i = 1; i < 4; i++)
    out.push(
      stroke(d`M${-w / 2 + 10} ${-h / 2 + (h * i) / 4}Q0 ${-h / 2 + (h * i) / 4 - 6} ${w / 2 - 10} ${-h / 2 + (h * i) / 4}`, '#8a4a1c', 2, {
        opacity: 0.5,
      }),
    );
  out.push(
    rect(-w / 2 - 2, -h * 0.12, 12, h * 0.24, '#3b1f14', { rx: 3 }),
    rect(w / 2 - 10, -h * 0.12, 12, h * 0.24, '#3b1f14', { rx: 3 }),
  );
  out.push(ellipse(-w * 0.15, -h * 0.25, w * 0.25, h * 0.1, '#fff2d0', { opacity: 0.3 }));
  return group([shadow(s, x, y, w * 0.55, h * 0.55, 0.8, rot), placed(group(out), x, y, rot)]);
}

export function shrimp(x: number, y: number, r: number, rot: number, body = '#f2855a', stripe = '#fbd2b8'): string {
  const out: string[] = [];
  const arcD = d`M${r} 0A${r} ${r} 0 1 1 ${-r * 0.7} ${r * 0.7}`;
  out.push(stroke(arcD, '#000', r * 0.62, { opacity: 0.18, transform: 'translate(5 7)' }));
  out.push(stroke(arcD, body, r * 0.6, { 'stroke-linecap': 'round' }));
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 1.35 - 0.2;
    out.push(
      line(Math.cos(a) * r * 0.72, Math.sin(a) * r * 0.72, Math.cos(a) * r * 1.28, Math.sin(a) * r * 1.28, stripe, 2.5, {
        opacity: 0.8,
        'stroke-linecap': 'round',
      }),
    );
  }
  out.push(path(d`M${-r * 0.7} ${r * 0.7}L${-r * 1.25} ${r * 1.05}L${-r * 1.05} ${r * 0.55}Z`, darken(body, 0.15)));
  out.push(path(d`M${-r * 0.7} ${r * 0.7}L${-r * 0.95} ${r * 1.3}L${-r * 0.45} ${r * 1.0}Z`, darken(body, 0.1)));
  return placed(group(out), x, y, rot);
}

export function oyster(s: Svg, rng: Rng, x: number, y: number, r: number, rot: number): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    const rr = r * rand(rng, 0.85, 1.1) * (Math.abs(Math.cos(a)) * 0.35 + 0.75);
    pts.push([Math.cos(a) * rr * 1.15, Math.sin(a) * rr * 0.85]);
  }
  pts.push(at(pts, 0), at(pts, 1), at(pts, 2));
  const shell = smoothPath(pts) + 'Z';
  const out: string[] = [path(shell, '#8b857a'), stroke(smoothPath(pts), '#5f5a52', 3)];
  for (let i = 0; i < 4; i++)
    out.push(ellipse(0, 0, r * (1 - i * 0.12), r * (0.75 - i * 0.1), 'none', { stroke: '#a8a294', 'stroke-width': 1.5, opacity: 0.5 }));
  out.push(
    ellipse(
      0,
      0,
      r * 0.82,
      r * 0.58,
      s.radial([
        [0, '#f3efe6'],
        [0.7, '#d9d4c7'],
        [1, '#a9a6a0'],
      ]),
    ),
  );
  out.push(
    ellipse(r * 0.05, 0, r * 0.55, r * 0.38, '#c9c3b0'),
    ellipse(r * 0.05, 0, r * 0.55, r * 0.38, 'none', { stroke: '#6d6a5f', 'stroke-width': 3, 'stroke-dasharray': '4 3' }),
  );
  out.push(ellipse(-r * 0.15, -r * 0.12, r * 0.22, r * 0.08, '#ffffff', { opacity: 0.6 }));
  return group([shadow(s, x, y, r * 1.1, r * 0.8, 0.6, rot), placed(group(out), x, y, rot)]);
}

export function coffeeBean(x: number, y: number, r: number, rot: number): string {
  return placed(
    group([
      ellipse(3, 4, r, r * 0.68, '#000', { opacity: 0.2 }),
      ellipse(0, 0, r, r * 0.68, '#5a3420'),
      ellipse(-r * 0.2, -r * 0.2, r * 0.5, r * 0.25, '#8a5a3a', { opacity: 0.5 }),
      stroke(d`M${-r * 0.8} ${r * 0.05}Q0 ${-r * 0.25} ${r * 0.8} ${r * 0.05}`, '#2b160c', 2.2),
    ]),
    x,
    y,
    rot,
  );
}

/** Latte art rosetta/heart on crema. */
export function latteArt(x: number, y: number, r: number): string {
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    const k = 1 - i * 0.17;
    const yy = y + r * 0.35 - i * r * 0.16;
    out.push(
      path(
        d`M${x} ${yy + r * 0.3 * k}C${x - r * 0.9 * k} ${yy - r * 0.1} ${x - r * 0.5 * k} ${yy - r * 0.65 * k} ${x} ${yy - r * 0.25 * k}C${x + r * 0.5 * k} ${yy - r * 0.65 * k} ${x + r * 0.9 * k} ${yy - r * 0.1} ${x} ${yy + r * 0.3 * k}Z`,
        i % 2 ? '#c8874c' : '#fbf3e6',
      ),
    );
  }
  out.push(stroke(d`M${x} ${y - r * 0.55}L${x} ${y + r * 0.7}`, '#fbf3e6', 3));
  return group(out);
}

export function tortilla(s: Svg, rng: Rng, x: number, y: number, r: number): string {
  const spots: string[] = [];
  for (let i = 0; i < 26; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.95;
    spots.push(
      ellipse(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 3, 9), rand(rng, 2, 6), '#b8823e', {
        opacity: num(rand(rng, 0.3, 0.7)),
      }),
    );
  }
  return group([
    shadow(s, x, y, r, r, 0.6),
    circle(
      x,
      y,
      r,
      s.radial([
        [0, '#f6e2ad'],
        [1, '#e3c27a'],
      ]),
    ),
    group(spots),
  ]);
}

/** Random chunky pieces (meat, veg) in an area, each a rounded irregular quad. */
export function chunks(rng: Rng, x: number, y: number, rx: number, ry: number, count: number, colors: string[], size: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng());
    const cx = x + Math.cos(a) * rx * dd,
      cy = y + Math.sin(a) * ry * dd;
    const sz = size * rand(rng, 0.7, 1.2);
    const c = pick(rng, colors);
    out.push(
      rect(cx - sz / 2 + 2, cy - sz / 2 + 3, sz, sz * 0.8, '#000', {
        rx: sz * 0.25,
        opacity: 0.18,
        transform: `rotate(${num(rand(rng, 0, 90))} ${num(cx)} ${num(cy)})`,
      }),
    );
    out.push(
      rect(cx - sz / 2, cy - sz / 2, sz, sz * 0.8, c, {
        rx: sz * 0.25,
        transform: `rotate(${num(rand(rng, 0, 90))} ${num(cx)} ${num(cy)})`,
      }),
    );
  }
  return group(out);
}

export function raspberry(x: number, y: number, r: number, color = '#c8203f'): string {
  const out: string[] = [circle(x + 3, y + 4, r, '#000', { opacity: 0.2 }), circle(x, y, r, darken(color, 0.15))];
  for (let ring = 0; ring < 3; ring++) {
    const n = ring === 0 ? 1 : ring * 6;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + ring;
      const dd = ring * r * 0.36;
      out.push(
        circle(x + Math.cos(a) * dd, y + Math.sin(a) * dd, r * 0.24, color),
        circle(x + Math.cos(a) * dd - r * 0.07, y + Math.sin(a) * dd - r * 0.07, r * 0.07, '#ffffff', { opacity: 0.5 }),
      );
    }
  }
  return group(out);
}

export function strawberryHalf(x: number, y: number, r: number, rot: number): string {
  const out: string[] = [
    path(
      d`M0 ${r}C${-r * 1.1} ${r * 0.2} ${-r * 0.9} ${-r * 0.9} 0 ${-r * 0.7}C${r * 0.9} ${-r * 0.9} ${r * 1.1} ${r * 0.2} 0 ${r}Z`,
      '#d8263a',
    ),
    path(
      d`M0 ${r * 0.7}C${-r * 0.75} ${r * 0.1} ${-r * 0.6} ${-r * 0.6} 0 ${-r * 0.45}C${r * 0.6} ${-r * 0.6} ${r * 0.75} ${r * 0.1} 0 ${r * 0.7}Z`,
      '#f2808a',
    ),
    path(
      d`M0 ${r * 0.5}C${-r * 0.3} ${0} ${-r * 0.2} ${-r * 0.35} 0 ${-r * 0.3}C${r * 0.2} ${-r * 0.35} ${r * 0.3} ${0} 0 ${r * 0.5}Z`,
      '#fbd4d2',
    ),
    path(
      d`M${-r * 0.5} ${-r * 0.72}L0 ${-r * 0.55}L${r * 0.5} ${-r * 0.72}L${r * 0.2} ${-r * 0.9}L0 ${-r * 1.05}L${-r * 0.2} ${-r * 0.9}Z`,
      '#3f7a35',
    ),
  ];
  return group([
    ellipse(x + 4, y + 6, r * 0.9, r, '#000', { opacity: 0.18, transform: `rotate(${num(rot)} ${num(x)} ${num(y)})` }),
    placed(group(out), x, y, rot),
  ]);
}

export function basil(x: number, y: number, len: number, rot: number): string {
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
