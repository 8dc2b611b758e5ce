/**
 * The timed writes of `make bench`: each kind of write an editor makes, through the real app with its
 * publisher, from the request to the answer (which comes once every affected page is live).
 */
import type { PublishingApp, SitePublisher } from '@forkcast/admin-api';
import { createUser, nowIso, type Db } from '@forkcast/content-db';

export interface WriteTiming {
  writes: number;
  p50: number;
  p95: number;
  /** Pages rendered per write (what the publisher had to look at again), mean and most. */
  rendered: { mean: number; max: number };
  /** Pages whose bytes changed per write, mean. */
  changed: number;
}

interface Context {
  app: PublishingApp['app'];
  publicHost: string;
  cookie: string;
  db: Db;
  publisher: SitePublisher;
  random: () => number;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A request as the admin; throws on anything but 2xx, so a broken write cannot pass for a fast one. */
function requester({ app, publicHost, cookie }: Context) {
  return async (path: string, method: string, body?: unknown) => {
    const form = body instanceof FormData;
    const response = await app.request(`${publicHost}${path}`, {
      method,
      headers: { ...(form || body === undefined ? {} : { 'content-type': 'application/json' }), cookie },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
}

function guideCsv(i: number): FormData {
  const rows = Array.from(
    { length: 15 },
    (_, r) => `${1 + (r % 4)},lunch,Bench Place ${i}-${r},Centre,Local,"Order the special, twice.",${r} Main St,`,
  );
  const form = new FormData();
  form.append(
    'csvFile',
    new File([['day,meal,restaurant,neighborhood,cuisine,notes,address,url', ...rows].join('\n')], 'bench.csv', { type: 'text/csv' }),
  );
  form.append('cityName', `Bench City ${i}`);
  return form;
}

/** A published city post a write is made on (or modelled on), as it is when picked. */
interface Picked {
  id: number;
  slug: string;
  cityId: number;
  tags: string[];
}

/**
 * The ids of every published city post, in the same order as listPosts, to pick from. This process
 * is the server whose memory the bench measures: holding every post to pick from (even only its id,
 * slug, city and tags) kept the bench's own data in its heap, so only the ids are kept, and a
 * picked post is read (untimed) when it is picked.
 */
async function idsToPick(db: Db): Promise<Int32Array> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('published', '=', 1)
    .where('type', '=', 'post')
    .where('cityId', 'is not', null)
    .orderBy((eb) => eb.fn.coalesce('publishedAt', 'createdAt'), 'desc')
    .orderBy('id', 'desc')
    .execute();
  return Int32Array.from(rows, (row) => row.id);
}

/** Each kind of write: an untimed preparation (if any) and the timed write, each given a post picked at random. */
async function writeKinds(context: Context) {
  const send = requester(context);
  const ids = await idsToPick(context.db);
  const pick = async (): Promise<Picked> => {
    const row = await context.db
      .selectFrom('posts')
      .select(['id', 'slug', 'cityId', 'tags'])
      .where('id', '=', ids[Math.floor(context.random() * ids.length)]!)
      .executeTakeFirstOrThrow();
    return { id: row.id, slug: row.slug, cityId: row.cityId!, tags: JSON.parse(row.tags) as string[] };
  };
  const newPost = (i: number, status: 'published' | 'draft', model: Picked) => ({
    title: `Bench post ${status} ${i}`,
    excerpt: 'Fresh from the benchmark.',
    content: 'One.\n\nTwo.',
    type: 'post',
    cityId: model.cityId,
    tags: model.tags,
    heroImage: '/images/presets/food-plating.jpg',
    heroAlt: 'A plate',
    status,
  });
  const blockIds = new Map<number, number>();
  // An author of a few posts of their own, made once (untimed): renaming them re-renders their
  // posts, the cards that show them and their author page, and nothing of anyone else's.
  let benchAuthor: Promise<number> | undefined;
  const author = () => {
    benchAuthor ??= (async () => {
      const id = await createUser(context.db, {
        email: 'bench.author@forkcast.test',
        passwordHash: 'x',
        name: 'Bench Author',
        role: 'author',
        now: nowIso(),
      });
      for (let n = 0; n < 5; n++) await send(`/api/posts/${(await pick()).id}`, 'PATCH', { authorIds: [id] });
      return id;
    })();
    return benchAuthor;
  };
  const createdIds = async (response: Response) => ((await response.json()) as { id: number }).id;
  type Kind = {
    prepare?: (i: number, post: Picked) => Promise<unknown>;
    write: (i: number, prepared: unknown, post: Picked) => Promise<unknown>;
  };
  const kinds: Record<string, Kind> = {
    'block edit': {
      write: async (i, _prepared, post) => {
        const existing = blockIds.get(post.id);
        if (existing) return send(`/api/posts/${post.id}/blocks/${existing}`, 'PUT', { content: `Edit ${i}.` });
        const response = await send(`/api/posts/${post.id}/blocks`, 'POST', { content: `Edit ${i}.`, position: 0, isOriginal: true });
        blockIds.set(post.id, await createdIds(response));
        return response;
      },
    },
    'inline add': {
      write: (i, _prepared, post) => send(`/api/posts/${post.id}/content`, 'POST', { type: 'text', content: `Note ${i}.`, position: 1 }),
    },
    'post hero change': {
      write: (i, _prepared, post) =>
        send(`/api/posts/${post.slug}/hero-image`, 'PATCH', { heroImage: `/images/posts/${['tea', 'wine', 'pizza'][i % 3]}.jpg` }),
    },
    'homepage hero change': {
      write: (i) =>
        send('/api/hero/update-image', 'POST', { imageUrl: `/images/presets/${['mountain-trail', 'food-plating'][i % 2]}.jpg` }),
    },
    'new post': { write: (i, _prepared, post) => send('/api/posts', 'POST', newPost(i, 'published', post)) },
    'publish a draft': {
      prepare: async (i, post) => createdIds(await send('/api/posts', 'POST', newPost(i, 'draft', post))),
      write: (_i, id) => send(`/api/posts/${id}`, 'PATCH', { status: 'published' }),
    },
    unpublish: { write: (_i, _prepared, post) => send(`/api/posts/${post.id}`, 'PATCH', { status: 'draft' }) },
    're-slug': { write: (i, _prepared, post) => send(`/api/posts/${post.id}`, 'PATCH', { slug: `bench-moved-${i}` }) },
    'rename an author': {
      prepare: () => author(),
      write: (i, id) => send(`/api/users/${id}`, 'PATCH', { name: `Bench Author ${i}` }),
    },
    'CSV guide (15 rows)': { write: (i) => send('/api/admin/generate-guide', 'POST', guideCsv(i)) },
  };
  return { kinds, pick };
}

/** Times `count` writes of every kind (or of the kinds named), in turn. */
export async function timeWrites(
  context: Context,
  count: number,
  log: (line: string) => void,
  only?: readonly string[],
): Promise<Record<string, WriteTiming>> {
  const timings: Record<string, WriteTiming> = {};
  const { kinds, pick } = await writeKinds(context);
  for (const [kind, { prepare, write }] of Object.entries(kinds)) {
    if (only && !only.includes(kind)) continue;
    log(`${count} writes: ${kind}...`);
    const times: number[] = [];
    const rendered: number[] = [];
    let changed = 0;
    for (let i = 0; i < count; i++) {
      const post = await pick();
      const prepared = await prepare?.(i, post);
      const started = performance.now();
      await write(i, prepared, post);
      times.push(performance.now() - started);
      rendered.push(context.publisher.lastReport?.rendered ?? 0);
      changed += context.publisher.lastReport?.pagesChanged ?? 0;
    }
    timings[kind] = {
      writes: count,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      rendered: { mean: rendered.reduce((a, b) => a + b, 0) / count, max: Math.max(...rendered) },
      changed: changed / count,
    };
  }
  return timings;
}
