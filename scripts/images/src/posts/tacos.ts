// The tacos still life, public/images/posts/tacos.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, ellipse, group, num, path, pick, rand, rect, type Rng, type Scene, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, citrusSlice, citrusWedge, leaf, liquid, napkin, placed, plate, scatter, shadow } from '../tableware.ts';
import { chunks } from '../food.ts';

export const tacos: Scene = (s, rng) => {
  const { w, h } = s;
  s.add(rect(0, 0, w, h, '#1f8f8a'));
  const tiles: string[] = [];
  for (let x = 0; x < w; x += 100)
    for (let y = 0; y < h; y += 100) {
      tiles.push(rect(x + 2, y + 2, 96, 96, (x / 100 + y / 100) % 2 ? '#239a94' : '#1c8580'));
      tiles.push(path(d`M${x + 50} ${y + 20}L${x + 80} ${y + 50}L${x + 50} ${y + 80}L${x + 20} ${y + 50}Z`, '#f2e6c8', { opacity: 0.12 }));
    }
  s.add(group(tiles));
  s.add(plate(s, 700, 470, 360, '#f6efe2', '#2d6fa8', 0.78));
  const spots: Array<[number, number]> = [
    [560, 380],
    [830, 380],
    [700, 600],
  ];
  for (const [x, y] of spots) {
    s.add(tortilla(s, rng, x, y, 150));
    s.add(chunks(rng, x, y, 95, 85, 26, ['#c0522a', '#a8401e', '#d86a34', '#8a3216'], 30));
    s.add(chunks(rng, x, y, 90, 80, 10, ['#f7c948', '#f2b33a'], 20));
    s.add(chunks(rng, x, y, 90, 80, 22, ['#f6f2ea', '#efe6f2'], 10));
    for (let i = 0; i < 14; i++)
      s.add(
        leaf(
          x + rand(rng, -85, 85),
          y + rand(rng, -75, 75),
          rand(rng, 14, 22),
          rand(rng, 0, 360),
          pick(rng, ['#3f8a3a', '#5aa84a']),
          false,
          0.7,
        ),
      );
  }
  s.add(citrusWedge(s, 700, 260, 50, -10, '#c9e27a', '#4f8a2a'), citrusWedge(s, 950, 560, 48, 100, '#c9e27a', '#4f8a2a'));
  s.add(
    bowl(s, 1260, 250, 110, '#3a3430', '#3a3430', 0.14),
    liquid(s, 1260, 250, 88, '#4f8a2a', 0.3),
    scatter(rng, 1200, 200, 1320, 300, 24, ['#2f5a1a', '#d9e8a0'], 2, 5),
  );
  s.add(
    bowl(s, 1290, 560, 100, '#c8643a', '#f4eee2', 0.1),
    liquid(s, 1290, 560, 82, '#b8281a', 0.3),
    scatter(rng, 1230, 510, 1350, 610, 20, ['#f2e6c8', '#3f8a3a'], 2, 5),
  );
  for (let i = 0; i < 6; i++)
    s.add(citrusSlice(s, 230 + rand(rng, -50, 50), 720 + rand(rng, -40, 40), rand(rng, 26, 32), '#fbe9ee', '#d8365a'));
  s.add(
    placed(
      group([
        path(d`M-90 0Q-60 -24 60 -14Q100 -8 110 0Q100 8 60 14Q-60 24 -90 0Z`, '#c8261a'),
        path(d`M-90 0L-120 -10L-116 6Z`, '#3f7a35'),
        ellipse(0, -8, 60, 4, '#ffffff', { opacity: 0.35 }),
      ]),
      240,
      220,
      -30,
    ),
  );
  s.add(napkin(s, 1300, 800, 300, 200, 6, '#f2e6c8', '#d8365a'));
  finish(s, rng, { vignette: 0.3, grain: 0.6 });
};

function tortilla(s: Svg, rng: Rng, x: number, y: number, r: number): string {
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
