// The sushi still life, public/images/posts/sushi.jpg (and its WebP sizes), with the foods only it draws.
import { circle, d, ellipse, group, num, path, rand, rect, type Rng, type Scene, stroke, type Svg } from '../core.ts';
import { finish } from '../common.ts';
import { bowl, chopsticks, leaf, liquid, napkin, placed, shadow, stone } from '../tableware.ts';
import { board } from '../food.ts';

export const sushi: Scene = (s, rng) => {
  stone(s, rng, '#1e2124', '#6a7077', 900);
  s.add(board(s, rng, 700, 450, 1000, 440, '#dcbf8e', 0, false));
  for (const x of [-440, 440]) s.add(rect(700 + x - 20, 240, 40, 420, '#000', { opacity: 0.15 }));
  const kinds = ['salmon', 'tuna', 'hamachi', 'ebi', 'tamago'] as const;
  kinds.forEach((k, i) =>
    s.add(group(nigiri(s, rng, 0, 0, k, -12), { transform: `translate(${340 + i * 150} ${355 + (i % 2) * 14}) scale(1.22)` })),
  );
  for (let i = 0; i < 5; i++) s.add(maki(s, rng, 350 + i * 135, 570, 56, i % 2 ? ['#f58a5c', '#7fb34a'] : ['#c7283e', '#9fd27a']));
  s.add(
    path(d`M1040 330Q1080 290 1120 330Q1150 370 1110 380Q1070 400 1040 370Z`, '#8fc04a'),
    path(d`M1060 340Q1080 320 1100 340`, 'none', { stroke: '#b9e07a', 'stroke-width': 4 }),
  );
  s.add(gari(rng, 1080, 560, 10));
  s.add(bowl(s, 1360, 220, 90, '#1c1c1e', '#1c1c1e', 0.12), liquid(s, 1360, 220, 74, '#2a120a', 0.5));
  s.add(rect(1310, 700, 60, 26, '#cfd3d6', { rx: 10 }), chopsticks(1330, 700, 520, -75, '#2a1a14', '#b8342a'));
  s.add(napkin(s, 200, 800, 300, 200, -6, '#2b3a34', '#c9a45a'));
  s.add(leaf(1100, 720, 160, -30, '#3f7a3a', true, 0.4));
  finish(s, rng, { vignette: 0.38, grain: 0.6 });
};

const FISH: Record<'salmon' | 'tuna' | 'hamachi' | 'ebi', [string, string]> = {
  salmon: ['#f58a5c', '#fcd3bf'],
  tuna: ['#c7283e', '#e0606e'],
  hamachi: ['#f3c2b0', '#fbe6dc'],
  ebi: ['#f27a50', '#ffffff'],
};

function nigiri(s: Svg, rng: Rng, x: number, y: number, kind: 'salmon' | 'tuna' | 'hamachi' | 'ebi' | 'tamago', rot: number): string {
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

function maki(s: Svg, rng: Rng, x: number, y: number, r: number, filling: string[]): string {
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

function gari(rng: Rng, x: number, y: number, count: number): string {
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
