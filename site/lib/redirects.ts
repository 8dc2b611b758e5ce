import { alternatePostPaths, type Redirect } from '@forkcast/shared/urls';
import { citiesById, postPath, type LinkableCity, type LinkablePost } from './links';

/**
 * Every redirect a static host can serve from a file: each published post's other URLs (the
 * /post/{slug} of a city post, and both other URLs of a city's guide) to its canonical path.
 */
export function siteRedirects(cities: readonly LinkableCity[], publishedPosts: readonly LinkablePost[]): Redirect[] {
  const byId = citiesById(cities);
  return publishedPosts.flatMap((post) => {
    const city = post.cityId === null ? undefined : byId.get(post.cityId);
    return alternatePostPaths(post, city).map((from) => ({ from, to: postPath(post, byId) }));
  });
}

/** A post's lines of the redirects file (`from to 301`), each of its other URLs to its canonical path. */
function postLines(post: LinkablePost, byId: ReadonlyMap<number, LinkableCity>): string[] {
  const city = post.cityId === null ? undefined : byId.get(post.cityId);
  const to = postPath(post, byId);
  return alternatePostPaths(post, city).map((from) => `${from} ${to} 301`);
}

/** The index of the first of sorted `lines` that is not before `line`. */
function lowerBound(lines: readonly string[], line: string): number {
  let [low, high] = [0, lines.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lines[middle]! < line) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lines of sorted `a` that sorted `b` does not have, each as often as `a` has it more often. */
function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const missing: string[] = [];
  let j = 0;
  for (const line of a) {
    while (j < b.length && b[j]! < line) j++;
    if (j < b.length && b[j] === line) j++;
    else missing.push(line);
  }
  return missing;
}

const BLOCK_LINES = 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A block of lines: as strings while it changes, else only as its bytes; `last` is its last line either way. */
interface Block {
  lines?: string[];
  bytes?: Uint8Array<ArrayBuffer>;
  last: string;
}

/**
 * Lines kept sorted (as `Array.prototype.sort` sorts them) in blocks of about BLOCK_LINES, each
 * block's bytes made once and again only when one of its lines comes or goes: a change of a few
 * lines re-encodes a few blocks, not the whole file. Between changes a block keeps its bytes only,
 * not its lines as strings (which would double what the file holds in memory), and a change
 * decodes the block it falls in.
 */
export class SortedLines {
  private readonly blocks: Block[] = [];

  constructor(sorted: readonly string[] = []) {
    for (let at = 0; at < sorted.length; at += BLOCK_LINES) {
      const lines = sorted.slice(at, at + BLOCK_LINES);
      this.blocks.push({ lines, last: lines.at(-1)! });
    }
  }

