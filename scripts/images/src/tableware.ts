// Top-down still-life kit: table surfaces, soft shadows, plates, bowls, cups, glasses, cutlery,
// napkins and small garnishes. Light comes from the top-left; shadows fall to the bottom-right.
import {
  type Pt,
  type Rng,
  type Svg,
  circle,
  pick,
  clamp,
  d,
  darken,
  ellipse,
  group,
  lighten,
  line,
  mix,
  num,
  path,
  polygon,
  rand,
  rect,
  smoothPath,
  stroke,
} from './core.ts';

const SHADOW_DX = 12;
const SHADOW_DY = 18;

const shadowIds = new WeakMap<Svg, string>();

/** Shared soft-shadow radial gradient (black centre fading out), created once per document. */
function shadowFill(s: Svg): string {
  let id = shadowIds.get(s);
  if (!id) {
    id = s.radial([
      [0, '#000000', 0.5],
      [0.55, '#000000', 0.32],
      [1, '#000000', 0],
    ]);
    shadowIds.set(s, id);
  }
  return id;
}

export function shadow(s: Svg, x: number, y: number, rx: number, ry = rx, strength = 1, rot = 0): string {
  return ellipse(x + SHADOW_DX * strength, y + SHADOW_DY * strength, rx * 1.12, ry * 1.12, shadowFill(s), {
    opacity: num(clamp(0.85 * strength, 0, 1)),
    transform: rot ? `rotate(${num(rot)} ${num(x)} ${num(y)})` : undefined,
  });
}

/** Arc stroke on a circle between angles (degrees), e.g. rim highlights. */
export function arc(cx: number, cy: number, r: number, a0: number, a1: number, color: string, width: number, opacity = 1): string {
  const p = (a: number): Pt => [cx + Math.cos((a * Math.PI) / 180) * r, cy + Math.sin((a * Math.PI) / 180) * r];
  const [x0, y0] = p(a0);
  const [x1, y1] = p(a1);
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  return stroke(d`M${x0} ${y0}A${r} ${r} 0 ${large} 1 ${x1} ${y1}`, color, width, { opacity });
}

// ---------------------------------------------------------------- surfaces

export function woodTable(s: Svg, rng: Rng, base: string, plank = 170, vertical = false): void {
  const { w, h } = s;
  const span = vertical ? w : h;
  const out: string[] = [];
  for (let p = 0; p * plank < span; p++) {
    const c = mix(base, p % 2 ? darken(base, 0.12) : lighten(base, 0.06), rand(rng, 0.2, 0.8));
    const x = vertical ? p * plank : 0;
    const y = vertical ? 0 : p * plank;
    out.push(vertical ? rect(x, 0, plank, h, c) : rect(0, y, w, plank, c));
    // grain: long gently wavy strokes
    for (let g = 0; g < 9; g++) {
      const off = rand(rng, 8, plank - 8);
      const pts: Pt[] = [];
      const len = vertical ? h : w;
      const amp = rand(rng, 2, 7);
      const ph = rng() * 6;
      for (let t = -20; t <= len + 20; t += 80) {
        const o = off + Math.sin(t / rand(rng, 120, 200) + ph) * amp;
        pts.push(vertical ? [x + o, t] : [t, y + o]);
      }
      out.push(stroke(smoothPath(pts), darken(c, rand(rng, 0.12, 0.3)), rand(rng, 1, 2.6), { opacity: num(rand(rng, 0.25, 0.55)) }));
    }
    if (rng() < 0.6) {
      const kx = vertical ? x + rand(rng, 30, plank - 30) : rand(rng, 0, w);
      const ky = vertical ? rand(rng, 0, h) : y + rand(rng, 30, plank - 30);
      for (let k = 0; k < 3; k++)
        out.push(
          ellipse(kx, ky, (vertical ? 8 : 20) + k * 7, (vertical ? 20 : 8) + k * 5, 'none', {
            stroke: darken(c, 0.25),
            'stroke-width': 1.5,
            opacity: 0.4,
          }),
        );
    }
    out.push(
      vertical
        ? rect(x - 1.5, 0, 3, h, darken(base, 0.45), { opacity: 0.6 })
        : rect(0, y - 1.5, w, 3, darken(base, 0.45), { opacity: 0.6 }),
    );
  }
  s.add(group(out));
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.linear(
        [
          [0, '#ffffff', 0.1],
          [0.5, '#ffffff', 0],
          [1, '#000000', 0.18],
        ],
        0,
        0,
        1,
        1,
      ),
    ),
  );
}

