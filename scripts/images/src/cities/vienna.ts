// The Vienna city hero, public/images/cities/vienna.jpg (and its WebP sizes).
import { at, circle, d, darken, group, line, path, pick, polygon, rand, rect, type Scene, stroke, type Svg } from '../core.ts';
import { glow, sky, stars, wisps } from '../nature.ts';
import { finish, house } from '../common.ts';

function stephansdom(s: Svg, cx: number, base: number, stone: string, lit: string, tiles: string[]): string {
  const out: string[] = [];
  // nave with the famous zig-zag tiled roof
  const roof = d`M${cx - 520} ${base - 150}L${cx - 470} ${base - 330}L${cx - 60} ${base - 330}L${cx - 20} ${base - 150}Z`;
  out.push(rect(cx - 530, base - 160, 520, 160, stone));
  for (let x = cx - 510; x < cx - 30; x += 42)
    out.push(
      path(
        d`M${x} ${base - 20}L${x} ${base - 110}Q${x + 12} ${base - 140} ${x + 24} ${base - 110}L${x + 24} ${base - 20}Z`,
        darken(stone, 0.3),
      ),
    );
  out.push(path(roof, at(tiles, 0)));
  const zig: string[] = [];
  for (let band = 0; band < 9; band++) {
    const y = base - 320 + band * 20;
    let dz = `M${cx - 540} ${y}`;
    for (let x = cx - 540; x < cx; x += 24) dz += d`L${x + 12} ${y + 12}L${x + 24} ${y}`;
    zig.push(stroke(dz, at(tiles, 1 + (band % (tiles.length - 1))), 6, { 'stroke-linecap': 'butt' }));
  }
  out.push(group(zig, { 'clip-path': s.clip(path(roof, '#000')) }));
  // south tower: stacked tapering stages, pinnacles, then the needle spire
  const tw = 130;
  let y = base;
  const stages = [180, 130, 100];
  stages.forEach((sh, i) => {
    const ww = tw * (1 - i * 0.2);
    out.push(rect(cx - ww / 2, y - sh, ww, sh + 1, stone), rect(cx, y - sh, ww / 2, sh + 1, lit, { opacity: 0.35 }));
    out.push(
      path(
        d`M${cx - ww * 0.15} ${y - 20}L${cx - ww * 0.15} ${y - sh * 0.7}Q${cx} ${y - sh * 0.9} ${cx + ww * 0.15} ${y - sh * 0.7}L${cx + ww * 0.15} ${y - 20}Z`,
        darken(stone, 0.35),
      ),
    );
    for (const sx of [-1, 1])
      out.push(
        polygon(
          [
            [cx + (sx * ww) / 2, y - sh],
            [cx + sx * (ww / 2 - 10), y - sh],
            [cx + sx * (ww / 2 - 5), y - sh - 40],
          ],
          stone,
        ),
      );
    y -= sh;
  });
  const spireW = tw * 0.5;
  const spireH = 280;
  out.push(
    polygon(
      [
        [cx - spireW / 2, y],
        [cx, y - spireH],
        [cx + spireW / 2, y],
      ],
      stone,
    ),
  );
  out.push(
    polygon(
      [
        [cx, y],
        [cx, y - spireH],
        [cx + spireW / 2, y],
      ],
      lit,
      { opacity: 0.3 },
    ),
  );
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    const half = (spireW / 2) * (1 - t);
    for (const sx of [-1, 1])
      out.push(
        polygon(
          [
            [cx + sx * half, y - spireH * t],
            [cx + sx * (half + 7), y - spireH * t - 6],
            [cx + sx * (half - 2), y - spireH * t - 14],
          ],
          stone,
        ),
      );
  }
  out.push(rect(cx - 1.5, y - spireH - 24, 3, 26, stone), rect(cx - 8, y - spireH - 16, 16, 3, stone));
  return group(out);
}

