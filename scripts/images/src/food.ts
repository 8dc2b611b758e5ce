// Illustrated foods that more than one picture draws (top-down views, light from the top-left).
import {
  circle,
  d,
  darken,
  ellipse,
  group,
  line,
  num,
  path,
  pick,
  polygon,
  type Pt,
  rand,
  rect,
  type Rng,
  stroke,
  type Svg,
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

export function steamer(s: Svg, x: number, y: number, r: number): string {
  const out: string[] = [shadow(s, x, y, r, r, 1.2)];
  out.push(circle(x, y, r, '#c99a5a'));
  for (let i = 0; i < 4; i++) out.push(circle(x, y, r - 4 - i * 6, 'none', { stroke: i % 2 ? '#a87a40' : '#e2bd82', 'stroke-width': 3 }));
  out.push(circle(x, y, r * 0.86, '#e9dcc0'));
  const slats: string[] = [];
  for (let yy = y - r; yy < y + r; yy += 16) slats.push(line(x - r, yy, x + r, yy, '#cdb68e', 3));
  out.push(group(slats, { 'clip-path': s.clip(circle(x, y, r * 0.86, '#000')) }));
  out.push(circle(x, y, r * 0.8, '#f5efe2', { opacity: 0.85 }));
  return group(out);
}

/** Xiaolongbao from above: pleats spiralling to a pinched top knot. */
export function soupDumpling(s: Svg, x: number, y: number, r: number, rot = 0): string {
  const out: string[] = [circle(x + 6, y + 9, r, '#000', { opacity: 0.2 })];
  out.push(
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, '#fffaf0'],
          [0.75, '#f1e7d4'],
          [1, '#d9c9ab'],
        ],
        0.42,
        0.4,
        0.6,
      ),
    ),
  );
  for (let i = 0; i < 14; i++) {
    const a = ((i / 14) * 360 + rot) * (Math.PI / 180);
    const ex = x + Math.cos(a) * r * 0.92,
      ey = y + Math.sin(a) * r * 0.92;
    const cx = x + Math.cos(a + 0.5) * r * 0.5,
      cy = y + Math.sin(a + 0.5) * r * 0.5;
    out.push(stroke(d`M${x} ${y}Q${cx} ${cy} ${ex} ${ey}`, '#cbb994', 2.2, { opacity: 0.8 }));
  }
  out.push(circle(x, y, r * 0.16, '#e6d8bc'), circle(x - r * 0.04, y - r * 0.04, r * 0.08, '#fffaf0'));
  return group(out);
}

export function blueberry(x: number, y: number, r: number): string {
  const star: Pt[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    star.push([x + Math.cos(a) * r * (i % 2 ? 0.12 : 0.3), y + Math.sin(a) * r * (i % 2 ? 0.12 : 0.3)]);
  }
  return group([
    circle(x + 2, y + 3, r, '#000', { opacity: 0.25 }),
    circle(x, y, r, '#2f3a6a'),
    circle(x, y, r * 0.9, '#4a5790', { opacity: 0.5 }),
    polygon(star, '#1c2240'),
    circle(x - r * 0.4, y - r * 0.4, r * 0.2, '#ffffff', { opacity: 0.4 }),
  ]);
}

export function mint(x: number, y: number, size: number, rot: number): string {
  const leafD = (l: number) => d`M0 0Q${l * 0.35} ${-l * 0.5} ${l} 0Q${l * 0.35} ${l * 0.5} 0 0Z`;
  return placed(
    group([
      path(leafD(size), '#3f9a4a', { transform: 'rotate(-35)' }),
      path(leafD(size * 0.9), '#4fae5a', { transform: 'rotate(35)' }),
      path(leafD(size * 0.7), '#5cbf66', { transform: 'rotate(0)' }),
    ]),
    x,
    y,
    rot,
  );
}

export function board(s: Svg, rng: Rng, x: number, y: number, w: number, h: number, color: string, rot = 0, handle = true): string {
  const out: string[] = [];
  out.push(rect(-w / 2 + 16, -h / 2 + 22, w, h, '#000', { rx: h * 0.18, opacity: 0.3 }));
  if (handle)
    out.push(
      rect(w / 2 - 20, -h * 0.1, h * 0.45, h * 0.2, color, { rx: h * 0.1 }),
      circle(w / 2 + h * 0.3, 0, h * 0.04, darken(color, 0.4)),
    );
  out.push(rect(-w / 2, -h / 2, w, h, color, { rx: h * 0.18 }));
  for (let i = 0; i < 10; i++) {
    const yy = -h / 2 + rand(rng, 10, h - 10);
    out.push(
      stroke(
        d`M${-w / 2 + 20} ${yy}Q0 ${yy + rand(rng, -10, 10)} ${w / 2 - 20} ${yy + rand(rng, -6, 6)}`,
        darken(color, 0.18),
        rand(rng, 1, 2.4),
        { opacity: 0.5 },
      ),
    );
  }
  out.push(
    rect(
      -w / 2,
      -h / 2,
      w,
      h,
      s.linear(
        [
          [0, '#ffffff', 0.12],
          [1, '#000000', 0.12],
        ],
        0,
        0,
        1,
        1,
      ),
      { rx: h * 0.18 },
    ),
  );
  return placed(group(out), x, y, rot);
}

export function cheeseWedge(x: number, y: number, size: number, rot: number, paste: string, rind: string, holes = 0, rng?: Rng): string {
  const pts: Pt[] = [
    [-size * 0.5, -size * 0.45],
    [size * 0.6, 0],
    [-size * 0.5, size * 0.45],
  ];
  const out: string[] = [
    polygon(pts, paste),
    path(
      d`M${-size * 0.5} ${-size * 0.45}Q${-size * 0.62} 0 ${-size * 0.5} ${size * 0.45}L${-size * 0.42} ${size * 0.38}Q${-size * 0.52} 0 ${-size * 0.42} ${-size * 0.38}Z`,
      rind,
    ),
  ];
  out.push(line(-size * 0.42, -size * 0.38, size * 0.52, 0, '#ffffff', 2, { opacity: 0.35 }));
  if (rng)
    for (let i = 0; i < holes; i++)
      out.push(circle(rand(rng, -size * 0.3, size * 0.2), rand(rng, -size * 0.15, size * 0.15), rand(rng, 3, 8), darken(paste, 0.12)));
  return group([
    polygon(
      pts.map(([px, py]) => [px + 8, py + 12]),
      '#000',
      { opacity: 0.2, transform: `translate(${num(x)} ${num(y)}) rotate(${num(rot)})` },
    ),
    placed(group(out), x, y, rot),
  ]);
}
