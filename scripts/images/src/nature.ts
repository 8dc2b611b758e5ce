// Landscape building blocks: skies, light, texture, ridgelines, clouds, water and trees.
import {
  type Pt,
  type Rng,
  type Stop,
  type Svg,
  at,
  circle,
  clamp,
  d,
  ellipse,
  group,
  lerp,
  mix,
  num,
  path,
  rand,
  rect,
  smoothPath,
} from './core.ts';

// ---------------------------------------------------------------- sky & light

export function sky(s: Svg, stops: Stop[]): void {
  s.add(rect(0, 0, s.w, s.h, s.linear(stops)));
}

/** Soft radial glow, fully transparent at its edge. */
export function glow(s: Svg, x: number, y: number, r: number, color: string, opacity = 1, rx?: number): string {
  const fill = s.radial([
    [0, color, opacity],
    [0.3, color, opacity * 0.55],
    [0.65, color, opacity * 0.16],
    [1, color, 0],
  ]);
  return rx ? ellipse(x, y, rx, r, fill) : circle(x, y, r, fill);
}

export function sun(s: Svg, x: number, y: number, r: number, core: string, halo: string, haloR = r * 6, haloOpacity = 0.55): void {
  s.add(glow(s, x, y, haloR, halo, haloOpacity));
  s.add(glow(s, x, y, r * 2.2, core, 0.5));
  s.add(
    circle(
      x,
      y,
      r,
      s.radial([
        [0, mix(core, '#ffffff', 0.35)],
        [1, core],
      ]),
    ),
  );
}

/** Crescent moon: a disc minus an offset disc, drawn as two arcs. */
export function crescent(x: number, y: number, r: number, fill: string, phase = 0.55, rot = -25): string {
  const k = r * (1 - phase * 2);
  const dd = d`M0 ${-r}A${r} ${r} 0 1 0 0 ${r}A${Math.abs(k) + 0.01} ${r} 0 0 ${k > 0 ? 1 : 0} 0 ${-r}Z`;
  return path(dd, fill, { transform: `translate(${num(x)} ${num(y)}) rotate(${rot})` });
}

export function stars(s: Svg, rng: Rng, count: number, yMax: number, color = '#ffffff', maxOpacity = 0.85): void {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = Math.pow(rng(), 1.6) * yMax;
    const fade = 1 - y / yMax;
    const big = rng() < 0.08;
    out.push(
      circle(rng() * s.w, y, big ? rand(rng, 1.4, 2.2) : rand(rng, 0.5, 1.2), color, {
        opacity: num(maxOpacity * fade * rand(rng, 0.35, 1)),
      }),
    );
  }
  s.add(group(out));
}

/** Sparse "grain": tiny light and dark specks that give a printed feel. */
export function grain(s: Svg, rng: Rng, count = 1400, light = '#ffffff', dark = '#000000', strength = 1): void {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const lightDot = rng() < 0.5;
    out.push(
      circle(rng() * s.w, rng() * s.h, rand(rng, 0.5, 1.5), lightDot ? light : dark, {
        opacity: num(rand(rng, 0.04, 0.12) * strength),
      }),
    );
  }
  s.add(group(out));
}

export function vignette(s: Svg, opacity = 0.35, color = '#000000'): void {
  const fill = s.radial(
    [
      [0, color, 0],
      [0.6, color, 0],
      [1, color, opacity],
    ],
    0.5,
    0.5,
    0.75,
  );
  s.add(rect(0, 0, s.w, s.h, fill));
}

/** Horizontal haze band (e.g. at the horizon). */
export function hazeBand(s: Svg, y: number, h: number, color: string, opacity = 0.6): void {
  s.add(
    rect(
      0,
      y - h / 2,
      s.w,
      h,
      s.linear([
        [0, color, 0],
        [0.5, color, opacity],
        [1, color, 0],
      ]),
    ),
  );
}

// ---------------------------------------------------------------- terrain

