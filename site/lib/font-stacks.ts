import { createFontStack } from '@capsizecss/core';
import fraunces from '@capsizecss/metrics/fraunces';
import georgia from '@capsizecss/metrics/georgia';
import sourceSerif4 from '@capsizecss/metrics/sourceSerif4';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';

/**
 * The two web fonts load with `font-display: swap`, so text first paints in a local serif. Left as
 * it is, that serif's different widths and line heights make the text reflow when the web font
 * arrives (a layout shift Lighthouse counts). Each local serif is therefore declared again as a
 * fallback face whose size and vertical metrics are adjusted to those of the web font.
 */

/** Liberation Serif, the serif most Linux desktops have, is metric-compatible with Times New Roman. */
const liberationSerif = {
  ...timesNewRoman,
  familyName: 'Liberation Serif',
  fullName: 'Liberation Serif',
  postscriptName: 'LiberationSerif',
};
const localSerifs = [georgia, timesNewRoman, liberationSerif];

/**
 * Capsize's average width for Fraunces is that of its regular weight; every display use here is
 * semibold, which runs wider than the local serifs' bold. Measured in Chromium against Liberation
 * Serif over the guide and post headings: 2.2% wider on average.
 */
const SEMIBOLD_WIDTH = 1.022;
const frauncesSemibold = {
  ...fraunces,
  familyName: 'Fraunces Variable',
  xWidthAvg: fraunces.xWidthAvg * SEMIBOLD_WIDTH,
  subsets: { ...fraunces.subsets, latin: { xWidthAvg: fraunces.subsets.latin.xWidthAvg * SEMIBOLD_WIDTH } },
};

const display = createFontStack([frauncesSemibold, ...localSerifs]);
const body = createFontStack([{ ...sourceSerif4, familyName: 'Source Serif 4 Variable' }, ...localSerifs]);

/** The two web fonts, as `document.fonts.load` names them: the display face at its semibold. */
export const WEB_FONTS = ['600 1em "Fraunces Variable"', '1em "Source Serif 4 Variable"'];

/** A stack without its first family, the web font: capsize names it first. */
const withoutWebFont = (stack: string) => stack.slice(stack.indexOf(',') + 1).trimStart();
const stacks = (displayFamily: string, bodyFamily: string) => `--font-display:${displayFamily},serif;--font-body:${bodyFamily},serif`;

/** The stacks with the web fonts, for a page that has asked for them or a reader without scripts. */
export const webFontCss = `:root{${stacks(display.fontFamily, body.fontFamily)}}`;

/**
 * The CSS every page carries: the adjusted fallback faces, and the two stacks as custom properties.
 * The stacks name the web fonts only once the head script marks the page `data-fonts` (see
 * lib/head-script.ts): a face is fetched only when some text uses it, so until then no font is.
 */
export const fontStackCss = [
  display.fontFaces,
  body.fontFaces,
  `:root{${stacks(withoutWebFont(display.fontFamily), withoutWebFont(body.fontFamily))}}`,
  `:root[data-fonts]{${stacks(display.fontFamily, body.fontFamily)}}`,
].join('\n');
