import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { assignableRoles, LIMITS, roleAtLeast, type CurrentUser, type Invitation, type Role, type User } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { dateTime } from '../DashboardFormat';
import { adminQuery, LOGIN_URL } from '../DashboardQueries';
import { DashboardQueryError } from '../DashboardQueryError';

const USERS_URL = '/api/users';
const INVITATIONS_URL = '/api/invitations';
const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

const expired = (what: string) => (
  <>
    Your session has expired. <a href={LOGIN_URL}>Log in again</a> to {what}.
  </>
);

/** Invite someone by email, with a role the signed-in user may give. */
function InviteForm({ user }: { user: CurrentUser }) {
  const id = useId();
  const queryClient = useQueryClient();
  const roles = assignableRoles(user.role).filter((role) => role !== 'owner');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles.at(-1) ?? 'contributor');
  const [error, setError] = useState<string>();
  const invite = useMutation({
    mutationFn: async () => (await apiRequest('POST', INVITATIONS_URL, { email, role })).json() as Promise<Invitation>,
    onSuccess: async (invitation) => {
      setEmail('');
      setError(undefined);
      toast({ title: 'Invitation sent', description: `${invitation.email} can join as ${invitation.role} within 7 days.` });
      await queryClient.invalidateQueries({ queryKey: [INVITATIONS_URL] });
    },
    onError: (failure) => {
      setError(messageOf(failure, 'The invitation could not be sent.'));
      document.getElementById(`${id}-email`)?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setError('Enter the email address to invite.');
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    invite.mutate();
  };
  return (
    <section className="fc-dash-card fc-people-invite" aria-labelledby={`${id}-title`}>
      <p className="kicker">Bring someone in</p>
      <h2 id={`${id}-title`}>Invite</h2>
      <p className="fc-dash-meta">They get a link by email that works once, for 7 days.</p>
      <form className="fc-people-invite__form" onSubmit={submit} noValidate aria-busy={invite.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            maxLength={LIMITS.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {roles.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
      {error && (
        <p className="fc-dash-error fc-people-invite__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The invitations waiting to be accepted, each with Revoke. */
function PendingInvitations() {
  const id = useId();
  const queryClient = useQueryClient();
  const invitations = useQuery({ queryKey: [INVITATIONS_URL], queryFn: adminQuery<Invitation[]>(INVITATIONS_URL) });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => apiRequest('DELETE', `${INVITATIONS_URL}/${invitation.id}`),
    onSuccess: async (_answer, invitation) => {
      toast({ title: 'Invitation withdrawn', description: `The link sent to ${invitation.email} no longer works.` });
      await queryClient.invalidateQueries({ queryKey: [INVITATIONS_URL] });
    },
    onError: (failure) =>
      toast({ title: 'Error', description: messageOf(failure, 'Failed to withdraw the invitation'), variant: 'destructive' }),
  });
  const list = invitations.data ?? [];
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Waiting</p>
      <h2 id={`${id}-title`}>Pending invitations</h2>
      {invitations.isPending && <p role="status">Loading invitations…</p>}
      {invitations.isError && (
        <DashboardQueryError
          error={invitations.error}
          failure="Failed to fetch invitations"
          expired={expired('see invitations')}
          onRetry={() => void invitations.refetch()}
        />
      )}
      {invitations.isSuccess && list.length === 0 && <p className="fc-dash-empty">No pending invitations</p>}
      {list.length > 0 && (
        <ul className="fc-people-list">
          {list.map((invitation) => (
            <li key={invitation.id} className="fc-people-row">
              <div className="fc-people-row__who">
                <strong>{invitation.email}</strong>
                <span className="fc-dash-meta">
                  {ROLE_LABELS[invitation.role]} · expires <time dateTime={invitation.expiresAt}>{dateTime(invitation.expiresAt)}</time>
                  {invitation.invitedByName ? ` · invited by ${invitation.invitedByName}` : ''}
                </span>
              </div>
              <button type="button" className="fc-dash-danger" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation)}>
                Revoke <span className="visually-hidden">the invitation to {invitation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One member: name, email, role, and what the signed-in administrator may do to them. */
function Member({ member, user, everyone }: { member: User; user: CurrentUser; everyone: User[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reassignTo, setReassignTo] = useState<number>(user.id);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [USERS_URL] });
  const fail = (fallback: string) => (failure: unknown) =>
    toast({ title: 'Error', description: messageOf(failure, fallback), variant: 'destructive' });
  const changeRole = useMutation({
    mutationFn: (role: Role) => apiRequest('PATCH', `${USERS_URL}/${member.id}`, { role }),
    onSuccess: async (_answer, role) => {
      toast({ title: 'Role changed', description: `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
      await refresh();
    },
    onError: fail('Failed to change the role'),
  });
  const signOut = useMutation({
    mutationFn: () => apiRequest('POST', `${USERS_URL}/${member.id}/sign-out`),
    onSuccess: () => toast({ title: 'Signed out everywhere', description: `Every session of ${member.name} has ended.` }),
    onError: fail('Failed to sign them out'),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `${USERS_URL}/${member.id}`, { reassignTo }),
    onSuccess: async () => {
      toast({
        title: 'User deleted',
        description: `${member.name}'s posts went to ${everyone.find((u) => u.id === reassignTo)?.name ?? 'someone else'}.`,
      });
      await refresh();
    },
    onError: fail('Failed to delete the user'),
  });
  const self = member.id === user.id;
  const mayManage = !self && member.role !== 'owner';
  const roles = assignableRoles(user.role).filter((role) => role !== 'owner' || member.role !== 'owner');
  return (
    <li className="fc-people-row">
      <div className="fc-people-row__who">
        <strong id={`${id}-name`}>
          {member.name}
          {self ? ' (you)' : ''}
        </strong>
        <span className="fc-dash-meta">{member.email}</span>
      </div>
      {mayManage ? (
        <div className="fc-people-row__actions">
          <label className="visually-hidden" htmlFor={`${id}-role`}>
            Role of {member.name}
          </label>
          <select
            id={`${id}-role`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => changeRole.mutate(event.target.value as Role)}
          >
            {!roles.includes(member.role) && <option value={member.role}>{ROLE_LABELS[member.role]}</option>}
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--ghost fc-dash-small-button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out everywhere <span className="visually-hidden">{member.name}</span>
          </button>
          {confirming ? (
            <span className="fc-people-delete" role="group" aria-labelledby={`${id}-delete`}>
              <span id={`${id}-delete`} className="visually-hidden">
                Delete {member.name}
              </span>
              <label htmlFor={`${id}-to`}>Give their posts to</label>
              <select id={`${id}-to`} value={reassignTo} onChange={(event) => setReassignTo(Number(event.target.value))}>
                {everyone
                  .filter((other) => other.id !== member.id)
                  .map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.name}
                    </option>
                  ))}
              </select>
              <button type="button" className="fc-dash-danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
                Delete <span className="visually-hidden">{member.name}</span>
              </button>
              <button type="button" className="fc-dash-text-button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" className="fc-dash-danger" onClick={() => setConfirming(true)}>
              Delete… <span className="visually-hidden">{member.name}</span>
            </button>
          )}
        </div>
      ) : (
        <span className="fc-people-role">{ROLE_LABELS[member.role]}</span>
      )}
    </li>
  );
}

/** Every member, for administrators and the owner. */
function Members({ user }: { user: CurrentUser }) {
  const id = useId();
  const users = useQuery({ queryKey: [USERS_URL], queryFn: adminQuery<User[]>(USERS_URL) });
  const list = users.data ?? [];
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">The newsroom</p>
      <h2 id={`${id}-title`}>Members</h2>
      {users.isPending && <p role="status">Loading members…</p>}
      {users.isError && (
        <DashboardQueryError
          error={users.error}
          failure="Failed to fetch members"
          expired={expired('see members')}
          onRetry={() => void users.refetch()}
        />
      )}
      {list.length > 0 && (
        <ul className="fc-people-list">
          {list.map((member) => (
            <Member key={member.id} member={member} user={user} everyone={list} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/people: invite (editors: authors and contributors), pending invitations, and for administrators every member. */
export function PeopleSection({ user }: { user: CurrentUser }) {
  if (!roleAtLeast(user.role, 'editor')) return <p className="fc-dash-empty">Only editors and above manage people.</p>;
  return (
    <div className="fc-people">
      <InviteForm user={user} />
      <PendingInvitations />
      {roleAtLeast(user.role, 'administrator') && <Members user={user} />}
    </div>
  );
}
