/**
 * What a search engine reads of the site's sitemaps: the index at /sitemap.xml and every file it
 * names, as one text, from a reader of paths (the site folder, or a running server).
 */
export async function readSitemaps(read: (path: string) => string | Promise<string>): Promise<string> {
  const index = await read('/sitemap.xml');
  const files = [...index.matchAll(/<loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
  return [index, ...(await Promise.all(files.map(read)))].join('\n');
}
