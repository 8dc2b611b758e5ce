type Sharp = typeof import('sharp')['default'];

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on the first image rather than when the server starts (see renderLetter for what
 * that saves). Decoded pixels are what cost memory (a 50-megapixel image is about 200 MB while it
 * is resized), so sharp keeps no decoded images between jobs.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