  /** The block a line is in or belongs in: the first whose last line is not before it, else the last. */
  private blockOf(line: string): number {
    let [low, high] = [0, this.blocks.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.blocks[middle]!.last < line) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** A block's lines as strings, to change: its bytes decoded and dropped. */
  private static linesOf(block: Block): string[] {
    if (!block.lines) {
      block.lines = decoder.decode(block.bytes).split('\n');
      // The bytes end with a newline.
      block.lines.pop();
    }
    block.bytes = undefined;
    return block.lines;
  }

  add(line: string): void {
    const index = this.blockOf(line);
    const block = this.blocks[index];
    if (!block) {
      this.blocks.push({ lines: [line], last: line });
      return;
    }
    const lines = SortedLines.linesOf(block);
    lines.splice(lowerBound(lines, line), 0, line);
    if (lines.length >= 2 * BLOCK_LINES) {
      const tail = lines.splice(BLOCK_LINES);
      this.blocks.splice(index + 1, 0, { lines: tail, last: tail.at(-1)! });
    }
    block.last = lines.at(-1)!;
  }

  /** Takes one of the line away, if it is there. */
  delete(line: string): void {
    const index = this.blockOf(line);
    const block = this.blocks[index];
    if (!block || line > block.last) return;
    const lines = SortedLines.linesOf(block);
    const at = lowerBound(lines, line);
    if (lines[at] === line) lines.splice(at, 1);
    if (lines.length === 0) this.blocks.splice(index, 1);
    else block.last = lines.at(-1)!;
  }

  /**
   * Every line, each ended by a newline, as the bytes of each block in order: a reader that joins
   * them copies the file once (a file of 100,000 posts' redirects is some 11 MB).
   */
  parts(): Uint8Array<ArrayBuffer>[] {
    return this.blocks.map((block) => {
      if (!block.bytes) {
        block.bytes = encoder.encode(`${block.lines!.join('\n')}\n`);
        block.lines = undefined;
      }
      return block.bytes;
    });
  }
}

/** A post's link as the file keeps it: its id and what its lines are made of. */
type FilePost = LinkablePost & { id: number };

// The last render's file: its cities, its list of links and each post's link by id, and the stored
// redirects' lines, sorted. The list of every post's link keeps a link's object, and the order of
// the links that stayed, until the link changes; so the next render walks the two lists side by
// side, comparing objects, and looks up by id only where they differ. It makes the lines of the
// links that are new, and of those whose city's slug changed, came or went (a new city changes no
// other post's lines), and the file re-encodes only the blocks whose lines came or went. A link's
// old lines are made again from it and the last render's cities when they go, rather than kept as
// strings beside the file's bytes.
let known:
  | {
      cities: ReadonlyMap<number, LinkableCity>;
      posts: readonly FilePost[];
      entries: Map<number, FilePost>;
      stored: string[];
      file: SortedLines;
    }
  | undefined;

/** The ids of the cities whose slug is not the same in `before` and `after` (or is in only one). */
function movedCities(before: ReadonlyMap<number, LinkableCity>, after: ReadonlyMap<number, LinkableCity>): Set<number> {
  const moved = new Set<number>();
  for (const [id, city] of after) if (before.get(id)?.slug !== city.slug) moved.add(id);
  for (const id of before.keys()) if (!after.has(id)) moved.add(id);
  return moved;
}

/**
 * The redirects file: the stored redirects' lines (`from to status`) and every line siteRedirects
 * gives for these posts, sorted as `redirectsText` sorts them, each ended by a newline, in parts
 * (see SortedLines.parts).
 */
export function redirectsFile(
  storedLines: readonly string[],
  cities: readonly LinkableCity[],
  posts: readonly FilePost[],
): Uint8Array<ArrayBuffer>[] {
  const stored = [...storedLines].sort();
  const byId = citiesById(cities);
  if (!known) {
    const entries = new Map<number, FilePost>();
    const all = [...stored];
    for (const post of posts) {
      entries.set(post.id, post);
      all.push(...postLines(post, byId));
    }
    known = { cities: byId, posts: posts.slice(), entries, stored, file: new SortedLines(all.sort()) };
    return known.file.parts();
  }
  const before = known;
  const { entries, file } = before;
  const moved = movedCities(before.cities, byId);
  const forget = (link: FilePost) => {
    for (const line of postLines(link, before.cities)) file.delete(line);
  };
  const write = (link: FilePost) => {
    for (const line of postLines(link, byId)) file.add(line);
  };
  // A link that stayed, whose city's slug changed, came or went.
  const rewrite = (link: FilePost) => {
    if (moved.size > 0 && link.cityId !== null && moved.has(link.cityId)) {
      forget(link);
      write(link);
    }
  };
  // A link of the last list that is not in this one: its post is gone, or has a new link.
  const drop = (link: FilePost) => {
    if (entries.get(link.id) !== link) return;
    forget(link);
    entries.delete(link.id);
  };
  // The file changes in place: should this fail half way, the next render makes it anew.
  known = undefined;
  const last = before.posts;
  let j = 0;
  for (const post of posts) {
    if (last[j] === post) {
      j++;
      rewrite(post);
    } else if (entries.get(post.id) === post) {
      // A link that stayed, further on in the last list: the ones before it there are dropped (one
      // that comes later in this list, its order changed, is written again when it comes).
      while (j < last.length && last[j] !== post) drop(last[j++]!);
      j++;
      rewrite(post);
    } else {
      const previous = entries.get(post.id);
      if (previous) forget(previous);
      write(post);
      entries.set(post.id, post);
    }
  }
  while (j < last.length) drop(last[j++]!);
  for (const line of missingFrom(before.stored, stored)) file.delete(line);
  for (const line of missingFrom(stored, before.stored)) file.add(line);
  known = { ...before, cities: byId, posts: posts.slice(), stored };
  return file.parts();
}