/** Smooth fractal 1D value noise in roughly [-1, 1]. */
function makeNoise(rng: Rng): (x: number, octaves?: number) => number {
  const size = 256;
  const v = Array.from({ length: size }, () => rng() * 2 - 1);
  const sample = (x: number): number => {
    const i = Math.floor(x);
    const f = x - i;
    const a = at(v, ((i % size) + size) % size);
    const b = at(v, (((i + 1) % size) + size) % size);
    return a + (b - a) * f * f * (3 - 2 * f);
  };
  return (x, octaves = 4) => {
    let sum = 0,
      amp = 1,
      freq = 1,
      norm = 0;
    for (let o = 0; o < octaves; o++) {
      sum += sample(x * freq) * amp;
      norm += amp;
      amp *= 0.5;
      freq *= 2.03;
    }
    return sum / norm;
  };
}

export interface RidgeOpts {
  base: number; // mean y of the ridgeline
  amp: number; // noise amplitude in px
  scale?: number; // px per noise unit (bigger = broader features)
  octaves?: number;
  step?: number; // sampling step in px
  smooth?: boolean; // spline vs. jagged polyline
  lift?: (x: number) => number; // extra height (px, upwards) e.g. for a specific peak
  x0?: number;
  x1?: number;
  bottom?: number;
}

/** Sample a noisy ridgeline as points (so the same profile can be reused for snow caps, clips…). */
export function ridgeProfile(rng: Rng, w: number, o: RidgeOpts): Pt[] {
  const nz = makeNoise(rng);
  const off = rng() * 200;
  const step = o.step ?? 24;
  const x0 = o.x0 ?? -30;
  const x1 = o.x1 ?? w + 30;
  const pts: Pt[] = [];
  for (let x = x0; x <= x1 + step; x += step) {
    const xx = Math.min(x, x1);
    pts.push([xx, o.base - o.amp * nz(off + xx / (o.scale ?? 300), o.octaves ?? 4) - (o.lift ? o.lift(xx) : 0)]);
    if (xx === x1) break;
  }
  return pts;
}

/** Close a profile down to the bottom of the frame. */
export function profilePath(pts: Pt[], bottom: number, smooth = true): string {
  const top = smooth ? smoothPath(pts) : pts.map((p, i) => d`${i ? 'L' : 'M'}${p[0]} ${p[1]}`).join('');
  return top + d`L${at(pts, -1)[0]} ${bottom}L${at(pts, 0)[0]} ${bottom}Z`;
}

/** Filled silhouette whose top is a noisy ridgeline. */
export function ridge(rng: Rng, w: number, h: number, o: RidgeOpts): string {
  return profilePath(ridgeProfile(rng, w, o), o.bottom ?? h + 30, o.smooth !== false);
}

/** Snow-capped range: snow above a jagged snowline, rock below (returns [snow, rock] paths). */
export function snowcap(rng: Rng, pts: Pt[], snowline: number, jag: number, bottom: number, fingers = 0): [string, string] {
  const nz = makeNoise(rng);
  const rock: Pt[] = pts.map(([x, y], i) => [
    x,
    Math.max(y, snowline + nz(x / 40, 3) * jag + (i % 2 ? jag * 0.6 : 0) + Math.abs(nz(x / 9 + 50, 2)) * fingers),
  ]);
  return [profilePath(pts, bottom, false), profilePath(rock, bottom, false)];
}

/** Piecewise-linear lift through hand-placed (x, height) knots; for drawing specific mountain profiles. */
export function knots(list: Pt[]): (x: number) => number {
  return (x) => {
    if (x <= at(list, 0)[0]) return at(list, 0)[1];
    for (let i = 0; i < list.length - 1; i++) {
      const [ax, ay] = at(list, i),
        [bx, by] = at(list, i + 1);
      if (x <= bx) return ay + ((by - ay) * (x - ax)) / (bx - ax);
    }
    return at(list, -1)[1];
  };
}

