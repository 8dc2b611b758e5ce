// Renders all of Forkcast's original artwork into public/:
//   city hero illustrations, post still lifes, preset scenes, the hero fallback,
//   the Open Graph brand card, favicon.svg and apple-touch-icon.png.
// Every picture is an SVG string built in code (no fonts, no photos) and rasterised with sharp.
// Deterministic: all randomness comes from a mulberry32 PRNG seeded from each image's name,
// so re-running produces identical images.
// Usage: pnpm images [name-filter] (from the repository root)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Svg, hashSeed, mulberry32, type Scene } from './core.ts';
import { CITY_SCENES } from './cities.ts';
import { POST_SCENES } from './posts.ts';
import { PRESET_SCENES } from './presets.ts';
import { BRAND, faviconSvg, fallbackScene, ogScene } from './brand.ts';
import { PRESET_IMAGES } from '@forkcast/shared/social-card';
import { writeImageSet, writePng, writeSocialCard, writeSvgFile, type WriteResult } from './output.ts';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const PUBLIC = join(ROOT, 'public');
const W = 1600;
const H = 900;

interface Job {
  label: string;
  run: () => Promise<WriteResult>;
}

function sceneSvg(name: string, scene: Scene, w = W, h = H): string {
  const s = new Svg(w, h);
  scene(s, mulberry32(hashSeed(name)));
  return s.toString();
}

function sceneJobs(dir: string, scenes: Record<string, Scene>): Job[] {
  return Object.entries(scenes).map(([name, scene]) => ({
    label: `${dir}/${name}`,
    run: () => writeImageSet(sceneSvg(`${dir}/${name}`, scene), join(PUBLIC, 'images', dir, name)),
  }));
}

function brandJobs(): Job[] {
  const favicon = faviconSvg();
  return [
    { label: 'fallback', run: () => writeImageSet(sceneSvg('fallback', fallbackScene), join(PUBLIC, 'images', 'fallback')) },
    {
      label: 'og-default',
      run: () => writeImageSet(sceneSvg('og-default', ogScene, 1200, 630), join(PUBLIC, 'images', 'og-default'), false),
    },
    { label: 'favicon.svg', run: () => writeSvgFile(favicon, join(PUBLIC, 'favicon.svg')) },
    { label: 'apple-touch-icon', run: () => writePng(favicon, join(PUBLIC, 'apple-touch-icon.png'), 180, BRAND.paper) },
  ];
}

// Each preset's social card, cut from its JPEG once that is written (pnpm images og-card makes only these).
function cardJobs(): Job[] {
  return PRESET_IMAGES.map((name) => ({
    label: `og-card/presets/${name}`,
    run: () => writeSocialCard(join(PUBLIC, 'images', 'presets', name)),
  }));
}

function allJobs(): Job[] {
  return [
    ...sceneJobs('cities', CITY_SCENES),
    ...sceneJobs('posts', POST_SCENES),
    ...sceneJobs('presets', PRESET_SCENES),
    ...cardJobs(),
    ...brandJobs(),
  ];
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const jobs = allJobs().filter((j) => !filter || j.label.includes(filter));
  let total = 0;
  let count = 0;
  for (const job of jobs) {
    const { files, bytes } = await job.run();
    total += bytes;
    count += files.length;
    const rel = files.map((f) => f.slice(PUBLIC.length + 1));
    console.log(
      `${job.label.padEnd(32)} ${String(files.length).padStart(2)} files ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${rel[0]}${rel.length > 1 ? ` (+${rel.length - 1} webp)` : ''}`,
    );
  }
  console.log(`total: ${count} files, ${total} bytes (${(total / 1024 / 1024).toFixed(2)} MB)`);
}

await main();
