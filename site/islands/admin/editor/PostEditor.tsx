import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { mayOnPost, roleAtLeast, type City, type CurrentUser } from '@forkcast/shared/contracts';
import { getJson } from '../../shared/api';
import { useSignedInUser } from '../../shared/auth-store';
import { IslandRoot } from '../../shared/IslandRoot';
import { postEditorUrl } from '../admin-urls';
import { ConflictView } from '../conflict/ConflictView';
import { reapplyOnTop } from '../conflict/field-diffs';
import { EditorLoadFailed, EditorLoading, EditorProblem, idFromLocation, saveStateOf } from '../entity-editor/EditorFrame';
import { useEntityEditor } from '../entity-editor/use-entity-editor';
import { LetterControls } from '../newsletter/LetterControls';
import { LivePreview } from './LivePreview';
import {
  draftOf,
  EMPTY_POST,
  isPostDirty,
  newPostFromLocation,
  postFields,
  previewChanges,
  savedTitle,
  sendPost,
  wordCount,
  type AuthoredPost,
  type PostDraft,
  type PostSaveExtra,
} from './post-draft';
import { PostDangerZone } from './PostDangerZone';
import { PostEditorBar } from './PostEditorBar';
import { PostForm, PostSettings } from './PostFields';
import { PostSchedule } from './PostSchedule';
import { PostReaders } from '../insights/PostViews';
import { PresenceNote } from '../presence/PresenceNote';
import { ReviewNote, ReviewPanel } from '../review/ReviewPanel';
import { SeoPanel, type SeoDefaults } from '../seo/SeoPanel';
import { FALLBACK_IMAGE } from '../../../lib/images';
import '../admin-page-styles';

export { wordCount } from './post-draft';

/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_MS = 1500;