/** Drifting smoke/steam plume along a centreline, widening and fading. */
export function plume(s: Svg, centre: Pt[], w0: number, w1: number, color: string, opacity = 0.6): string {
  const left: Pt[] = [];
  const right: Pt[] = [];
  centre.forEach(([x, y], i) => {
    const t = i / (centre.length - 1);
    const [nx, ny] = at(centre, Math.min(i + 1, centre.length - 1));
    const [px, py] = at(centre, Math.max(i - 1, 0));
    let tx = nx - px,
      ty = ny - py;
    const l = Math.hypot(tx, ty) || 1;
    tx /= l;
    ty /= l;
    const wd = (w0 + (w1 - w0) * t) / 2;
    left.push([x - ty * wd, y + tx * wd]);
    right.push([x + ty * wd, y - tx * wd]);
  });
  const fill = s.linear(
    [
      [0, color, opacity],
      [1, color, 0],
    ],
    at(centre, 0)[0],
    at(centre, 0)[1],
    at(centre, -1)[0],
    at(centre, -1)[1],
    true,
  );
  return path(smoothPath(left) + 'L' + smoothPath(right.reverse()).slice(1) + 'Z', fill);
}

/** Pointillist canopy (blossom, autumn foliage): a dark mass, then small discs lightening toward the top-left. */
export function dotCanopy(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colors: string[],
  count = 400,
  rMin = 4,
  rMax = 10,
): string {
  const out: string[] = [];
  for (let i = 0; i < 14; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * 0.7;
    out.push(
      ellipse(
        cx + Math.cos(a) * rx * dd,
        cy + Math.sin(a) * ry * dd,
        rx * rand(rng, 0.28, 0.42),
        ry * rand(rng, 0.28, 0.42),
        at(colors, 0),
      ),
    );
  }
  const items: Array<[number, string]> = [];
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.pow(rng(), 0.55);
    const x = cx + Math.cos(a) * rx * dd,
      y = cy + Math.sin(a) * ry * dd;
    const light = ((cx - x) / rx) * 0.35 + ((cy - y) / ry) * 0.65;
    const idx = clamp(Math.round(((light + 1) / 2) * (colors.length - 1) + rand(rng, -0.9, 0.9)), 0, colors.length - 1);
    items.push([idx, circle(x, y, rand(rng, rMin, rMax), at(colors, idx))]);
  }
  items.sort((p, q) => p[0] - q[0]);
  out.push(...items.map((i) => i[1]));
  return group(out);
}

/** Bell-shaped lift, handy for hills and volcano cones. */
export const bump =
  (cx: number, height: number, halfWidth: number, power = 2) =>
  (x: number): number => {
    const u = Math.abs(x - cx) / halfWidth;
    return u >= 1 ? 0 : height * Math.pow(Math.cos((u * Math.PI) / 2), power);
  };

// ---------------------------------------------------------------- clouds, fog, water

/** Flat-bottomed, bumpy-topped editorial cloud. */
export function cloud(rng: Rng, x: number, y: number, w: number, h: number): string {
  const k = Math.max(3, Math.round(w / (h * 0.9)));
  const pts: Pt[] = [[x, y]];
  for (let i = 1; i < k; i++) {
    const t = i / k;
    pts.push([x + w * t + rand(rng, -0.03, 0.03) * w, y - h * Math.pow(Math.sin(Math.PI * t), 0.7) * rand(rng, 0.7, 1)]);
  }
  pts.push([x + w, y]);
  let out = d`M${x} ${y}`;
  for (let i = 1; i < pts.length; i++) {
    const [ax, ay] = at(pts, i - 1);
    const [bx, by] = at(pts, i);
    const r = (Math.hypot(bx - ax, by - ay) / 2) * rand(rng, 1.0, 1.25);
    out += d`A${r} ${r} 0 0 1 ${bx} ${by}`;
  }
  return out + 'Z';
}

/** Long thin streak clouds. */
export function wisps(s: Svg, rng: Rng, count: number, y0: number, y1: number, color: string, opacity = 0.35): void {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = rand(rng, 160, 520);
    const x = rand(rng, -100, s.w);
    const y = rand(rng, y0, y1);
    const h = rand(rng, 3, 9);
    out.push(
      path(d`M${x} ${y}Q${x + w * 0.5} ${y - h * 2} ${x + w} ${y}Q${x + w * 0.55} ${y + h * 0.6} ${x} ${y}Z`, color, {
        opacity: num(opacity * rand(rng, 0.5, 1)),
      }),
    );
  }
  s.add(group(out));
}

