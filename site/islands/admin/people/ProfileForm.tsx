import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, type CurrentUser, type UploadResult, type User, type UserChanges } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { useAuth } from '../../shared/auth-store';
import { toast } from '../../shared/toast-store';
import { adminQuery, LOGIN_URL } from '../DashboardQueries';
import { DashboardQueryError } from '../DashboardQueryError';

async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = (await (await apiRequest('POST', '/api/upload', form)).json()) as UploadResult;
  return url;
}

interface Draft {
  name: string;
  slug: string;
  bio: string;
  avatar: string;
}

const draftOf = (user: User): Draft => ({ name: user.name, slug: user.slug, bio: user.bio, avatar: user.avatar ?? '' });

/** /admin/profile: anyone's own name, slug, bio and avatar (uploaded through the image pipeline). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const id = useId();
  const url = `/api/users/${user.id}`;
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: [url], queryFn: adminQuery<User>(url) });
  const [draft, setDraft] = useState<Draft>();
  const [error, setError] = useState<string>();
  const alert = useRef<HTMLParagraphElement>(null);
  // A refusal is read out and takes the focus once it is on the page.
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);
  useEffect(() => {
    if (profile.data && !draft) setDraft(draftOf(profile.data));
  }, [profile.data, draft]);

  const save = useMutation({
    mutationFn: async (changes: UserChanges) => (await apiRequest('PATCH', url, changes)).json() as Promise<User>,
    onSuccess: (saved) => {
      setError(undefined);
      setDraft(draftOf(saved));
      queryClient.setQueryData([url], saved);
      useAuth.setState({ user: { id: saved.id, name: saved.name, email: saved.email, role: saved.role, slug: saved.slug } });
      toast({ title: 'Profile saved', description: 'Your byline and author page show it.' });
    },
    onError: (failure) => {
      setError(messageOf(failure, 'Your profile could not be saved.'));
    },
  });
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (avatar) => setDraft((current) => current && { ...current, avatar }),
    onError: (failure) => setError(messageOf(failure, 'The image could not be uploaded.')),
  });

  if (profile.isPending || !draft) {
    if (profile.isError)
      return (
        <DashboardQueryError
          error={profile.error}
          failure="Failed to load your profile"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Log in again</a> to edit your profile.
            </>
          }
          onRetry={() => void profile.refetch()}
        />
      );
    return <p role="status">Loading your profile…</p>;
  }
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: draft.name, slug: draft.slug, bio: draft.bio, avatar: draft.avatar.trim() === '' ? null : draft.avatar.trim() });
  };
  return (
    <section className="fc-dash-card fc-people-profile" aria-labelledby={`${id}-title`}>
      <p className="kicker">You</p>
      <h2 id={`${id}-title`}>Your profile</h2>
      <form className="fc-dash-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-name`}>Name</label>
          <input {...field('name')} type="text" autoComplete="name" maxLength={LIMITS.user.name} />
          <label htmlFor={`${id}-slug`}>Slug</label>
          <input {...field('slug')} type="text" maxLength={LIMITS.user.slug} aria-describedby={`${id}-slug-hint`} />
          <p className="fc-dash-hint" id={`${id}-slug-hint`}>
            Your author page is /authors/{draft.slug || '…'}
          </p>
          <label htmlFor={`${id}-bio`}>Bio</label>
          <textarea {...field('bio')} rows={4} maxLength={LIMITS.user.bio} />
          <label htmlFor={`${id}-avatar`}>Avatar address</label>
          <input {...field('avatar')} type="text" aria-describedby={`${id}-avatar-hint`} />
          <p className="fc-dash-hint" id={`${id}-avatar-hint`}>
            An http(s) address, or upload an image below.
          </p>
          <label htmlFor={`${id}-upload`}>Upload an avatar</label>
          <input
            id={`${id}-upload`}
            type="file"
            accept="image/*"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
            }}
          />
          {draft.avatar && <img className="fc-people-profile__avatar" src={draft.avatar} alt="Your avatar" width={96} height={96} />}
        </div>
        {error && (
          <p className="fc-dash-error" ref={alert} role="alert" tabIndex={-1}>
            {error}
          </p>
        )}
        <div className="fc-dash-form__actions">
          <button type="submit" className="button" disabled={save.isPending || upload.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </form>
    </section>
  );
}