export function linen(s: Svg, rng: Rng, base: string, stripe?: string, stripeEvery = 0): void {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, base));
  const out: string[] = [];
  for (let y = 0; y < h; y += 5) out.push(rect(0, y, w, 1.2, darken(base, 0.08), { opacity: num(rand(rng, 0.15, 0.4)) }));
  for (let x = 0; x < w; x += 7) out.push(rect(x, 0, 1, h, lighten(base, 0.08), { opacity: num(rand(rng, 0.1, 0.3)) }));
  if (stripe && stripeEvery) {
    for (let x = stripeEvery / 2; x < w; x += stripeEvery)
      out.push(rect(x, 0, 14, h, stripe, { opacity: 0.5 }), rect(x + 22, 0, 4, h, stripe, { opacity: 0.5 }));
  }
  s.add(group(out));
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.linear(
        [
          [0, '#ffffff', 0.12],
          [1, '#000000', 0.14],
        ],
        0,
        0,
        1,
        1,
      ),
    ),
  );
}

export function gingham(s: Svg, base: string, check: string, size = 60): void {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, base));
  const out: string[] = [];
  for (let x = 0; x < w; x += size * 2) out.push(rect(x, 0, size, h, check, { opacity: 0.35 }));
  for (let y = 0; y < h; y += size * 2) out.push(rect(0, y, w, size, check, { opacity: 0.35 }));
  s.add(group(out));
  s.add(
    rect(
      0,
      0,
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
    ),
  );
}

export function marble(s: Svg, rng: Rng, base: string, vein: string): void {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, base));
  const out: string[] = [];
  for (let v = 0; v < 14; v++) {
    let x = rand(rng, -200, w),
      y = rand(rng, -100, h);
    const pts: Pt[] = [[x, y]];
    const dir = rand(rng, -0.6, 0.9);
    for (let i = 0; i < 14; i++) {
      x += Math.cos(dir) * 70 + rand(rng, -30, 30);
      y += Math.sin(dir) * 70 + rand(rng, -30, 30);
      pts.push([x, y]);
    }
    out.push(stroke(smoothPath(pts), vein, rand(rng, 0.8, 3), { opacity: num(rand(rng, 0.15, 0.45)) }));
  }
  for (let i = 0; i < 12; i++)
    out.push(
      ellipse(rand(rng, 0, w), rand(rng, 0, h), rand(rng, 80, 260), rand(rng, 30, 90), vein, {
        opacity: 0.04,
        transform: `rotate(${num(rand(rng, -30, 30))})`,
      }),
    );
  s.add(group(out));
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.linear(
        [
          [0, '#ffffff', 0.15],
          [1, '#000000', 0.1],
        ],
        0,
        0,
        1,
        1,
      ),
    ),
  );
}

/** Dark stone / slate / concrete with fine speckles. */
export function stone(s: Svg, rng: Rng, base: string, speck: string, count = 900): void {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, base));
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(circle(rand(rng, 0, w), rand(rng, 0, h), rand(rng, 0.6, 2.2), speck, { opacity: num(rand(rng, 0.08, 0.3)) }));
  for (let i = 0; i < 10; i++)
    out.push(ellipse(rand(rng, 0, w), rand(rng, 0, h), rand(rng, 100, 300), rand(rng, 60, 160), speck, { opacity: 0.035 }));
  s.add(group(out));
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.radial(
        [
          [0, '#ffffff', 0.08],
          [1, '#000000', 0.25],
        ],
        0.35,
        0.3,
        0.9,
      ),
    ),
  );
}

// ---------------------------------------------------------------- vessels