/** Rolling fog / mist band with an irregular billowing top edge. */
export function fogBand(rng: Rng, w: number, y: number, amp: number, bottom: number, bumps = 9): string {
  const pts: Pt[] = [];
  const avg = (w + 80) / (bumps * 2);
  let x = -40;
  let up = rng() < 0.5;
  while (x < w + 40 + avg) {
    pts.push([x, y - (up ? rand(rng, 0.7, 1.3) : rand(rng, -0.1, 0.4)) * amp]);
    x += avg * rand(rng, 0.55, 1.5);
    up = !up;
  }
  return smoothPath(pts) + d`L${x} ${bottom}L-40 ${bottom}Z`;
}

/** Tree line / hedge: a run of scalloped arcs closed down to `bottom`. */
export function scallops(rng: Rng, x0: number, x1: number, y: number, rMin: number, rMax: number, bottom: number, jitter = 6): string {
  let x = x0;
  let yy = y;
  let out = d`M${x0} ${bottom}L${x0} ${y}`;
  while (x < x1) {
    const r = rand(rng, rMin, rMax);
    const nx = x + r * 2 * rand(rng, 0.65, 0.95);
    const ny = y + rand(rng, -jitter, jitter);
    out += d`A${r} ${r} 0 0 1 ${nx} ${ny}`;
    x = nx;
    yy = ny;
  }
  return out + d`L${x} ${yy}L${x} ${bottom}Z`;
}

/** Vertical gradient for soft clouds: dense on top, dissolving toward the base. */
export function cloudFill(s: Svg, color: string, top = 0.85, bottom = 0.25): string {
  return s.linear([
    [0, color, top],
    [1, color, bottom],
  ]);
}

/** Column of light dashes below a low sun / lamp: reflections on water. */
export function glitter(
  s: Svg,
  rng: Rng,
  cx: number,
  y0: number,
  y1: number,
  maxW: number,
  color: string,
  count = 40,
  opacity = 0.8,
): void {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = Math.pow(rng(), 0.8);
    const y = lerp(y0, y1, t);
    const spread = maxW * (0.25 + t * 0.9);
    const x = cx + rand(rng, -spread, spread) * Math.pow(rng(), 0.6);
    const len = rand(rng, 8, 40) * (0.4 + t);
    const th = rand(rng, 1.2, 3) * (0.6 + t);
    out.push(
      rect(x - len / 2, y, len, th, color, {
        rx: th / 2,
        opacity: num(opacity * rand(rng, 0.3, 1) * (1 - Math.abs(x - cx) / (spread * 1.6))),
      }),
    );
  }
  s.add(group(out));
}

/** Faint horizontal ripple strokes across a body of water. */
export function ripples(s: Svg, rng: Rng, y0: number, y1: number, count: number, color: string, opacity = 0.25, x0 = 0, x1?: number): void {
  const out: string[] = [];
  const xe = x1 ?? s.w;
  for (let i = 0; i < count; i++) {
    const t = rng();
    const y = lerp(y0, y1, t * t);
    const len = rand(rng, 20, 120) * (0.4 + t);
    const x = rand(rng, x0, xe);
    out.push(rect(x, y, len, rand(rng, 1, 2.2) * (0.6 + t), color, { rx: 1, opacity: num(opacity * rand(rng, 0.4, 1)) }));
  }
  s.add(group(out));
}

// ---------------------------------------------------------------- trees

/** Stylised fir: stacked drooping tiers. */
export function pine(rng: Rng, x: number, base: number, h: number, w: number, fill: string): string {
  const tiers = 6;
  const top = base - h;
  const right: Pt[] = [];
  for (let i = 1; i <= tiers; i++) {
    const t = i / tiers;
    const y = top + h * 0.92 * t;
    const half = (w / 2) * (0.25 + 0.75 * t) * rand(rng, 0.85, 1.1);
    right.push([x + half, y + h * 0.03], [x + half * 0.45, y - h * 0.015]);
  }
  right.pop();
  const left = right.map(([px, py]) => [2 * x - px, py] as Pt).reverse();
  const trunkW = w * 0.06;
  const pts: Pt[] = [
    [x, top],
    ...right,
    [x + trunkW, base - h * 0.05],
    [x + trunkW, base],
    [x - trunkW, base],
    [x - trunkW, base - h * 0.05],
    ...left,
  ];
  return path(pts.map((p, i) => d`${i ? 'L' : 'M'}${p[0]} ${p[1]}`).join('') + 'Z', fill);
}

