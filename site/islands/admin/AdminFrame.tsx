import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { roleAtLeast, type CurrentUser, type Role } from '@forkcast/shared/contracts';
import { useAuth } from '../shared/auth-store';
import { toast } from '../shared/toast-store';
import { ADMIN_LOGIN_URL, scheduleRedirect } from './DashboardQueries';
import { restoreAfterRepublish } from './publish';

type Session = { state: 'loading' } | { state: 'signed-out' } | { state: 'signed-in'; user: CurrentUser };

/** Loading, then access restricted (toast, redirect after 1 s) or the dashboard. */
function useAdminSession(): Session {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    let cancelRedirect: (() => void) | undefined;
    void useAuth
      .getState()
      .load()
      .then((user) => {
        if (!active) return;
        if (user) {
          setSession({ state: 'signed-in', user });
          // A message carried over from the page before (an undo, a deletion in the editor) shows here.
          restoreAfterRepublish({ showMessage: true });
          return;
        }
        setSession({ state: 'signed-out' });
        toast({
          title: 'Unauthorized',
          description: 'You need to be logged in to access the admin panel. Redirecting to login...',
          variant: 'destructive',
        });
        cancelRedirect = scheduleRedirect(ADMIN_LOGIN_URL);
      });
    return () => {
      active = false;
      cancelRedirect?.();
    };
  }, []);
  return session;
}

const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

/** Where a section sits in the sidebar. */
type SectionGroup = 'Content' | 'Readers' | 'Site' | 'Newsroom' | 'You';

/**
 * Each section with its address, its place in the sidebar and the least role that may use it (the
 * server's rules for its routes). A new section is one more entry here and a page under /admin.
 */
export const ADMIN_SECTIONS = [
  { section: 'dashboard', label: 'Posts', href: '/admin', least: 'contributor', group: 'Content' },
  { section: 'media', label: 'Media', href: '/admin/media', least: 'contributor', group: 'Content' },
  { section: 'cities', label: 'Cities', href: '/admin/cities', least: 'editor', group: 'Content' },
  { section: 'pages', label: 'Pages', href: '/admin/pages', least: 'editor', group: 'Content' },
  { section: 'newsletter', label: 'Newsletter', href: '/admin/newsletter', least: 'administrator', group: 'Readers' },
  { section: 'insights', label: 'Insights', href: '/admin/insights', least: 'editor', group: 'Readers' },
  { section: 'inbox', label: 'Inbox', href: '/admin/inbox', least: 'administrator', group: 'Readers' },
  { section: 'publishing', label: 'Publishing', href: '/admin/publishing', least: 'editor', group: 'Site' },
  { section: 'history', label: 'History and trash', href: '/admin/history', least: 'editor', group: 'Site' },
  { section: 'redirects', label: 'Redirects', href: '/admin/redirects', least: 'editor', group: 'Site' },
  { section: 'people', label: 'People', href: '/admin/people', least: 'editor', group: 'Newsroom' },
  { section: 'webhooks', label: 'Webhooks', href: '/admin/webhooks', least: 'administrator', group: 'Newsroom' },
  { section: 'transfer', label: 'Export and import', href: '/admin/transfer', least: 'administrator', group: 'Newsroom' },
  { section: 'profile', label: 'Your profile', href: '/admin/profile', least: 'contributor', group: 'You' },
] as const satisfies readonly { section: string; label: string; href: string; least: Role; group: SectionGroup }[];

/** The admin's pages, each a link in the sections nav for the roles that may use it. */
export type AdminSection = (typeof ADMIN_SECTIONS)[number]['section'];

function DashboardHeader({ user, title }: { user: CurrentUser; title: string }) {
  return (
    <header className="fc-dash-header">
      <div>
        <p className="kicker">The newsroom</p>
        <h1>{title}</h1>
        <p className="fc-dash-meta">
          Signed in as <strong>{user.name}</strong> ({user.email}), {ROLE_NAMES[user.role].toLowerCase()}
        </p>
      </div>
      <nav className="fc-dash-header__nav" aria-label="Admin">
        <a className="button button--ghost fc-dash-small-button" href="/">
          View site
        </a>
        <a className="button fc-dash-small-button" href="/api/logout">
          Log out
        </a>
      </nav>
    </header>
  );
}

/**
 * The sections the signed-in role may use, by group, the current one marked: a sidebar beside the
 * page on a wide screen; on a narrow one a button naming the current section opens the list (and
 * Escape closes it, back on the button).
 */
function SectionsNav({ user, section }: { user: CurrentUser; section: AdminSection }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const entries = ADMIN_SECTIONS.filter((entry) => roleAtLeast(user.role, entry.least));
  const groups = [...new Set(entries.map((entry) => entry.group))];
  const current = entries.find((entry) => entry.section === section);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="fc-admin-side">
      <nav className="fc-admin-nav" aria-label="Admin sections" data-open={open} onKeyDown={closeOnEscape}>
        <button
          ref={toggle}
          type="button"
          className="fc-admin-nav__toggle"
          aria-expanded={open}
          aria-controls={`${id}-sections`}
          onClick={() => setOpen(!open)}
        >
          <span className="fc-admin-nav__bars" aria-hidden="true" />
          <span>
            <span className="visually-hidden">Sections, now</span> {current?.label ?? 'Sections'}
          </span>
        </button>
        <div id={`${id}-sections`} className="fc-admin-nav__sections">
          {groups.map((group) => (
            <div key={group} className="fc-admin-nav__group">
              <p className="fc-admin-nav__heading" id={`${id}-${group}`}>
                {group}
              </p>
              <ul aria-labelledby={`${id}-${group}`}>
                {entries
                  .filter((entry) => entry.group === group)
                  .map((entry) => (
                    <li key={entry.section}>
                      <a href={entry.href} {...(entry.section === section ? { 'aria-current': 'page' as const } : {})}>
                        {entry.label}
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
    </div>
  );
}

/**
 * What every admin page shares: the session check (loading, then a redirect to sign in, or the
 * page), the sidebar of the admin's sections, and the header naming who is signed in, with sign-out.
 */
export function AdminFrame({
  title,
  section,
  children,
}: {
  title: string;
  section: AdminSection;
  children: (user: CurrentUser) => ReactNode;
}) {
  const session = useAdminSession();
  if (session.state === 'loading') {
    return (
      <div className="fc-dash-center" role="status">
        <span className="fc-dash-spinner" aria-hidden="true" />
        <span>Loading the dashboard…</span>
      </div>
    );
  }
  if (session.state === 'signed-out') {
    return (
      <div className="fc-dash-center" role="status">
        <p>
          You need to be logged in to access the admin panel. Redirecting to <a href={ADMIN_LOGIN_URL}>the login page</a>…
        </p>
      </div>
    );
  }
  return (
    <div className="fc-admin">
      <SectionsNav user={session.user} section={section} />
      <div className="fc-admin__main">
        <DashboardHeader user={session.user} title={title} />
        {children(session.user)}
      </div>
    </div>
  );
}