export function plate(s: Svg, x: number, y: number, r: number, color: string, rim?: string, well = 0.72): string {
  const out: string[] = [shadow(s, x, y, r, r)];
  out.push(circle(x, y, r, color));
  out.push(circle(x, y, r, 'none', { stroke: darken(color, 0.12), 'stroke-width': 2 }));
  if (rim) out.push(circle(x, y, r - 8, 'none', { stroke: rim, 'stroke-width': 4 }));
  out.push(
    circle(
      x,
      y,
      r * well,
      s.radial(
        [
          [0, lighten(color, 0.06)],
          [0.85, color],
          [1, darken(color, 0.1)],
        ],
        0.56,
        0.58,
        0.6,
      ),
    ),
  );
  out.push(arc(x, y, r * well, 200, 290, darken(color, 0.14), 3, 0.6));
  out.push(arc(x, y, r - 3, 190, 260, '#ffffff', 3, 0.55));
  return group(out);
}

export function bowl(s: Svg, x: number, y: number, r: number, outer: string, inner: string, rimW = 0.1): string {
  const out: string[] = [shadow(s, x, y, r, r, 1.15)];
  out.push(
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, lighten(outer, 0.1)],
          [1, darken(outer, 0.12)],
        ],
        0.35,
        0.3,
        0.8,
      ),
    ),
  );
  out.push(
    circle(
      x,
      y,
      r * (1 - rimW),
      s.radial(
        [
          [0, inner],
          [0.8, inner],
          [1, darken(inner, 0.25)],
        ],
        0.58,
        0.6,
        0.55,
      ),
    ),
  );
  out.push(arc(x, y, r - 2, 195, 275, '#ffffff', 3, 0.5));
  return group(out);
}

/** Inner contents disc for a bowl (soup, sauce, tea…) with a glossy highlight. */
export function liquid(s: Svg, x: number, y: number, r: number, color: string, shine = 0.35): string {
  return group([
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, lighten(color, 0.12)],
          [0.75, color],
          [1, darken(color, 0.2)],
        ],
        0.55,
        0.55,
        0.55,
      ),
    ),
    ellipse(x - r * 0.35, y - r * 0.4, r * 0.28, r * 0.1, '#ffffff', {
      opacity: shine,
      transform: `rotate(-35 ${num(x - r * 0.35)} ${num(y - r * 0.4)})`,
    }),
  ]);
}

export function cup(s: Svg, x: number, y: number, r: number, color: string, drink: string, handleAngle = 30, saucer?: string): string {
  const out: string[] = [];
  if (saucer) out.push(plate(s, x, y, r * 1.6, saucer, undefined, 0.7));
  else out.push(shadow(s, x, y, r, r));
  const a = (handleAngle * Math.PI) / 180;
  const hx = x + Math.cos(a) * r * 1.15,
    hy = y + Math.sin(a) * r * 1.15;
  out.push(
    rect(hx - r * 0.32, hy - r * 0.13, r * 0.64, r * 0.26, color, {
      rx: r * 0.13,
      transform: `rotate(${handleAngle} ${num(hx)} ${num(hy)})`,
    }),
  );
  out.push(circle(x, y, r, color), circle(x, y, r, 'none', { stroke: darken(color, 0.15), 'stroke-width': 1.5 }));
  out.push(liquid(s, x, y, r * 0.84, drink, 0.2));
  out.push(arc(x, y, r - 2, 200, 280, '#ffffff', 2.5, 0.6));
  return group(out);
}

/** Top-down stemmed glass: faint foot, clear bowl, optional wine disc. */
export function glass(s: Svg, x: number, y: number, r: number, wine?: string): string {
  const out: string[] = [];
  out.push(ellipse(x + 22, y + 30, r * 1.05, r * 1.05, shadowFill(s), { opacity: 0.35 }));
  if (wine) out.push(circle(x + 10, y + 14, r * 0.9, wine, { opacity: 0.25 }));
  out.push(circle(x, y, r * 0.75, 'none', { stroke: '#ffffff', 'stroke-width': 1.5, opacity: 0.25 }));
  out.push(circle(x, y, r, '#ffffff', { opacity: 0.08 }));
  if (wine)
    out.push(
      circle(
        x + r * 0.05,
        y + r * 0.06,
        r * 0.72,
        s.radial(
          [
            [0, lighten(wine, 0.15)],
            [0.8, wine],
            [1, darken(wine, 0.3)],
          ],
          0.6,
          0.6,
          0.6,
        ),
        { opacity: 0.95 },
      ),
    );
  out.push(circle(x, y, r, 'none', { stroke: '#ffffff', 'stroke-width': 2.5, opacity: 0.55 }));
  out.push(arc(x, y, r - 6, 200, 260, '#ffffff', 5, 0.45));
  out.push(arc(x, y, r - 6, 20, 60, '#ffffff', 2.5, 0.3));
  return group(out);
}