function riesenrad(cx: number, cy: number, r: number, frame: string, cabin: string): string {
  const out: string[] = [];
  out.push(
    polygon(
      [
        [cx - 6, cy],
        [cx - r * 0.55, cy + r * 1.12],
        [cx - r * 0.47, cy + r * 1.12],
        [cx + 4, cy + 6],
      ],
      frame,
    ),
  );
  out.push(
    polygon(
      [
        [cx + 6, cy],
        [cx + r * 0.55, cy + r * 1.12],
        [cx + r * 0.47, cy + r * 1.12],
        [cx - 4, cy + 6],
      ],
      frame,
    ),
  );
  out.push(
    circle(cx, cy, r, 'none', { stroke: frame, 'stroke-width': 5 }),
    circle(cx, cy, r * 0.93, 'none', { stroke: frame, 'stroke-width': 2 }),
  );
  const n = 30;
  for (let i = 0; i < n; i++) {
    const a = (i * Math.PI * 2) / n;
    const b = ((i + 1) * Math.PI * 2) / n;
    out.push(line(cx + Math.cos(a) * 12, cy + Math.sin(a) * 12, cx + Math.cos(b) * r * 0.93, cy + Math.sin(b) * r * 0.93, frame, 1.2));
    out.push(line(cx + Math.cos(a) * r * 0.93, cy + Math.sin(a) * r * 0.93, cx + Math.cos(a) * r, cy + Math.sin(a) * r, frame, 1.5));
  }
  out.push(circle(cx, cy, 14, frame));
  for (let i = 0; i < 15; i++) {
    const a = (i * Math.PI * 2) / 15 + 0.1;
    const gx = cx + Math.cos(a) * r,
      gy = cy + Math.sin(a) * r;
    out.push(
      line(gx, gy, gx, gy + 10, frame, 2),
      rect(gx - 13, gy + 9, 26, 17, cabin, { rx: 3 }),
      rect(gx - 10, gy + 12, 20, 6, '#ffd99a', { opacity: 0.85 }),
    );
  }
  return group(out);
}

export const vienna: Scene = (s, rng) => {
  const { w, h } = s;
  sky(s, [
    [0, '#1b2c4c'],
    [0.38, '#48557f'],
    [0.62, '#9b86a6'],
    [0.82, '#e7ac93'],
    [1, '#f6cf9f'],
  ]);
  stars(s, rng, 50, 260, '#ffffff', 0.5);
  s.add(glow(s, 900, 760, 520, '#ffcf9a', 0.5));
  wisps(s, rng, 9, 260, 520, '#f2b9a4', 0.3);
  const base = 780;
  // Riesenrad on the right, behind the roofs
  s.add(riesenrad(1250, 450, 235, '#3b3550', '#b8413a'));
  // baroque skyline: domes and mansards
  const skylineCol = '#4d4566';
  const sk: string[] = [];
  for (let x = -20; x < w + 40; x += 0) {
    const bw = rand(rng, 80, 150);
    const bh = rand(rng, 110, 170);
    sk.push(
      house(rng, x, base, bw, bh, {
        wall: skylineCol,
        roof: '#3e3856',
        window: '#ffcf86',
        roofType: rng() < 0.6 ? 'mansard' : 'hip',
        floors: 3,
      }),
    );
    x += bw;
  }
  s.add(group(sk, { opacity: 0.96 }));
  // Karlskirche-style copper dome
  const dx = 880,
    dy = 600;
  s.add(
    group([
      rect(dx - 90, dy, 180, base - dy, '#574e70'),
      path(d`M${dx - 70} ${dy}Q${dx - 70} ${dy - 120} ${dx} ${dy - 130}Q${dx + 70} ${dy - 120} ${dx + 70} ${dy}Z`, '#5f9585'),
      path(
        d`M${dx} ${dy - 130}Q${dx + 70} ${dy - 120} ${dx + 70} ${dy}L${dx + 20} ${dy}Q${dx + 24} ${dy - 90} ${dx} ${dy - 130}Z`,
        '#7fb5a3',
        { opacity: 0.5 },
      ),
      rect(dx - 10, dy - 170, 20, 42, '#5f9585'),
      polygon(
        [
          [dx - 12, dy - 170],
          [dx, dy - 196],
          [dx + 12, dy - 170],
        ],
        '#5f9585',
      ),
      rect(dx - 150, dy - 120, 26, base - dy + 120, '#574e70'),
      rect(dx + 124, dy - 120, 26, base - dy + 120, '#574e70'),
      rect(dx - 154, dy - 128, 34, 10, '#574e70'),
      rect(dx + 120, dy - 128, 34, 10, '#574e70'),
    ]),
  );
  s.add(stephansdom(s, 560, base + 20, '#5b5068', '#d9a98f', ['#3f5d57', '#e0b74f', '#2d4743', '#f3ead8']));
  // foreground roofscape
  const fg: string[] = [];
  for (let x = -30; x < w + 40; x += 0) {
    const bw = rand(rng, 110, 200);
    fg.push(
      house(rng, x, h + 10, bw, rand(rng, 90, 150), {
        wall: '#2e2840',
        roof: '#241f33',
        window: '#ffc979',
        roofType: pick(rng, ['mansard', 'hip', 'gable']) as 'hip',
        floors: 2,
      }),
    );
    x += bw;
  }
  s.add(group(fg));
  finish(s, rng, { vignette: 0.32 });
};
