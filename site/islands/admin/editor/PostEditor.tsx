import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import TextareaAutosize from 'react-textarea-autosize';
import { LIMITS, type City, type Post, type PostPreviewChanges } from '@forkcast/content-db/contracts';
import { apiRequest, getJson, messageOf } from '../../shared/api';
import { IslandRoot } from '../../shared/IslandRoot';
import { toast } from '../../shared/toast-store';
import { AdminDialog, CancelButton } from '../AdminDialog';
import { cityEditorUrl } from '../admin-urls';
import { HistoryDialog } from '../history/HistoryDialog';
import { announceWrite, keepToastForNextPage, restoreAfterRepublish, showRepublishedPage } from '../publish';
import { LetterControls } from '../newsletter/LetterControls';
import { LivePreview } from './LivePreview';
import { useEditorKeys } from '../use-editor-keys';
import { MarkdownField } from './MarkdownField';
import '../admin-page-styles';

/** A post as the authoring API answers with it. */
type AuthoredPost = Post & { url: string };

/** What the form edits: the post's fields as the editor types them. */
interface Draft {
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

const EMPTY: Draft = { title: '', slug: '', excerpt: '', content: '', tags: '', type: 'post', cityId: '', heroImage: '', heroAlt: '' };
/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_MS = 1500;

function draftOf(post: AuthoredPost): Draft {
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
  };
}

const tagsOf = (typed: string) =>
  typed
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The form's fields as the API takes them; undefined for a field left empty that the API derives. */
function apiFields(draft: Draft): Record<keyof Draft, unknown> {
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
  };
}

const PREVIEWED = ['title', 'excerpt', 'content', 'tags', 'heroImage', 'heroAlt'] as const;