/** 'Tuesday, 1 December 2026 at 09:00 (Europe/Lisbon)': a moment in the editor's own zone. */
function localMoment(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso))} (${zone})`;
}

const readPost = async (id: number) => (await getJson<AuthoredPost>(`/api/posts/${id}/edit`, { on401: 'throw' }))!;

/** The post editor's cycle: read by the id the page opened with, saved and published through the authoring API. */
function usePostEditor(initialId: number | undefined, cities: readonly City[], user: CurrentUser | null) {
  const [post, setPost] = useState<AuthoredPost | undefined>(undefined);
  const [previewKey, setPreviewKey] = useState(0);
  const editor = useEntityEditor<PostDraft, AuthoredPost, AuthoredPost, PostSaveExtra>({
    initialId,
    blank: () => (initialId === undefined ? newPostFromLocation() : EMPTY_POST),
    // A post created here is not read back: its save's answer is the post.
    load: () => ({
      queryKey: ['/api/posts', initialId, 'edit'],
      enabled: initialId !== undefined,
      queryFn: () => readPost(initialId!),
    }),
    fetchCurrent: readPost,
    noun: 'post',
    fieldsOf: (draft) => postFields(draft, (id) => cities.find((city) => String(city.id) === id)?.name ?? `City ${id}`),
    reapply: reapplyOnTop,
    refill: 'every',
    onLoaded: setPost,
    draftOf,
    isDirty: isPostDirty,
    send: sendPost,
    // Fields the server settled (a derived slug, trimmed text) show as saved; typing since then stays.
    settle: (current, _sent, settled) => ({ ...current, slug: settled.slug }),
    urlOf: postEditorUrl,
    savedTitle,
    invalidates: [['/api/posts']],
    onSaved: (answer) => {
      setPost(answer);
      setPreviewKey((key) => key + 1);
    },
    problemClears: 'when-saved',
    notSaved: 'The post could not be saved. Please try again.',
    onSaveRequest: ({ draft, saving, setProblem }) => {
      if (draft.title.trim() !== '') return saving ? undefined : {};
      setProblem('Title is required.');
      return undefined;
    },
  });
  const live = post?.status === 'published';
  const may = editorRights(user, post);

  // Drafts and scheduled posts save themselves when typing pauses; a live post waits for Update.
  // Not while a save that ran into someone else's change waits for the editor's choice, nor on a
  // post the user may not change (a contributor's post in review).
  const { dirty, saving, save, draft, conflict } = editor;
  const mayEdit = may.edit;
  useEffect(() => {
    if (!dirty || live || saving || conflict || !mayEdit) return;
    const timer = window.setTimeout(() => save({}), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, live, saving, save, draft, conflict, mayEdit]);

  return { editor, post, live, previewKey, may };
}

/** What the signed-in user may do in the editor, as the server's rules say; only controls are hidden by it. */
function editorRights(user: CurrentUser | null, post: AuthoredPost | undefined) {
  if (!user) return { edit: false, submit: false, review: false, publish: false, remove: false, history: false, send: false };
  // A post not saved yet will be the writer's own draft.
  const subject = post ?? { authorIds: [user.id], status: 'draft' as const };
  return {
    edit: mayOnPost(user, subject, 'edit'),
    submit: mayOnPost(user, subject, 'submit'),
    // Editors decide on a post in review; writers below them submit theirs.
    review: roleAtLeast(user.role, 'editor'),
    publish: mayOnPost(user, subject, 'publish'),
    remove: mayOnPost(user, subject, 'delete'),
    history: roleAtLeast(user.role, 'editor'),
    send: roleAtLeast(user.role, 'administrator'),
  };
}

/** The site a page is published on, as search results and shared links name it. */
interface SiteIdentity {
  name: string;
  origin: string;
}

/** What the post's page says when a search or social field is empty, as its layout decides it. */
function seoDefaults(draft: PostDraft, post: AuthoredPost | undefined, cities: readonly City[], site: SiteIdentity): SeoDefaults {
  const city = cities.find((candidate) => String(candidate.id) === draft.cityId);
  const title = draft.type === 'guide' && city ? `${city.name} Food Guide` : draft.title.trim() || 'Title';
  const hero = draft.heroImage.trim() || (draft.type === 'guide' ? city?.heroImage : undefined);
  return { title: `${title} | ${site.name}`, description: draft.excerpt.trim(), image: hero || FALLBACK_IMAGE, path: post?.url };
}

function EditorBody({ initialId, site }: { initialId: number | undefined; site: SiteIdentity }) {
  const id = useId();
  const cities = useQuery({ queryKey: ['/api/cities'], queryFn: async () => (await getJson<City[]>('/api/cities')) ?? [] });
  const { editor, post, live, previewKey, may } = usePostEditor(initialId, cities.data ?? [], useSignedInUser());
  const { id: postId, draft, setDraft } = editor;

  if (editor.loading) return <EditorLoading noun="post" />;
  if (editor.loadError) return <EditorLoadFailed noun="post" error={editor.loadError} />;

  return (
    <div className="fc-editor">
      <PostEditorBar
        post={post}
        postId={postId}
        saveState={saveStateOf(editor, live ? 'Unsaved changes' : 'Editing…')}
        words={wordCount(draft.content)}
        dirty={editor.dirty}
        saving={editor.saving}
        titled={draft.title.trim() !== ''}
        onSave={editor.saveNow}
        onPublish={() => editor.save({ status: 'published' })}
        onReview={(review) => editor.save({ review })}
        may={may}
      />

      {live && <p className="fc-editor__note">This post is live: Update publishes your changes to readers at once.</p>}
      {post?.status === 'scheduled' && post.publishAt && (
        <p className="fc-editor__note">Scheduled to go live on {localMoment(post.publishAt)}.</p>
      )}
      {post?.status === 'review' && post.reviewAt && (
        <p className="fc-editor__note">
          {may.review
            ? `Waiting for review since ${localMoment(post.reviewAt)}: publish or schedule it, or send it back with a note.`
            : `Submitted for review on ${localMoment(post.reviewAt)}: an editor will publish it or send it back. Take it back to change it.`}
        </p>
      )}
      <ReviewNote postId={postId} status={post?.status} />
      <PresenceNote postId={postId} />
      <EditorProblem problem={editor.problem} />
      {editor.conflict && (
        <ConflictView
          noun="post"
          stale={editor.conflict.stale}
          mine={editor.conflict.mine}
          busy={editor.resolving || editor.saving}
          onReload={editor.takeTheirs}
          onReapply={editor.applyMineOnTop}
        />
      )}

      <div className="fc-editor__grid">
        {/* A post the user may not change (a contributor's, in review) shows its fields locked. */}
        <div className="fc-editor__main">
          <fieldset className="fc-editor__lock" disabled={!may.edit}>
            <PostForm
              id={id}
              draft={draft}
              setDraft={setDraft}
              heading={postId === undefined ? 'New post' : `Edit ${post?.title ?? 'post'}`}
              onSubmit={editor.saveNow}
            />
            <SeoPanel
              value={draft}
              onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
              defaults={seoDefaults(draft, post, cities.data ?? [], site)}
              site={site}
              defaultOpen={SEO_TEXT_FIELDS.some((key) => draft[key].trim() !== '') || draft.noindex}
            />
          </fieldset>
        </div>
        <aside className="fc-editor__side" aria-label="Post settings">
          <fieldset className="fc-editor__lock" disabled={!may.edit}>
            <PostSettings id={id} draft={draft} setDraft={setDraft} post={post} cities={cities.data ?? []} />
          </fieldset>
          <PostSchedule
            shown={postId !== undefined && !live && may.publish}
            saving={editor.saving}
            onSchedule={(publishAt) => editor.save({ status: 'scheduled', publishAt })}
          />
          {postId !== undefined && live && may.review && <PostReaders postId={postId} />}
          {post && may.send && <LetterControls post={post} />}
          {postId !== undefined && (may.remove || (live && may.publish)) && (
            <PostDangerZone
              postId={postId}
              title={post?.title}
              live={live}
              may={may}
              version={editor.version}
              onUnpublish={() => editor.save({ status: 'draft' })}
              onDeleted={() => {
                editor.setSaved(draft);
                editor.leaveForDashboard();
              }}
            />
          )}
          {postId !== undefined && post && (
            <ReviewPanel
              postId={postId}
              status={post.status}
              mayRequestChanges={may.review && post.status === 'review'}
              busy={editor.saving}
              onRequestChanges={(note) => editor.save({ review: 'request-changes', note })}
            />
          )}
        </aside>
      </div>

      {postId !== undefined && editor.saved !== undefined && (
        <LivePreview postId={postId} changes={previewChanges(draft)} refreshKey={previewKey} headingId={`${id}-preview`} />
      )}
    </div>
  );
}

const SEO_TEXT_FIELDS = ['metaTitle', 'metaDescription', 'ogImage', 'canonicalUrl'] as const;

/** The /admin/editor island (client:only="react"): writes a new post, or edits `?id=`. */
export default function PostEditor({ site = { name: 'Forkcast', origin: window.location.origin } }: { site?: SiteIdentity }) {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <EditorBody initialId={idFromLocation()} site={site} />
      </div>
    </IslandRoot>
  );
}
