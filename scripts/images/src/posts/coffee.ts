// The coffee still life, public/images/posts/coffee.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, ellipse, group, path, rand, rect, type Scene, stroke } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, cup, napkin, placed, plate, spoon, woodTable } from '../tableware.ts';

export const coffee: Scene = (s, rng) => {
  woodTable(s, rng, '#6b4429', 200, true);
  for (let i = 0; i < 60; i++) s.add(coffeeBean(rand(rng, 0, s.w), rand(rng, 0, s.h), rand(rng, 12, 16), rand(rng, 0, 180)));
  s.add(cup(s, 760, 460, 150, '#f6f1e8', '#b9773f', 30, '#efe8dc'));
  s.add(latteArt(760, 455, 110));
  s.add(spoon(900, 640, 170, 20, '#c9ccd1'));
  s.add(cup(s, 1260, 250, 70, '#2b4a5e', '#7a4522', -20, '#e9e3d6'));
  s.add(circle(1260, 250, 48, '#a8632e', { opacity: 0.35 }));
  // biscotti on a small plate
  s.add(plate(s, 1250, 660, 150, '#f1ebe0', '#c7a36a'));
  for (let i = 0; i < 3; i++) {
    const bx = 1200 + i * 50,
      by = 640 + i * 20;
    s.add(
      placed(
        group([
          rect(-90, -26, 180, 52, '#d9ac6a', { rx: 14 }),
          rect(-90, -26, 180, 14, '#e9c48a', { rx: 10 }),
          ...[-50, -10, 30, 60].map((ox) => ellipse(ox, rand(rng, -6, 8), 9, 6, '#b9844a')),
        ]),
        bx,
        by,
        -30,
      ),
    );
  }
  s.add(bowl(s, 330, 250, 90, '#e8e1d4', '#e8e1d4', 0.12));
  for (let i = 0; i < 6; i++)
    s.add(
      rect(300 + (i % 3) * 26 - 10, 225 + Math.floor(i / 3) * 26 - 10, 22, 22, '#fbf8f2', { rx: 3, stroke: '#e1d9cb', 'stroke-width': 1 }),
    );
  s.add(napkin(s, 300, 680, 320, 250, -6, '#e7dccb', '#7a4a2a'));
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};

function coffeeBean(x: number, y: number, r: number, rot: number): string {
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
function latteArt(x: number, y: number, r: number): string {
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