/** The fields the post's page shows, as typed, for the live preview. */
function previewChanges(draft: Draft): PostPreviewChanges {
  const fields = apiFields(draft);
  return Object.fromEntries(PREVIEWED.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
}

/** The API fields of a form, only those that differ from `saved` (all of them for a new post). */
function changedFields(draft: Draft, saved: Draft | undefined): Record<string, unknown> {
  const fields = apiFields(draft);
  const keys = (Object.keys(fields) as (keyof Draft)[]).filter((key) => fields[key] !== undefined && (!saved || draft[key] !== saved[key]));
  return Object.fromEntries(keys.map((key) => [key, fields[key]]));
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** 'Tuesday, 1 December 2026 at 09:00 (Europe/Lisbon)': a moment in the editor's own zone. */
function localMoment(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso))} (${zone})`;
}

/** A datetime-local value (the editor's zone) as an ISO instant. */
function instantOf(local: string): string {
  return new Date(local).toISOString();
}

const STATUS_LABEL = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;

function postIdFromLocation(): number | undefined {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** A new post as the link that opened the editor sets it up: `?type=guide&cityId=3` starts a city's guide. */
function newPostFromLocation(): Draft {
  const params = new URLSearchParams(window.location.search);
  const cityId = Number(params.get('cityId'));
  return {
    ...EMPTY,
    type: params.get('type') === 'guide' ? 'guide' : 'post',
    cityId: Number.isInteger(cityId) && cityId > 0 ? String(cityId) : '',
  };
}

async function uploadImages(files: File[]): Promise<string> {
  const inserted: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.set('image', file);
    try {
      const { url } = (await (await apiRequest('POST', '/api/upload', form)).json()) as { url: string };
      inserted.push(`![${file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '')}](${url})`);
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: messageOf(error, 'Failed to upload the image. Please try again.'),
        variant: 'destructive',
      });
    }
  }
  return inserted.length > 0 ? `\n\n${inserted.join('\n\n')}\n\n` : '';
}

function EditorBody({ initialId }: { initialId: number | undefined }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [postId, setPostId] = useState(initialId);
  const [draft, setDraft] = useState<Draft>(() => (initialId === undefined ? newPostFromLocation() : EMPTY));
  const [saved, setSaved] = useState<Draft | undefined>(undefined);
  const [post, setPost] = useState<AuthoredPost | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [publishAt, setPublishAt] = useState('');
  const [confirming, setConfirming] = useState<'delete' | 'unpublish' | undefined>(undefined);
  const [previewKey, setPreviewKey] = useState(0);

  // A message carried over from before a reload (an undo, a restored version) shows again.
  useEffect(() => restoreAfterRepublish({ showMessage: true }), []);
  const cities = useQuery({ queryKey: ['/api/cities'], queryFn: async () => (await getJson<City[]>('/api/cities')) ?? [] });
  const loaded = useQuery({
    queryKey: ['/api/posts', initialId, 'edit'],
    enabled: initialId !== undefined,
    queryFn: async () => (await getJson<AuthoredPost>(`/api/posts/${initialId}/edit`, { on401: 'throw' }))!,
  });
  useEffect(() => {
    if (!loaded.data) return;
    setPost(loaded.data);
    setDraft(draftOf(loaded.data));
    setSaved(draftOf(loaded.data));
  }, [loaded.data]);

  const dirty = useMemo(() => Object.keys(changedFields(draft, saved)).length > 0 && draft.title.trim() !== '', [draft, saved]);
  const live = post?.status === 'published';

  const applyAnswer = useCallback(
    (answer: AuthoredPost) => {
      setPost(answer);
      setSaved(draftOf(answer));
      // Fields the server settled (a derived slug, trimmed text) show as saved; typing since then stays.
      setDraft((current) => ({ ...current, slug: answer.slug }));
      setPreviewKey((key) => key + 1);
      void queryClient.invalidateQueries({ queryKey: ['/api/posts'] });
    },
    [queryClient],
  );

  const save = useMutation({
    mutationFn: async (extra: Record<string, unknown>) => {
      const body = { ...changedFields(draft, saved), ...extra };
      const response =
        postId === undefined ? await apiRequest('POST', '/api/posts', body) : await apiRequest('PATCH', `/api/posts/${postId}`, body);
      return { response, answer: (await response.clone().json()) as AuthoredPost, extra };
    },
    onSuccess: ({ response, answer, extra }) => {
      setProblem(undefined);
      if (postId === undefined) {
        setPostId(answer.id);
        window.history.replaceState(null, '', `/admin/editor?id=${answer.id}`);
      }
      applyAnswer(answer);
      const title =
        extra.status === 'published'
          ? 'Published'
          : extra.status === 'scheduled'
            ? 'Scheduled'
            : extra.status === 'draft'
              ? 'Unpublished'
              : 'Saved';
      announceWrite(response, title);
    },
    onError: (error) => {
      const message = messageOf(error, 'The post could not be saved. Please try again.');
      setProblem(message);
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    },
  });

  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/posts/${postId}`),
    onSuccess: (response) => {
      announceWrite(response, 'Post deleted');
      // The dashboard shows the message, with its Undo, after the move.
      keepToastForNextPage();
      setSaved(draft);
      window.location.assign('/admin');
    },
    onError: (error) => toast({ title: 'Error', description: messageOf(error, 'Failed to delete the post'), variant: 'destructive' }),
  });

  const saveNow = useCallback(() => {
    if (draft.title.trim() === '') {
      setProblem('Title is required.');
      return;
    }
    if (!save.isPending) save.mutate({});
  }, [draft.title, save]);

  // Drafts and scheduled posts save themselves when typing pauses; a live post waits for Update.
  useEffect(() => {
    if (!dirty || live || save.isPending) return;
    const timer = window.setTimeout(() => save.mutate({}), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, live, draft, save]);

  useEditorKeys({ onSave: saveNow, mayLeave: () => !dirty });

  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const words = wordCount(draft.content);
  const chosenCity = cities.data?.find((city) => String(city.id) === draft.cityId);

  if (initialId !== undefined && loaded.isPending) {
    return (
      <div className="fc-dash-center" role="status">
        <span className="fc-dash-spinner" aria-hidden="true" />
        <span>Loading the post…</span>
      </div>
    );
  }
  if (loaded.isError) {
    return (
      <div className="fc-dash-center" role="alert">
        <p>{messageOf(loaded.error, 'The post could not be loaded.')}</p>
        <a href="/admin">Back to the dashboard</a>
      </div>
    );
  }

  const saveState = save.isPending
    ? 'Saving…'
    : dirty
      ? live
        ? 'Unsaved changes'
        : 'Editing…'
      : postId === undefined
        ? 'Not saved yet'
        : 'All changes saved';

  return (
    <div className="fc-editor">
      <header className="fc-editor__bar">
        <a className="fc-editor__back" href="/admin">
          ← Dashboard
        </a>
        <p className="fc-editor__state" role="status" aria-live="polite">
          {post && <span className={`fc-status fc-status--${post.status}`}>{STATUS_LABEL[post.status]}</span>}
          <span>{saveState}</span>
          <span className="fc-editor__words">{words === 1 ? '1 word' : `${words} words`}</span>
        </p>
        <div className="fc-editor__actions">
          {postId !== undefined && (
            <HistoryDialog
              entity="post"
              entityId={postId}
              name={post ? `'${post.title}'` : 'this post'}
              onRestored={showRepublishedPage}
              trigger={
                <button type="button" className="button button--ghost fc-dash-small-button">
                  History
                </button>
              }
            />
          )}
          {postId !== undefined && (
            <a className="button button--ghost fc-dash-small-button" href={`/api/posts/${postId}/preview`} target="_blank" rel="noopener">
              Preview
            </a>
          )}
          {live ? (
            <button type="button" className="button fc-dash-small-button" disabled={!dirty || save.isPending} onClick={saveNow}>
              Update
            </button>
          ) : (
            <>
              <button type="button" className="button button--ghost fc-dash-small-button" disabled={save.isPending} onClick={saveNow}>
                Save draft
              </button>
              <button
                type="button"
                className="button fc-dash-small-button"
                disabled={save.isPending || draft.title.trim() === ''}
                onClick={() => save.mutate({ status: 'published' })}
              >
                Publish now
              </button>
            </>
          )}
        </div>
      </header>

      {live && <p className="fc-editor__note">This post is live: Update publishes your changes to readers at once.</p>}
      {post?.status === 'scheduled' && post.publishAt && (
        <p className="fc-editor__note">Scheduled to go live on {localMoment(post.publishAt)}.</p>
      )}
      {problem && (
        <p className="fc-editor__problem" role="alert">
          {problem}
        </p>
      )}

      <div className="fc-editor__grid">
        <form
          className="fc-editor__form"
          aria-labelledby={`${id}-heading`}
          onSubmit={(event) => {
            event.preventDefault();
            saveNow();
          }}
        >
          <h1 id={`${id}-heading`} className="visually-hidden">
            {postId === undefined ? 'New post' : `Edit ${post?.title ?? 'post'}`}
          </h1>
          <label className="fc-editor__title">
            <span className="visually-hidden">Title</span>
            {/* A textarea so a long title wraps in full; it stays one line, as the API requires. */}
            <TextareaAutosize
              minRows={1}
              value={draft.title}
              onChange={(event) => setDraft((current) => ({ ...current, title: event.target.value.replace(/[\r\n]+/g, ' ') }))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              placeholder="Title"
              maxLength={LIMITS.post.title}
              required
            />
          </label>
          <label className="fc-field">
            <span>Excerpt</span>
            <TextareaAutosize value={draft.excerpt} onChange={set('excerpt')} minRows={2} maxRows={8} maxLength={LIMITS.post.excerpt} />
          </label>
          <div className="fc-editor__body">
            <MarkdownField
              label="Body (Markdown)"
              value={draft.content}
              onChange={(content) => setDraft((current) => ({ ...current, content }))}
              onImages={uploadImages}
            />
          </div>
        </form>

        <aside className="fc-editor__side" aria-label="Post settings">
          <label className="fc-field">
            <span>Slug</span>
            <input value={draft.slug} onChange={set('slug')} placeholder="derived from the title" maxLength={LIMITS.post.slug} />
          </label>
          {post && <p className="fc-dash-hint">URL: {post.url}</p>}
          <label className="fc-field">
            <span>Type</span>
            <select value={draft.type} onChange={set('type')}>
              <option value="post">Post</option>
              <option value="guide">City guide</option>
            </select>
          </label>
          <div className="fc-field">
            <label htmlFor={`${id}-city`}>City</label>
            <select id={`${id}-city`} value={draft.cityId} onChange={set('cityId')}>
              <option value="">No city</option>
              {(cities.data ?? []).map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
            </select>
            {chosenCity && (
              <a className="fc-field__link" href={cityEditorUrl(chosenCity.id)}>
                Edit {chosenCity.name}’s city settings
              </a>
            )}
          </div>
          <label className="fc-field">
            <span>Tags</span>
            <input value={draft.tags} onChange={set('tags')} placeholder="ramen, late night" />
          </label>
          <label className="fc-field">
            <span>Hero image</span>
            <input value={draft.heroImage} onChange={set('heroImage')} placeholder="/uploads/… or https://…" />
          </label>
          <label className="fc-field">
            <span>Hero alt text</span>
            <input value={draft.heroAlt} onChange={set('heroAlt')} maxLength={LIMITS.altText} />
          </label>

          {postId !== undefined && !live && (
            <fieldset className="fc-editor__schedule">
              <legend>Schedule</legend>
              <label className="fc-field">
                <span>Go live at (your time)</span>
                <input type="datetime-local" step={1} value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
              </label>
              <button
                type="button"
                className="button button--ghost fc-dash-small-button"
                disabled={publishAt === '' || save.isPending}
                onClick={() => save.mutate({ status: 'scheduled', publishAt: instantOf(publishAt) })}
              >
                Schedule
              </button>
            </fieldset>
          )}

          {post && <LetterControls post={post} />}

          {postId !== undefined && (
            <div className="fc-editor__danger">
              {live && (
                <AdminDialog
                  open={confirming === 'unpublish'}
                  onOpenChange={(open) => setConfirming(open ? 'unpublish' : undefined)}
                  trigger={
                    <button type="button" className="fc-dash-danger">
                      Unpublish
                    </button>
                  }
                  title="Unpublish this post?"
                  description={`'${post?.title}' leaves the site, every listing, the feeds and the sitemap until you publish it again.`}
                >
                  <div className="fc-form__actions">
                    <CancelButton />
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setConfirming(undefined);
                        save.mutate({ status: 'draft' });
                      }}
                    >
                      Unpublish
                    </button>
                  </div>
                </AdminDialog>
              )}
              <AdminDialog
                open={confirming === 'delete'}
                onOpenChange={(open) => setConfirming(open ? 'delete' : undefined)}
                trigger={
                  <button type="button" className="fc-dash-danger">
                    Delete post
                  </button>
                }
                title="Delete this post?"
                description={`'${post?.title}' leaves the site with its edited sections and additions: its page, its place in every listing, the feeds and the sitemap. It waits in the trash on /admin for 30 days, where Restore brings it all back.`}
              >
                <div className="fc-form__actions">
                  <CancelButton />
                  <button type="button" className="button fc-dash-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                    Delete
                  </button>
                </div>
              </AdminDialog>
            </div>
          )}
        </aside>
      </div>

      {postId !== undefined && saved !== undefined && (
        <LivePreview postId={postId} changes={previewChanges(draft)} refreshKey={previewKey} headingId={`${id}-preview`} />
      )}
    </div>
  );
}

/** The /admin/editor island (client:only="react"): writes a new post, or edits `?id=`. */
export default function PostEditor() {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <EditorBody initialId={postIdFromLocation()} />
      </div>
    </IslandRoot>
  );
}
