// The dumplings still life, public/images/posts/dumplings.jpg (and its WebP sizes), with the foods only it draws.
import { d, group, num, path, rand, rect, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, chopsticks, linen, liquid, placed, scatter, spoon } from '../tableware.ts';
import { soupDumpling, steamer } from '../food.ts';

export const dumplings: Scene = (s, rng) => {
  linen(s, rng, '#2f5d50', '#264d42', 220);
  s.add(steamer(s, 560, 420, 300));
  const pos: Array<[number, number]> = [
    [470, 330],
    [650, 320],
    [560, 470],
    [400, 500],
    [720, 500],
    [560, 620],
    [420, 230],
    [690, 200],
  ];
  for (const [x, y] of pos) if (Math.hypot(x - 560, y - 420) < 230) s.add(soupDumpling(s, x, y, 78, rand(rng, 0, 60)));
  s.add(steamer(s, 1180, 620, 220));
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    s.add(jiaozi(s, 1180 + Math.cos(a) * 100, 620 + Math.sin(a) * 100, 62, (a * 180) / Math.PI + 90, true));
  }
  s.add(jiaozi(s, 1180, 620, 60, 20, true));
  s.add(bowl(s, 1150, 230, 90, '#f1ece2', '#f1ece2', 0.12), liquid(s, 1150, 230, 72, '#3a1a10', 0.35));
  for (let i = 0; i < 10; i++)
    s.add(
      rect(1120 + rand(rng, 0, 60), 200 + rand(rng, 0, 60), 16, 3, '#f2d08a', { transform: `rotate(${num(rand(rng, 0, 180))} 1150 230)` }),
    );
  s.add(bowl(s, 1360, 340, 70, '#f1ece2', '#f1ece2', 0.12), liquid(s, 1360, 340, 56, '#b8281a', 0.35));
  s.add(scatter(rng, 1325, 305, 1395, 375, 20, ['#f4d08a', '#5a0a0a'], 1.5, 3, 'seed'));
  s.add(chopsticks(900, 200, 520, 12, '#e2c08a', '#2a2a2a'));
  s.add(spoon(200, 780, 240, -20, '#f1ece2'));
  s.add(scatter(rng, 120, 150, 260, 300, 16, ['#7fb34a', '#c9e39a'], 3, 6));
  finish(s, rng, { vignette: 0.32, grain: 0.6 });
};

/** Crescent jiaozi with crimped edge. */
function jiaozi(s: Svg, x: number, y: number, r: number, rot: number, seared = false): string {
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
