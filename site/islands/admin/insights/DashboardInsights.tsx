import { useQuery } from '@tanstack/react-query';
import { useId, useState, type CSSProperties } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { InsightsView } from '@forkcast/shared/contracts';
import { plural } from '../DashboardFormat';
import { adminQuery } from '../DashboardQueries';
import { QueryProgress } from '../DashboardQueryError';

const INSIGHTS_URL = '/api/insights';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest period the API draws by hour. */
const HOURLY_DAYS = 14;

const PERIODS = [
  { days: 1, label: 'Today' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

type Scale = 'day' | 'hour';

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period of the last `days` days, today (UTC) included. */
export function periodOf(days: number, now: Date = new Date()): { from: string; to: string } {
  return { from: dayOf(now.getTime() - (days - 1) * DAY_MS), to: dayOf(now.getTime()) };
}

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** The change from the period before: "+12%", "−5%", "new" when it had none, "" when both are none. */
export function change(now: number, before: number): { text: string; trend: 'up' | 'down' | 'flat' } {
  if (before === 0) return now === 0 ? { text: 'no change', trend: 'flat' } : { text: 'new', trend: 'up' };
  const ratio = (now - before) / before;
  if (Math.abs(ratio) < 0.005) return { text: 'no change', trend: 'flat' };
  return { text: `${ratio > 0 ? '+' : '−'}${percent.format(Math.abs(ratio))}`, trend: ratio > 0 ? 'up' : 'down' };
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const hourLabel = (hour: string) =>
  `${new Date(`${hour}:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })} ${hour.slice(11, 13)}:00`;

function Metric({ label, value, before, note }: { label: string; value: string; before?: { now: number; then: number }; note?: string }) {
  const delta = before ? change(before.now, before.then) : undefined;
  return (
    <div className="fc-insight-metric">
      <dt>{label}</dt>
      <dd>
        <span className="fc-insight-metric__value">{value}</span>
        {delta && (
          <span className={`fc-insight-delta fc-insight-delta--${delta.trend}`}>
            {delta.text} <span className="visually-hidden">on the period before</span>
          </span>
        )}
        {note && <span className="fc-dash-hint">{note}</span>}
      </dd>
    </div>
  );
}

/** Visitors and page views over the period, by day or by hour, with the same figures as a table for those who do not see the chart. */
function Trend({ report, scale }: { report: InsightsView; scale: Scale }) {
  const id = useId();
  const points =
    scale === 'hour'
      ? report.hours.map((row) => ({ label: hourLabel(row.hour), pageviews: row.pageviews, visitors: row.visitors }))
      : report.days.map((row) => ({ label: dayLabel(row.day), pageviews: row.pageviews, visitors: row.visitors }));
  return (
    <figure className="fc-insight-trend" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        Visitors and page views by {scale}
      </figcaption>
      <div className="fc-insight-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <defs>
              <linearGradient id={`${id}-views`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#a63d1c" stopOpacity={0.28} />
                <stop offset="100%" stopColor="#a63d1c" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke="#e8e0d4" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#5a6462' }} tickLine={false} axisLine={false} minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#5a6462' }} tickLine={false} axisLine={false} width={48} />
            <Tooltip contentStyle={{ borderRadius: 8, borderColor: '#ddd4c6', fontSize: 13 }} />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey="pageviews"
              name="Page views"
              stroke="#a63d1c"
              strokeWidth={2}
              fill={`url(#${id}-views)`}
            />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey="visitors"
              name="Visitors"
              stroke="#1c2427"
              strokeWidth={2}
              fill="transparent"
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <p className="fc-insight-legend" aria-hidden="true">
        <span className="fc-insight-legend__views">Page views</span>
        <span className="fc-insight-legend__visitors">Visitors</span>
      </p>
      <details className="fc-insight-data">
        <summary>Show the figures as a table</summary>
        <div className="fc-dash-table-wrap">
          <table className="fc-dash-table">
            <caption className="visually-hidden">Visitors and page views by {scale}</caption>
            <thead>
              <tr>
                <th scope="col">{scale === 'hour' ? 'Hour (UTC)' : 'Day'}</th>
                <th scope="col">Visitors</th>
                <th scope="col">Page views</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.label}>
                  <th scope="row">{point.label}</th>
                  <td>{number.format(point.visitors)}</td>
                  <td>{number.format(point.pageviews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** A ranked list with a bar per row, its share of the largest. */
function Ranked({
  title,
  empty,
  rows,
  unit = 'views',
}: {
  title: string;
  empty: string;
  rows: { key: string; label: string; value: number; note?: string }[];
  unit?: string;
}) {
  const id = useId();
  const most = Math.max(1, ...rows.map((row) => row.value));
  return (
    <section className="fc-insight-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {rows.length === 0 ? (
        <p className="fc-dash-empty">{empty}</p>
      ) : (
        <ol className="fc-insight-ranked">
          {rows.map((row) => (
            <li key={row.key} style={{ '--share': `${(row.value / most) * 100}%` } as CSSProperties}>
              <span className="fc-insight-ranked__label">
                {row.label}
                {row.note && <span className="fc-dash-hint"> {row.note}</span>}
              </span>
              <span className="fc-insight-ranked__value">
                {number.format(row.value)} <span className="visually-hidden">{unit}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Newsletter({ newsletter }: { newsletter: NonNullable<InsightsView['newsletter']> }) {
  const id = useId();
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Readers</p>
      <h2 id={`${id}-title`}>Newsletter</h2>
      <dl className="fc-insight-metrics">
        <Metric label="Sign-ups" value={number.format(newsletter.signups)} />
        <Metric
          label="Confirmed"
          value={newsletter.confirmationRate === null ? '—' : percent.format(newsletter.confirmationRate)}
          note={
            newsletter.signups === 0 ? 'no sign-ups yet' : `${number.format(newsletter.confirmed)} of ${number.format(newsletter.signups)}`
          }
        />
        <Metric label="Unsubscribes" value={number.format(newsletter.unsubscribes)} />
        <Metric label="Sends" value={number.format(newsletter.sends.length)} />
      </dl>
      {newsletter.sends.length > 0 && (
        <div className="fc-dash-table-wrap">
          <table className="fc-dash-table">
            <caption className="visually-hidden">The period's sends</caption>
            <thead>
              <tr>
                <th scope="col">Send</th>
                <th scope="col">Delivered</th>
                <th scope="col">Failed</th>
              </tr>
            </thead>
            <tbody>
              {newsletter.sends.map((send) => (
                <tr key={send.id}>
                  <th scope="row">
                    {send.subject}
                    <span className="fc-dash-hint"> {dayLabel(send.at.slice(0, 10))}</span>
                  </th>
                  <td>{number.format(send.delivered)}</td>
                  <td>{number.format(send.failed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin/insights: what readers read, where they came from, what they searched for, and the newsletter, for a chosen period. */
export function DashboardInsights() {
  const id = useId();
  const [days, setDays] = useState<number>(30);
  const [scale, setScale] = useState<Scale>('day');
  const { from, to } = periodOf(days);
  const url = `${INSIGHTS_URL}?from=${from}&to=${to}`;
  const insights = useQuery({ queryKey: [INSIGHTS_URL, from, to], queryFn: adminQuery<InsightsView>(url) });
  const hourly = days <= HOURLY_DAYS;
  const shownScale: Scale = hourly ? scale : 'day';
  const report = insights.data;
  return (
    <>
      <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
        <div className="fc-insight-head">
          <div>
            <p className="kicker">Readers</p>
            <h2 id={`${id}-title`}>Readership</h2>
            <p className="fc-dash-meta">
              Counted without cookies: a visitor is one person on one day. Readers who ask not to be tracked, and bots, are not counted.
            </p>
          </div>
          <div className="fc-insight-controls">
            <div className="fc-form">
              <label htmlFor={`${id}-period`}>Period</label>
              <select id={`${id}-period`} value={days} onChange={(event) => setDays(Number(event.target.value))}>
                {PERIODS.map((period) => (
                  <option key={period.days} value={period.days}>
                    {period.label}
                  </option>
                ))}
              </select>
            </div>
            {hourly && (
              <fieldset className="fc-insight-scale">
                <legend className="visually-hidden">Draw by</legend>
                {(['day', 'hour'] as const).map((option) => (
                  <label key={option}>
                    <input type="radio" name={`${id}-scale`} checked={shownScale === option} onChange={() => setScale(option)} />
                    <span>By {option}</span>
                  </label>
                ))}
              </fieldset>
            )}
            <a className="button button--ghost fc-dash-small-button" href={`${INSIGHTS_URL}.csv?from=${from}&to=${to}`} download>
              Download CSV
            </a>
          </div>
        </div>
        <QueryProgress query={insights} what="the figures" task="see insights" />
        {report && (
          <>
            <dl className="fc-insight-metrics">
              <Metric
                label="Visitors"
                value={number.format(report.visitors)}
                before={{ now: report.visitors, then: report.previous.visitors }}
              />
              <Metric
                label="Page views"
                value={number.format(report.pageviews)}
                before={{ now: report.pageviews, then: report.previous.pageviews }}
              />
              <Metric label="Views per visitor" value={report.visitors === 0 ? '—' : (report.pageviews / report.visitors).toFixed(1)} />
            </dl>
            <Trend report={report} scale={shownScale} />
          </>
        )}
      </section>
      {report && (
        <>
          <section className="fc-dash-card fc-insight-grid" aria-label="Where readers go and come from">
            <Ranked
              title="Top pages"
              empty="No page views in this period"
              rows={report.pages.map((page) => ({
                key: page.path,
                label: page.path,
                value: page.pageviews,
                note: `${plural(page.visitors, 'visitor')}`,
              }))}
            />
            <Ranked
              title="Referrers"
              empty="No page views in this period"
              rows={report.referrers.map((row) => ({
                key: row.host,
                label: row.host === '' ? 'Direct or this site' : row.host,
                value: row.pageviews,
              }))}
            />
            <Ranked
              title="Devices"
              empty="No page views in this period"
              rows={report.devices.map((row) => ({ key: row.device, label: row.device, value: row.pageviews }))}
            />
            <Ranked
              title="Browsers"
              empty="No page views in this period"
              rows={report.browsers.map((row) => ({ key: row.browser, label: row.browser, value: row.pageviews }))}
            />
            <Ranked
              title="Campaigns (utm_source)"
              empty="No tagged links opened in this period"
              rows={report.sources.map((row) => ({ key: row.source, label: row.source, value: row.pageviews }))}
            />
          </section>
          <section className="fc-dash-card fc-insight-grid" aria-label="Searches">
            <Ranked
              title="Top searches"
              empty="Nobody searched in this period"
              unit="searches"
              rows={report.searches.map((row) => ({
                key: row.query,
                label: row.query,
                value: row.searches,
                note: `${plural(row.results, 'result')}`,
              }))}
            />
            <Ranked
              title="Searches that found nothing"
              empty="Every search found something"
              unit="searches"
              rows={report.zeroResultSearches.map((row) => ({ key: row.query, label: row.query, value: row.searches }))}
            />
          </section>
          {report.newsletter && <Newsletter newsletter={report.newsletter} />}
        </>
      )}
    </>
  );
}