// ---------------------------------------------------------------- cutlery & linens

export function placed(content: string, x: number, y: number, rot: number): string {
  return group(content, { transform: `translate(${num(x)} ${num(y)}) rotate(${num(rot)})` });
}

/** Fork centred at (x, y) pointing along `rot` degrees (0 = tines to the right). */
export function fork(x: number, y: number, len: number, rot: number, color = '#c9ccd1'): string {
  const L = len / 2,
    k = len / 300;
  const fd =
    d`M${-L} ${-5 * k}L${L * 0.2} ${-4 * k}Q${L * 0.32} ${-6 * k} ${L * 0.42} ${-13 * k}L${L} ${-13 * k}L${L} ${-9 * k}L${L * 0.5} ${-9 * k}L${L * 0.5} ${-4 * k}L${L} ${-4 * k}L${L} ${0}L${L * 0.5} ${0}` +
    d`L${L * 0.5} ${4 * k}L${L} ${4 * k}L${L} ${8 * k}L${L * 0.5} ${8 * k}L${L * 0.5} ${9 * k}L${L} ${9 * k}L${L} ${13 * k}L${L * 0.42} ${13 * k}Q${L * 0.32} ${6 * k} ${L * 0.2} ${4 * k}L${-L} ${6 * k}Q${-L - 8 * k} ${0} ${-L} ${-5 * k}Z`;
  const body = path(fd, color);
  const shine = rect(-L, -2 * k, L * 1.1, 2 * k, '#ffffff', { opacity: 0.5 });
  return group([placed(path(fd, '#000', { opacity: 0.25 }), x + 8, y + 10, rot), placed(body + shine, x, y, rot)]);
}

export function knife(x: number, y: number, len: number, rot: number, color = '#c9ccd1', handle?: string): string {
  const L = len / 2,
    k = len / 300;
  const blade = d`M${-L * 0.2} ${-6 * k}L${L * 0.85} ${-8 * k}Q${L} ${-6 * k} ${L} ${2 * k}L${-L * 0.2} ${6 * k}Z`;
  const hnd = d`M${-L} ${-7 * k}L${-L * 0.2} ${-7 * k}L${-L * 0.2} ${7 * k}L${-L} ${7 * k}Q${-L - 6 * k} ${0} ${-L} ${-7 * k}Z`;
  const content = path(blade, color) + path(hnd, handle ?? color) + rect(-L * 0.15, -5 * k, L, 2 * k, '#ffffff', { opacity: 0.45 });
  return group([placed(path(blade + hnd, '#000', { opacity: 0.25 }), x + 8, y + 10, rot), placed(content, x, y, rot)]);
}

export function spoon(x: number, y: number, len: number, rot: number, color = '#c9ccd1'): string {
  const L = len / 2,
    k = len / 300;
  const dd = d`M${-L} ${-5 * k}L${L * 0.35} ${-3 * k}Q${L * 0.5} ${-22 * k} ${L * 0.78} ${-22 * k}Q${L + 4 * k} ${-20 * k} ${L} ${0}Q${L + 4 * k} ${20 * k} ${L * 0.78} ${22 * k}Q${L * 0.5} ${22 * k} ${L * 0.35} ${3 * k}L${-L} ${6 * k}Q${-L - 8 * k} ${0} ${-L} ${-5 * k}Z`;
  const content =
    path(dd, color) +
    ellipse(L * 0.74, 0, 18 * k, 13 * k, darken(color, 0.12)) +
    ellipse(L * 0.68, -5 * k, 8 * k, 4 * k, '#ffffff', { opacity: 0.55 });
  return group([placed(path(dd, '#000', { opacity: 0.25 }), x + 8, y + 10, rot), placed(content, x, y, rot)]);
}

