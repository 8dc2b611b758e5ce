// More illustrated foods: dumplings, breads, sweets, grill, cheese board, pizza, sushi, bottles.
import {
  type Pt,
  type Rng,
  type Svg,
  at,
  circle,
  pick,
  d,
  darken,
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

// ---------------------------------------------------------------- dumplings

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

/** Crescent jiaozi with crimped edge. */
export function jiaozi(s: Svg, x: number, y: number, r: number, rot: number, seared = false): string {
  const body = d`M${-r} ${r * 0.2}Q${-r * 0.9} ${-r * 0.8} 0 ${-r * 0.8}Q${r * 0.9} ${-r * 0.8} ${r} ${r * 0.2}Q0 ${r * 0.55} ${-r} ${r * 0.2}Z`;
  const out: string[] = [
    path(body, '#000', { opacity: 0.2, transform: 'translate(6 9)' }),
    path(
      body,
      s.radial(
        [
          [0, '#fbf5e8'],
          [1, seared ? '#d9a45a' : '#e1d2b4'],
        ],
        0.45,
        0.6,
        0.7,
      ),
    ),
  ];
  for (let i = 0; i < 7; i++) {
    const t = -0.8 + (i / 6) * 1.6;
    const px = t * r * 0.95,
      py = -r * 0.8 * (1 - t * t * 0.6) + r * 0.05;
    out.push(stroke(d`M${px} ${py}Q${px + r * 0.08} ${py + r * 0.2} ${px * 0.85} ${py + r * 0.35}`, '#c9b48a', 2.2));
  }
  out.push(stroke(d`M${-r * 0.85} ${-r * 0.1}Q0 ${-r * 1.05} ${r * 0.85} ${-r * 0.1}`, '#fffaf0', 3, { opacity: 0.6 }));
  return placed(group(out), x, y, rot);
}

// ---------------------------------------------------------------- breads

export function boule(s: Svg, rng: Rng, x: number, y: number, r: number): string {
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

export function baguette(s: Svg, x: number, y: number, len: number, wd: number, rot: number): string {
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

export function roll(s: Svg, x: number, y: number, r: number): string {
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

export function wheat(x: number, y: number, len: number, rot: number, color = '#d9b26a'): string {
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

// ---------------------------------------------------------------- sweets

export function macaron(s: Svg, x: number, y: number, r: number, color: string): string {
  const out: string[] = [shadow(s, x, y, r, r, 0.6)];
  const pts: Pt[] = [];
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    const rr = r * (i % 2 ? 1 : 0.93);
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  out.push(polygon(pts, darken(color, 0.08)));
  out.push(
    circle(
      x,
      y,
      r * 0.86,
      s.radial(
        [
          [0, lighten(color, 0.25)],
          [0.8, color],
          [1, darken(color, 0.06)],
        ],
        0.4,
        0.38,
        0.65,
      ),
    ),
  );
  out.push(
    ellipse(x - r * 0.3, y - r * 0.32, r * 0.3, r * 0.12, '#ffffff', {
      opacity: 0.35,
      transform: `rotate(-35 ${num(x - r * 0.3)} ${num(y - r * 0.32)})`,
    }),
  );
  return group(out);
}

export function tartShell(s: Svg, x: number, y: number, r: number, crust: string, filling: string): string {
  const out: string[] = [shadow(s, x, y, r, r, 1.1)];
  const pts: Pt[] = [];
  for (let i = 0; i < 56; i++) {
    const a = (i / 56) * Math.PI * 2;
    const rr = r * (i % 2 ? 1 : 0.965);
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  out.push(
    polygon(
      pts,
      s.radial(
        [
          [0, lighten(crust, 0.2)],
          [1, darken(crust, 0.2)],
        ],
        0.4,
        0.38,
        0.7,
      ),
    ),
  );
  out.push(circle(x, y, r * 0.86, darken(crust, 0.18)), circle(x, y, r * 0.84, filling));
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

// ---------------------------------------------------------------- grill

export function steak(s: Svg, x: number, y: number, w: number, h: number, rot: number): string {
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
export function steakSlices(s: Svg, x: number, y: number, n: number, rot: number): string {
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

export function garlic(s: Svg, x: number, y: number, r: number): string {
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

export function corn(s: Svg, x: number, y: number, len: number, rot: number): string {
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

// ---------------------------------------------------------------- tea

export function teapot(s: Svg, x: number, y: number, r: number, body: string, rot = 0): string {
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

export function teaLeaves(rng: Rng, x: number, y: number, rad: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * rad;
    const lx = x + Math.cos(a) * dd,
      ly = y + Math.sin(a) * dd;
    out.push(
      path(d`M0 0q6 -8 14 -2q-4 8 -14 2z`, pickC(rng, ['#3f4a2a', '#55603a', '#2f3a22', '#6a7a44']), {
        transform: `translate(${num(lx)} ${num(ly)}) rotate(${num(rand(rng, 0, 360))}) scale(${num(rand(rng, 0.8, 1.4))})`,
      }),
    );
  }
  return group(out);
}

const pickC = pick;

export function cookie(s: Svg, rng: Rng, x: number, y: number, r: number): string {
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

// ---------------------------------------------------------------- cheese board

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

export function brie(s: Svg, x: number, y: number, r: number, cutAngle: number): string {
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

export function cracker(x: number, y: number, size: number, rot: number): string {
  const out: string[] = [
    rect(-size / 2 + 5, -size / 2 + 7, size, size, '#000', { rx: size * 0.12, opacity: 0.2 }),
    rect(-size / 2, -size / 2, size, size, '#e2b56e', { rx: size * 0.12 }),
    rect(-size / 2 + 4, -size / 2 + 4, size - 8, size - 8, '#ebc483', { rx: size * 0.1 }),
  ];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) out.push(circle(-size * 0.25 + i * size * 0.25, -size * 0.25 + j * size * 0.25, 2.2, '#b7833e'));
  return placed(group(out), x, y, rot);
}

export function figHalf(s: Svg, rng: Rng, x: number, y: number, r: number, rot: number): string {
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

export function walnut(x: number, y: number, r: number, rot: number): string {
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

export function salami(x: number, y: number, r: number, rng: Rng): string {
  const out: string[] = [circle(x + 4, y + 6, r, '#000', { opacity: 0.2 }), circle(x, y, r, '#8a1f2a'), circle(x, y, r * 0.9, '#b33a44')];
  for (let i = 0; i < 12; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * r * 0.8;
    out.push(circle(x + Math.cos(a) * dd, y + Math.sin(a) * dd, rand(rng, 2, 5), '#f3d9d0'));
  }
  return group(out);
}

// ---------------------------------------------------------------- bottles

export function bottle(s: Svg, x: number, y: number, len: number, rot: number, glassC: string, label: string): string {
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

// ---------------------------------------------------------------- pizza & sushi

export function pizza(s: Svg, rng: Rng, x: number, y: number, r: number): string {
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

const FISH: Record<'salmon' | 'tuna' | 'hamachi' | 'ebi', [string, string]> = {
  salmon: ['#f58a5c', '#fcd3bf'],
  tuna: ['#c7283e', '#e0606e'],
  hamachi: ['#f3c2b0', '#fbe6dc'],
  ebi: ['#f27a50', '#ffffff'],
};

export function nigiri(
  s: Svg,
  rng: Rng,
  x: number,
  y: number,
  kind: 'salmon' | 'tuna' | 'hamachi' | 'ebi' | 'tamago',
  rot: number,
): string {
  const out: string[] = [
    rect(-66, -34, 132, 68, '#000', { rx: 30, opacity: 0.25, transform: 'translate(8 12)' }),
    rect(-60, -30, 120, 60, '#f8f6ef', { rx: 28 }),
  ];
  for (let i = 0; i < 20; i++)
    out.push(ellipse(rand(rng, -55, 55), rand(rng, -26, 26), 4, 2.4, '#e6e2d6', { transform: `rotate(${num(rand(rng, 0, 180))})` }));
  if (kind === 'tamago') {
    out.push(
      rect(-70, -34, 140, 68, '#f6d04a', { rx: 10 }),
      rect(-70, -34, 140, 68, 'none', { rx: 10, stroke: '#e0ac2a', 'stroke-width': 3 }),
      rect(-14, -38, 28, 76, '#1d2a22'),
    );
  } else {
    const [main, stripe] = FISH[kind];
    const fish = d`M-78 -20Q-40 -44 20 -38Q70 -34 80 -8Q78 26 30 34Q-30 42 -72 22Q-86 0 -78 -20Z`;
    out.push(path(fish, main));
    const clip = s.clip(path(fish, '#000'));
    const st: string[] = [];
    for (let i = -4; i <= 4; i++)
      st.push(
        stroke(d`M${i * 20 - 20} -50Q${i * 20} 0 ${i * 20 + 20} 50`, stripe, kind === 'ebi' ? 6 : 3.5, {
          opacity: kind === 'tuna' ? 0.35 : 0.8,
        }),
      );
    out.push(group(st, { 'clip-path': clip }));
    out.push(path(d`M-60 -22Q-20 -40 30 -32`, 'none', { stroke: '#ffffff', 'stroke-width': 5, opacity: 0.4, 'stroke-linecap': 'round' }));
    if (kind === 'ebi') out.push(path(d`M78 -8L104 -30L98 0L104 26Z`, '#e2512a'));
  }
  return placed(group(out), x, y, rot);
}

export function maki(s: Svg, rng: Rng, x: number, y: number, r: number, filling: string[]): string {
  const out: string[] = [shadow(s, x, y, r, r, 0.6), circle(x, y, r, '#1c2620'), circle(x, y, r * 0.86, '#f8f6ef')];
  for (let i = 0; i < 16; i++) {
    const a = rng() * Math.PI * 2,
      dd = rand(rng, r * 0.45, r * 0.8);
    out.push(
      ellipse(x + Math.cos(a) * dd, y + Math.sin(a) * dd, 3.5, 2.2, '#e6e2d6', {
        transform: `rotate(${num(rand(rng, 0, 180))} ${num(x + Math.cos(a) * dd)} ${num(y + Math.sin(a) * dd)})`,
      }),
    );
  }
  filling.forEach((c, i) => {
    const a = (i / filling.length) * Math.PI * 2;
    out.push(circle(x + Math.cos(a) * r * 0.14, y + Math.sin(a) * r * 0.14, r * 0.26, c));
  });
  return group(out);
}

export function gari(rng: Rng, x: number, y: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const px = x + rand(rng, -40, 40),
      py = y + rand(rng, -30, 30);
    out.push(
      path(d`M0 0Q20 -30 44 -6Q24 18 0 0Z`, i % 2 ? '#f5b8b8' : '#f9cccb', {
        opacity: 0.9,
        transform: `translate(${num(px)} ${num(py)}) rotate(${num(rand(rng, 0, 360))})`,
      }),
    );
  }
  return group(out);
}
