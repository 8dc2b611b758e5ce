import type { NewsletterSend } from '@forkcast/shared/contracts';
import { dateTime, timeAgo } from '../DashboardFormat';

const STATUS_LABEL: Record<NewsletterSend['status'], string> = {
  waiting: 'Waits for the post to go live',
  sending: 'Sending',
  done: 'Sent',
  cancelled: 'Cancelled',
};

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={dateTime(iso)}>
      {timeAgo(iso)}
    </time>
  );
}

/** One send's progress: a bar of sent, failed and skipped messages, and the counts in words. */
export function SendProgress({ send }: { send: NewsletterSend }) {
  const settled = send.sent + send.failed + send.skipped;
  const share = (count: number) => `${send.total === 0 ? 0 : (count / send.total) * 100}%`;
  return (
    <div className="fc-send" data-send-id={send.id}>
      <p className="fc-send__status">
        <span className={`fc-send__badge fc-send__badge--${send.status}`}>{STATUS_LABEL[send.status]}</span>
        <span className="fc-dash-meta">
          {send.status === 'waiting' ? 'set ' : 'started '}
          <When iso={send.startedAt ?? send.createdAt} />
          {send.finishedAt && send.status !== 'waiting' && (
            <>
              {', finished '}
              <When iso={send.finishedAt} />
            </>
          )}
        </span>
      </p>
      {send.status !== 'waiting' && (
        <>
          <div
            className="fc-send__bar"
            role="progressbar"
            aria-label={`Progress of ${send.subject}`}
            aria-valuemin={0}
            aria-valuemax={send.total}
            aria-valuenow={settled}
            aria-valuetext={`${settled} of ${send.total} handled`}
          >
            <span className="fc-send__bar-sent" style={{ width: share(send.sent) }} />
            <span className="fc-send__bar-failed" style={{ width: share(send.failed) }} />
            <span className="fc-send__bar-skipped" style={{ width: share(send.skipped) }} />
          </div>
          <dl className="fc-send__counts">
            <div>
              <dt>Sent</dt>
              <dd>{send.sent}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd className={send.failed > 0 ? 'fc-dash-bad' : undefined}>{send.failed}</dd>
            </div>
            <div>
              <dt>Remaining</dt>
              <dd>{send.remaining}</dd>
            </div>
            {send.skipped > 0 && (
              <div>
                <dt>Skipped</dt>
                <dd>{send.skipped}</dd>
              </div>
            )}
          </dl>
        </>
      )}
    </div>
  );
}
