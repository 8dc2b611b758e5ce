// The pastry still life, public/images/posts/pastry.jpg (and its WebP sizes), with the foods only it draws.
import { at, d, ellipse, group, mix, num, polygon, type Pt, rect, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, cup, fork, liquid, marble, napkin, placed, plate, scatter, shadow, spoon } from '../tableware.ts';

export const pastry: Scene = (s, rng) => {
  marble(s, rng, '#eeeae4', '#9b958e');
  // parchment sheet
  s.add(
    placed(
      group([
        rect(-430, -300, 860, 600, '#000', { opacity: 0.08, transform: 'translate(14 18)' }),
        rect(-430, -300, 860, 600, '#f3e6cf'),
        stroke(d`M-430 -40L430 60M-120 -300L-60 300`, '#e0cfb2', 2, { opacity: 0.8 }),
      ]),
      690,
      470,
      -6,
    ),
  );
  s.add(croissant(s, 520, 360, 330, -18), croissant(s, 860, 560, 310, 160), croissant(s, 480, 660, 280, 12));
  s.add(painAuChocolat(s, 880, 300, 210, 120, 8), painAuChocolat(s, 700, 470, 190, 110, -30));
  s.add(scatter(rng, 380, 250, 1000, 750, 70, ['#d99a4a', '#b8732e', '#f0c27a'], 2, 6, 'flake'));
  // jam, butter, espresso
  s.add(bowl(s, 1240, 300, 95, '#f4f0e8', '#f4f0e8', 0.12), liquid(s, 1240, 300, 76, '#b3172e', 0.4));
  s.add(spoon(1300, 420, 200, -60, '#c9a86a'));
  s.add(
    plate(s, 1250, 640, 120, '#ffffff', undefined, 0.7),
    rect(1180, 600, 140, 80, '#f6e39a', { rx: 10, transform: 'rotate(-8 1250 640)' }),
    rect(1180, 600, 140, 22, '#fff3c0', { rx: 8, transform: 'rotate(-8 1250 640)', opacity: 0.7 }),
  );
  s.add(cup(s, 200, 230, 70, '#1f3c5a', '#6b3a1e', 20, '#f4f0e8'));
  s.add(napkin(s, 180, 700, 300, 260, 14, '#f2d4d0', '#d47a7a'));
  s.add(fork(200, 700, 260, -80, '#c9a86a'));
  finish(s, rng, { vignette: 0.22, grain: 0.6 });
};

/** Crescent croissant: a tapered crescent split into puffy rolled segments. */
function croissant(s: Svg, x: number, y: number, len: number, rot: number): string {
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

function painAuChocolat(s: Svg, x: number, y: number, w: number, h: number, rot: number): string {
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
