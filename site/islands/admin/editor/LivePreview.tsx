import { useEffect, useRef, useState } from 'react';
import type { PostPreviewChanges } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';

/** How long typing must pause before the preview asks for the page again. */
export const PREVIEW_MS = 400;

interface LivePreviewProps {
  postId: number;
  /** The fields as typed, saved or not: the page shows them over the stored post. */
  changes: PostPreviewChanges;
  /** Changes after each save, so the preview shows what the save settled. */
  refreshKey: number;
  headingId: string;
}

type PreviewState = { kind: 'loading' } | { kind: 'shown' } | { kind: 'paused'; reason: string };

/**
 * The post's page as readers will see it with what is typed now, live or draft: the server renders
 * it with the site's own renderer (POST /api/posts/:id/preview, which stores nothing) a moment after
 * typing pauses, and the frame keeps its scroll position across updates.
 */
export function LivePreview({ postId, changes, refreshKey, headingId }: LivePreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const scrollY = useRef(0);
  const [html, setHtml] = useState<string | undefined>(undefined);
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const body = JSON.stringify(changes);

  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiRequest('POST', `/api/posts/${postId}/preview`, JSON.parse(body) as PostPreviewChanges);
        const page = await response.text();
        if (!current) return;
        scrollY.current = frame.current?.contentWindow?.scrollY ?? scrollY.current;
        setHtml(page);
        setState({ kind: 'shown' });
      } catch (error) {
        if (current) setState({ kind: 'paused', reason: messageOf(error, 'The preview could not be rendered.') });
      }
    }, PREVIEW_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [postId, body, refreshKey]);

  return (
    <section className="fc-editor__preview" aria-labelledby={headingId}>
      <h2 id={headingId}>Preview</h2>
      <p className="fc-dash-hint" role="status">
        {state.kind === 'paused'
          ? `The preview waits for a fix: ${state.reason}`
          : 'The page as readers will see it, with what you have typed, saved or not.'}
      </p>
      <iframe
        ref={frame}
        title="Preview of the post"
        srcDoc={html}
        onLoad={() => frame.current?.contentWindow?.scrollTo(0, scrollY.current)}
      />
    </section>
  );
}
