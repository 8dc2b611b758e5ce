import { UI_HINT_COOKIE } from '@forkcast/shared/contracts';
import { WEB_FONTS } from './font-stacks';

/** The attribute of an image that names what to show instead when it fails to load. */
export const FALLBACK_ATTRIBUTE = 'data-fallback';

/**
 * The one inline script of every page, run in <head> before anything paints or loads. It marks
 * the page for the editing controls when the UI hint cookie says someone is signed in, and with
 * the role it names (`data-role`), so they do not flash in late, and swaps an image that fails to load for the one its `data-fallback`
 * names, dropping the picture's other sources, or the browser keeps choosing them. It listens from
 * the start, in the capture phase (an image's error event does not bubble), so no failure comes
 * too early for it; inline `onerror` attributes would do the same but the Content-Security-Policy
 * refuses every inline handler. A click on an embed's facade (a post's video, track or map) swaps
 * in the provider's player, so nothing is asked of the provider before the reader chooses to. Its text is hashed into that policy when the site is built.
 *
 * It also decides when the page asks for the web fonts (`data-fonts`, lib/font-stacks.ts). On a
 * reader's first page here they wait for the first paint, so 90 kB of fonts do not queue ahead of
 * the text and the hero on a slow connection; the text paints in the fallback serifs sized to the
 * web fonts' metrics, and the fonts swap in together once both have arrived. A page reached from
 * another of ours, reloaded or returned to finds them in the browser's cache and uses them at once.
 * Nothing is stored on the reader's device to tell the two apart.
 */
export const HEAD_SCRIPT = `(function () {
  var hint = /(?:^|; )${UI_HINT_COOKIE}=([a-z]+)/.exec(document.cookie);
  var root = document.documentElement;
  if (hint) { root.dataset.admin = ''; root.dataset.role = hint[1]; }
  var useFonts = function () { root.dataset.fonts = ''; };
  var navigation = performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null;
  var fromHere = document.referrer.indexOf(location.origin + '/') === 0 || (navigation && navigation.type !== 'navigate');
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  if (fromHere || !paints || !document.fonts) useFonts();
  else new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    Promise.all(${JSON.stringify(WEB_FONTS)}.map(function (font) { return document.fonts.load(font); })).then(useFonts, useFonts);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('error', function (event) {
    var image = event.target;
    if (!(image instanceof HTMLImageElement) || !image.hasAttribute(${JSON.stringify(FALLBACK_ATTRIBUTE)})) return;
    var fallback = image.getAttribute(${JSON.stringify(FALLBACK_ATTRIBUTE)});
    image.removeAttribute(${JSON.stringify(FALLBACK_ATTRIBUTE)});
    if (image.parentNode && image.parentNode.nodeName === 'PICTURE') image.parentNode.querySelectorAll('source').forEach(function (source) { source.remove(); });
    image.src = fallback;
  }, true);
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('[data-embed-src] > a') : null;
    if (!link || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var box = link.parentNode, frame = document.createElement('iframe');
    frame.src = box.getAttribute('data-embed-src');
    if (frame.src.indexOf('https://') !== 0) return;
    event.preventDefault();
    frame.title = box.getAttribute('data-embed-title');
    frame.allow = 'fullscreen';
    box.replaceChild(frame, link);
  });
})();`;