export function cypress(x: number, base: number, h: number, w: number, fill: string): string {
  return path(
    d`M${x} ${base - h}C${x + w * 0.7} ${base - h * 0.7} ${x + w * 0.6} ${base - h * 0.1} ${x + w * 0.12} ${base}L${x - w * 0.12} ${base}C${x - w * 0.6} ${base - h * 0.1} ${x - w * 0.7} ${base - h * 0.7} ${x} ${base - h}Z`,
    fill,
  );
}

/** Cluster-of-discs broadleaf canopy with a trunk; colours go dark→light from bottom-right to top-left. */
export function blobTree(rng: Rng, x: number, base: number, r: number, colors: string[], trunk: string): string {
  const out: string[] = [];
  const cy = base - r * 1.7;
  out.push(path(d`M${x - r * 0.08} ${base}L${x - r * 0.05} ${cy}L${x + r * 0.05} ${cy}L${x + r * 0.1} ${base}Z`, trunk));
  const blobs = 14;
  colors.forEach((c, layer) => {
    for (let i = 0; i < blobs - layer * 3; i++) {
      const a = rng() * Math.PI * 2;
      const dist = Math.sqrt(rng()) * r * (0.75 - layer * 0.12);
      const shift = layer * r * 0.12;
      out.push(
        circle(x + Math.cos(a) * dist - shift, cy + Math.sin(a) * dist * 0.8 - shift, r * rand(rng, 0.3, 0.5) * (1 - layer * 0.15), c),
      );
    }
  });
  return group(out);
}

/** Mediterranean stone pine: forked bare trunk, flat cloud-like umbrella canopy. */
export function umbrellaPine(rng: Rng, x: number, base: number, h: number, w: number, fill: string, light?: string): string {
  const top = base - h;
  const cy = top + h * 0.22;
  const tw = Math.max(4, w * 0.03);
  const out: string[] = [];
  out.push(
    path(
      d`M${x - tw} ${base}Q${x - tw * 0.6} ${base - h * 0.5} ${x - w * 0.12} ${cy}L${x - w * 0.12 + tw} ${cy}Q${x + tw * 0.4} ${base - h * 0.45} ${x + tw * 0.6} ${base - h * 0.55}Q${x + w * 0.08} ${cy + h * 0.05} ${x + w * 0.16} ${cy}L${x + w * 0.16 + tw} ${cy + 2}Q${x + tw * 1.6} ${base - h * 0.5} ${x + tw} ${base}Z`,
      fill,
    ),
  );
  const clumps = 7;
  for (let i = 0; i < clumps; i++) {
    const t = i / (clumps - 1);
    const cx = x - w / 2 + w * 0.12 + t * w * 0.76 + rand(rng, -8, 8);
    const lift = Math.sin(Math.PI * t) * h * 0.12;
    const rx = w * rand(rng, 0.16, 0.22);
    out.push(ellipse(cx, cy - lift + h * 0.02, rx, h * rand(rng, 0.07, 0.1), fill));
    if (light) out.push(ellipse(cx - rx * 0.15, cy - lift - h * 0.02, rx * 0.7, h * 0.045, light, { opacity: 0.5 }));
  }
  return group(out);
}

/** Coconut palm with a curved trunk and feathery fronds. */
export function palm(rng: Rng, x: number, base: number, h: number, lean: number, fill: string): string {
  const topX = x + lean;
  const topY = base - h;
  const ctrlX = x + lean * 0.15;
  const ctrlY = base - h * 0.55;
  const tw = h * 0.028;
  const trunk = path(
    d`M${x - tw * 1.3} ${base}Q${ctrlX - tw} ${ctrlY} ${topX - tw * 0.6} ${topY}L${topX + tw * 0.6} ${topY}Q${ctrlX + tw} ${ctrlY} ${x + tw * 1.3} ${base}Z`,
    fill,
  );
  const fronds: string[] = [];
  const count = 9;
  for (let i = 0; i < count; i++) {
    const a = -Math.PI + (Math.PI * 2 * i) / count + rand(rng, -0.2, 0.2);
    const len = h * rand(rng, 0.32, 0.42);
    fronds.push(frond(topX, topY, a, len, fill));
  }
  return trunk + fronds.join('') + circle(topX, topY + 2, h * 0.03, fill);
}