export function chopsticks(x: number, y: number, len: number, rot: number, color: string, tip?: string): string {
  const L = len / 2;
  const one = (dy: number): string =>
    path(d`M${-L} ${dy - 5}L${L} ${dy - 2}L${L} ${dy + 2}L${-L} ${dy + 5}Z`, color) +
    (tip ? path(d`M${L * 0.55} ${dy - 2.9}L${L} ${dy - 2}L${L} ${dy + 2}L${L * 0.55} ${dy + 2.9}Z`, tip) : '') +
    rect(-L, dy - 4, len * 0.9, 1.5, '#ffffff', { opacity: 0.3 });
  const sh = path(d`M${-L} ${-13}L${L} ${-6}L${L} ${10}L${-L} ${17}Z`, '#000', { opacity: 0.18 });
  return group([placed(sh, x + 10, y + 14, rot), placed(one(-7) + one(9), x, y, rot)]);
}

export function napkin(s: Svg, x: number, y: number, w: number, h: number, rot: number, color: string, stripe?: string): string {
  const out: string[] = [];
  out.push(rect(-w / 2 + 10, -h / 2 + 14, w, h, '#000', { opacity: 0.16, rx: 6 }));
  out.push(rect(-w / 2, -h / 2, w, h, color, { rx: 6 }));
  out.push(
    rect(
      -w / 2,
      -h / 2,
      w,
      h,
      s.linear(
        [
          [0, '#ffffff', 0.15],
          [1, '#000000', 0.08],
        ],
        0,
        0,
        1,
        1,
      ),
      { rx: 6 },
    ),
  );
  out.push(line(-w / 2 + w * 0.62, -h / 2, -w / 2 + w * 0.62, h / 2, darken(color, 0.15), 2, { opacity: 0.6 }));
  if (stripe) out.push(rect(-w / 2 + w * 0.8, -h / 2, 10, h, stripe), rect(-w / 2 + w * 0.8 + 18, -h / 2, 4, h, stripe));
  return placed(group(out), x, y, rot);
}

// ---------------------------------------------------------------- garnish & produce

export function leaf(x: number, y: number, len: number, rot: number, color: string, vein = true, width = 0.45): string {
  const L = len,
    W = len * width;
  const body = path(d`M0 0Q${L * 0.3} ${-W * 0.75} ${L} 0Q${L * 0.3} ${W * 0.75} 0 0Z`, color);
  const v = vein
    ? stroke(d`M${L * 0.05} 0Q${L * 0.5} ${-W * 0.05} ${L * 0.92} 0`, lighten(color, 0.3), Math.max(1, len * 0.03), { opacity: 0.7 })
    : '';
  const sheen = path(
    d`M${L * 0.15} ${-W * 0.1}Q${L * 0.4} ${-W * 0.55} ${L * 0.75} ${-W * 0.12}Q${L * 0.4} ${-W * 0.28} ${L * 0.15} ${-W * 0.1}Z`,
    '#ffffff',
    { opacity: 0.15 },
  );
  return placed(body + sheen + v, x, y, rot);
}

/** Rosemary / thyme sprig: stem with paired needles. */
export function sprig(rng: Rng, x: number, y: number, len: number, rot: number, color: string, needle = 18): string {
  const out: string[] = [stroke(d`M0 0L${len} 0`, darken(color, 0.3), 2.5)];
  for (let t = 8; t < len; t += 9) {
    const nl = needle * (1 - (t / len) * 0.5) * rand(rng, 0.8, 1.1);
    out.push(
      leaf(t, 0, nl, -45 - rand(rng, 0, 20), color, false, 0.28),
      leaf(t, 0, nl, 45 + rand(rng, 0, 20), darken(color, 0.1), false, 0.28),
    );
  }
  return placed(group(out), x, y, rot);
}

