import type { ReactNode } from 'react';
import { roleAtLeast, type Role } from '@forkcast/shared/contracts';
import { IslandRoot } from '../shared/IslandRoot';
import { ADMIN_SECTIONS, AdminFrame, type AdminSection } from './AdminFrame';
import { DashboardCities } from './DashboardCities';
import { DashboardGuideForm } from './DashboardGuideForm';
import { DashboardInbox } from './DashboardInbox';
import { DashboardPublishStatus } from './DashboardPublishStatus';
import { DashboardSubscribers } from './DashboardSubscribers';
import { DashboardHistory, DashboardTrash } from './history/DashboardHistory';
import { DashboardSends } from './newsletter/DashboardSends';
import { DashboardInsights } from './insights/DashboardInsights';
import { DashboardRedirects } from './redirects/DashboardRedirects';
import { DashboardSitePages } from './site-pages/DashboardSitePages';
import { DashboardTransfer } from './transfer/DashboardTransfer';
import { DashboardWebhooks } from './webhooks/DashboardWebhooks';
import { DashboardMedia } from './media/DashboardMedia';
import './admin-page-styles';

type PanelSection = Exclude<AdminSection, 'dashboard' | 'people' | 'profile'>;

const PANELS: Record<PanelSection, () => ReactNode> = {
  cities: () => (
    <>
      <DashboardCities />
      <DashboardGuideForm />
    </>
  ),
  newsletter: () => (
    <>
      <DashboardSends />
      <DashboardSubscribers />
    </>
  ),
  insights: () => <DashboardInsights />,
  media: () => <DashboardMedia />,
  inbox: () => <DashboardInbox />,
  publishing: () => <DashboardPublishStatus />,
  history: () => (
    <>
      <DashboardHistory />
      <DashboardTrash />
    </>
  ),
  redirects: () => <DashboardRedirects />,
  pages: () => <DashboardSitePages />,
  webhooks: () => <DashboardWebhooks />,
  transfer: () => <DashboardTransfer />,
};

const WHO: Record<Role, string> = {
  owner: 'the owner',
  administrator: 'administrators',
  editor: 'editors',
  author: 'authors',
  contributor: 'contributors',
};

/** One section of /admin on its own page (/admin/cities, /admin/newsletter, ...): its panels, for the roles that may use them. */
export default function AdminSectionPage({ section }: { section: PanelSection }) {
  const entry = ADMIN_SECTIONS.find((candidate) => candidate.section === section)!;
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <AdminFrame title={entry.label} section={section}>
          {(user) =>
            roleAtLeast(user.role, entry.least) ? (
              <div className="fc-dash-main">{PANELS[section]()}</div>
            ) : (
              <p className="fc-dash-empty">Only {WHO[entry.least]} and above use this section.</p>
            )
          }
        </AdminFrame>
      </div>
    </IslandRoot>
  );
}