function frond(x: number, y: number, angle: number, len: number, fill: string): string {
  const dx = Math.cos(angle);
  const up = Math.sin(angle);
  const p0: Pt = [x, y];
  const c: Pt = [x + dx * len * 0.55, y + up * len * 0.5 - len * 0.35];
  const p1: Pt = [x + dx * len, y + up * len * 0.4 + len * 0.35 * (1 - Math.abs(up) * 0.5)];
  const bez = (t: number): Pt => [
    (1 - t) * (1 - t) * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p1[0],
    (1 - t) * (1 - t) * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p1[1],
  ];
  const n = 16;
  const side1: Pt[] = [];
  const side2: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const [px, py] = bez(t);
    const [qx, qy] = bez(Math.min(1, t + 0.01));
    const [rx, ry] = bez(Math.max(0, t - 0.01));
    let tx = qx - rx,
      ty = qy - ry;
    const l = Math.hypot(tx, ty) || 1;
    tx /= l;
    ty /= l;
    const width = len * 0.13 * Math.pow(Math.sin(Math.PI * clamp(t, 0, 1)), 0.8) * (i % 2 ? 1 : 0.45);
    // leaflets sweep back toward the base: offset along normal and slightly backwards
    side1.push([px - ty * width - tx * width * 0.6, py + tx * width - ty * width * 0.6]);
    side2.push([px + ty * width - tx * width * 0.6, py - tx * width - ty * width * 0.6]);
  }
  const pts = [...side1, ...side2.reverse()];
  return path(pts.map((p, i) => d`${i ? 'L' : 'M'}${p[0]} ${p[1]}`).join('') + 'Z', fill);
}

/** Gnarled olive: twisting trunk and silvery clumps of foliage. */
export function oliveTree(rng: Rng, x: number, base: number, size: number, trunk: string, leaves: string[]): string {
  const out: string[] = [];
  out.push(
    path(
      d`M${x - size * 0.12} ${base}C${x - size * 0.02} ${base - size * 0.3} ${x - size * 0.18} ${base - size * 0.45} ${x - size * 0.05} ${base - size * 0.7}L${x + size * 0.05} ${base - size * 0.68}C${x - size * 0.02} ${base - size * 0.45} ${x + size * 0.15} ${base - size * 0.3} ${x + size * 0.1} ${base}Z`,
      trunk,
    ),
  );
  out.push(
    path(
      d`M${x - size * 0.06} ${base - size * 0.5}Q${x - size * 0.3} ${base - size * 0.6} ${x - size * 0.42} ${base - size * 0.78}`,
      'none',
      { stroke: trunk, 'stroke-width': num(size * 0.035), 'stroke-linecap': 'round' },
    ),
  );
  out.push(
    path(
      d`M${x + size * 0.02} ${base - size * 0.55}Q${x + size * 0.25} ${base - size * 0.65} ${x + size * 0.4} ${base - size * 0.82}`,
      'none',
      { stroke: trunk, 'stroke-width': num(size * 0.03), 'stroke-linecap': 'round' },
    ),
  );
  leaves.forEach((c, layer) => {
    for (let i = 0; i < 16; i++) {
      const cx = x + rand(rng, -0.55, 0.55) * size;
      const cy = base - size * 0.85 + rand(rng, -0.22, 0.18) * size - layer * size * 0.04;
      out.push(
        ellipse(cx, cy, size * rand(rng, 0.12, 0.2), size * rand(rng, 0.06, 0.1), c, {
          transform: `rotate(${num(rand(rng, -15, 15))} ${num(cx)} ${num(cy)})`,
        }),
      );
    }
  });
  return group(out);
}
