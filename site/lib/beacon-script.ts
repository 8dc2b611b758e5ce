/**
 * The page-view beacon, inline in every public page and hashed into the Content-Security-Policy
 * like the head script (astro.config.mjs). It sets no cookie and stores nothing. Its own element's
 * `data-origin` names the API when pages come from a CDN or bucket: from there it loads the counting
 * image, which img-src allows, as connect-src ('self') would refuse a beacon to another origin.
 */
export const BEACON_SCRIPT = `(function () {
  var o = document.currentScript.dataset.origin || '', d = new URLSearchParams({ p: location.pathname + location.search, r: document.referrer });
  if (o && o !== location.origin) new Image().src = o + '/api/collect?' + d;
  else navigator.sendBeacon('/api/collect', d);
})();`;