export function citrusSlice(s: Svg, x: number, y: number, r: number, flesh: string, rind: string): string {
  const out: string[] = [
    shadow(s, x, y, r, r, 0.5),
    circle(x, y, r, rind),
    circle(x, y, r * 0.9, lighten(flesh, 0.55)),
    circle(x, y, r * 0.84, flesh),
  ];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    out.push(line(x, y, x + Math.cos(a) * r * 0.84, y + Math.sin(a) * r * 0.84, lighten(flesh, 0.55), Math.max(1.5, r * 0.05)));
  }
  out.push(circle(x, y, r * 0.1, lighten(flesh, 0.55)));
  return group(out);
}

export function citrusWedge(s: Svg, x: number, y: number, r: number, rot: number, flesh: string, rind: string): string {
  const body =
    path(d`M${-r} 0A${r} ${r} 0 0 0 ${r} 0Z`, rind) + path(d`M${-r * 0.86} 0A${r * 0.86} ${r * 0.86} 0 0 0 ${r * 0.86} 0Z`, flesh);
  const lines = [-0.5, 0, 0.5].map((t) => line(0, 0, Math.sin(t) * r * 0.8, Math.cos(t) * r * 0.8, lighten(flesh, 0.5), 2)).join('');
  return group([
    shadow(s, x, y + r * 0.3, r * 0.8, r * 0.5, 0.5),
    placed(body + lines + rect(-r, -2, r * 2, 4, lighten(flesh, 0.45)), x, y, rot),
  ]);
}

export function tomato(s: Svg, x: number, y: number, r: number, color = '#d8392b', calyx = '#3f7a35'): string {
  const star: Pt[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 ? r * 0.12 : r * 0.42;
    star.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  return group([
    shadow(s, x, y, r, r, 0.6),
    circle(
      x,
      y,
      r,
      s.radial(
        [
          [0, lighten(color, 0.25)],
          [0.7, color],
          [1, darken(color, 0.25)],
        ],
        0.38,
        0.35,
        0.7,
      ),
    ),
    ellipse(x - r * 0.38, y - r * 0.42, r * 0.22, r * 0.12, '#ffffff', {
      opacity: 0.45,
      transform: `rotate(-35 ${num(x - r * 0.38)} ${num(y - r * 0.42)})`,
    }),
    polygon(star, calyx),
  ]);
}

function berry(x: number, y: number, r: number, color: string, shine = true): string {
  return group([
    circle(x + r * 0.2, y + r * 0.3, r, '#000', { opacity: 0.2 }),
    circle(x, y, r, color),
    shine ? circle(x - r * 0.35, y - r * 0.35, r * 0.28, '#ffffff', { opacity: 0.45 }) : '',
  ]);
}

/** Loose grape / blueberry cluster. */
export function cluster(rng: Rng, x: number, y: number, count: number, spread: number, r: number, colors: string[]): string {
  const items: Array<[number, string]> = [];
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2,
      dd = Math.sqrt(rng()) * spread;
    const bx = x + Math.cos(a) * dd,
      by = y + Math.sin(a) * dd * 0.8;
    items.push([by, berry(bx, by, r * rand(rng, 0.85, 1.1), pick(rng, colors))]);
  }
  return group(items.sort((p, q) => p[0] - q[0]).map((i) => i[1]));
}

/** Scatter small bits (crumbs, seeds, herbs, salt) in a rectangle. */
export function scatter(
  rng: Rng,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  count: number,
  colors: string[],
  rMin: number,
  rMax: number,
  shape: 'dot' | 'seed' | 'flake' = 'dot',
): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rand(rng, x0, x1),
      y = rand(rng, y0, y1),
      r = rand(rng, rMin, rMax);
    const c = pick(rng, colors);
    if (shape === 'seed') out.push(ellipse(x, y, r, r * 0.55, c, { transform: `rotate(${num(rand(rng, 0, 180))} ${num(x)} ${num(y)})` }));
    else if (shape === 'flake')
      out.push(
        polygon(
          [
            [x - r, y - r * 0.4],
            [x + r * 0.2, y - r],
            [x + r, y + r * 0.3],
            [x - r * 0.1, y + r],
          ],
          c,
          { opacity: num(rand(rng, 0.6, 1)) },
        ),
      );
    else out.push(circle(x, y, r, c));
  }
  return group(out);
}
