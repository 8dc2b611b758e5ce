import type { Post, PostPreviewChanges } from '@forkcast/shared/contracts';
import { apiRequest } from '../../shared/api';
import type { Fields } from '../conflict/field-diffs';
import type { SaveAnswer } from '../entity-editor/use-entity-editor';
import { EMPTY_SEO_DRAFT, seoApiFields, seoDraftOf, seoFieldLines, type SeoDraft } from '../seo/seo-draft';

/** A post as the authoring API answers with it. */
export type AuthoredPost = Post & { url: string };

/** What the form edits: the post's fields as the editor types them, its search and social fields too. */
export interface PostDraft extends SeoDraft {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string;
  type: 'post' | 'guide';
  cityId: string;
  heroImage: string;
  heroAlt: string;
}

/** A step of review: the writer submits or takes the post back, an editor sends it back with a note. */
export type ReviewStep = 'submit' | 'withdraw' | 'request-changes';

/**
 * What a save sends besides the form: a status change, and the moment a scheduled post goes live;
 * or a step of review (with the editor's note), taken once the form's changes are saved.
 */
export type PostSaveExtra = { status?: Exclude<Post['status'], 'review'>; publishAt?: string; review?: ReviewStep; note?: string };

export const EMPTY_POST: PostDraft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  tags: '',
  type: 'post',
  cityId: '',
  heroImage: '',
  heroAlt: '',
  ...EMPTY_SEO_DRAFT,
};

export function draftOf(post: AuthoredPost): PostDraft {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    tags: post.tags.join(', '),
    type: post.type,
    cityId: post.cityId === null ? '' : String(post.cityId),
    heroImage: post.heroImage ?? '',
    heroAlt: post.heroAlt,
    ...seoDraftOf(post),
  };
}

const tagsOf = (typed: string) =>
  typed
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The form's fields as the API takes them; undefined for a field left empty that the API derives. */
function apiFields(draft: PostDraft): Record<keyof PostDraft, unknown> {
  return {
    title: draft.title,
    slug: draft.slug.trim() || undefined,
    excerpt: draft.excerpt,
    content: draft.content,
    tags: tagsOf(draft.tags),
    type: draft.type,
    cityId: draft.cityId === '' ? null : Number(draft.cityId),
    heroImage: draft.heroImage.trim() || null,
    heroAlt: draft.heroAlt.trim() || undefined,
    ...seoApiFields(draft),
  };
}

const PREVIEWED = ['title', 'excerpt', 'content', 'tags', 'heroImage', 'heroAlt'] as const;

/** The fields the post's page shows, as typed, for the live preview. */
export function previewChanges(draft: PostDraft): PostPreviewChanges {
  const fields = apiFields(draft);
  return Object.fromEntries(PREVIEWED.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
}

/** The API fields of a form, only those that differ from `saved` (all of them for a new post). */
function changedFields(draft: PostDraft, saved: PostDraft | undefined): Record<string, unknown> {
  const fields = apiFields(draft);
  const keys = (Object.keys(fields) as (keyof PostDraft)[]).filter(
    (key) => fields[key] !== undefined && (!saved || draft[key] !== saved[key]),
  );
  return Object.fromEntries(keys.map((key) => [key, fields[key]]));
}

/** Whether the form holds changes worth saving: a post without a title is never saved. */
export function isPostDirty(draft: PostDraft, saved: PostDraft | undefined): boolean {
  return Object.keys(changedFields(draft, saved)).length > 0 && draft.title.trim() !== '';
}

/**
 * Creates the post, or sends only what changed since `saved`, with `extra` (a status change), made
 * to `version`: the server refuses it (412) if the post has changed since.
 */
export async function sendPost(
  postId: number | undefined,
  draft: PostDraft,
  saved: PostDraft | undefined,
  extra: PostSaveExtra,
  version: number | undefined,
): Promise<SaveAnswer<AuthoredPost>> {
  const { review, note, ...status } = extra;
  if (review && postId !== undefined) return reviewStep(postId, review, note, changedFields(draft, saved), version);
  const body = { ...changedFields(draft, saved), ...status };
  const response =
    postId === undefined
      ? await apiRequest('POST', '/api/posts', body)
      : await apiRequest('PATCH', `/api/posts/${postId}`, body, { version });
  return { response, answer: (await response.clone().json()) as AuthoredPost };
}

/** Saves what the form changed (a writer submits what they see), then takes the step on the version that made. */
async function reviewStep(
  postId: number,
  step: ReviewStep,
  note: string | undefined,
  changed: Record<string, unknown>,
  version: number | undefined,
): Promise<SaveAnswer<AuthoredPost>> {
  let made = version;
  if (Object.keys(changed).length > 0 && step === 'submit') {
    const saved = await apiRequest('PATCH', `/api/posts/${postId}`, changed, { version });
    made = ((await saved.json()) as AuthoredPost).version;
  }
  const response = await apiRequest('POST', `/api/posts/${postId}/${step}`, note ? { note } : {}, { version: made });
  return { response, answer: (await response.clone().json()) as AuthoredPost };
}

/** The form's fields as text under the labels the history gives them, so the two sides of a conflict line up. */
export function postFields(draft: PostDraft, cityName: (id: string) => string): Fields {
  return [
    ['Title', draft.title],
    ['Slug', draft.slug],
    ['Type', draft.type === 'guide' ? 'City guide' : 'Post'],
    ['City', draft.cityId === '' ? 'No city' : cityName(draft.cityId)],
    ['Tags', tagsOf(draft.tags).join(', ')],
    ['Excerpt', draft.excerpt],
    ['Hero image', draft.heroImage],
    ['Hero alt text', draft.heroAlt],
    ...seoFieldLines(draft),
    ['Text', draft.content],
  ];
}

/** The message a save's success shows: what it did to the post's status, or just that it saved. */
export function savedTitle(extra: PostSaveExtra): string {
  if (extra.review === 'submit') return 'Submitted for review';
  if (extra.review === 'withdraw') return 'Taken back from review';
  if (extra.review === 'request-changes') return 'Sent back with your note';
  if (extra.status === 'published') return 'Published';
  if (extra.status === 'scheduled') return 'Scheduled';
  if (extra.status === 'draft') return 'Unpublished';
  return 'Saved';
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A new post as the link that opened the editor sets it up: `?type=guide&cityId=3` starts a city's guide. */
export function newPostFromLocation(): PostDraft {
  const params = new URLSearchParams(window.location.search);
  const cityId = Number(params.get('cityId'));
  return {
    ...EMPTY_POST,
    type: params.get('type') === 'guide' ? 'guide' : 'post',
    cityId: Number.isInteger(cityId) && cityId > 0 ? String(cityId) : '',
  };
}
