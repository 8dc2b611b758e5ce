// The styles of the admin's own pages (/admin and its sections, the post editor, the city editor, newsletter sends, people, insights, redirects, webhooks), imported as one
// set in one order by each, so every build bundles them into the same stylesheet.
import './dashboard.css';
import './editor/editor.css';
import './seo/seo.css';
import './city/city-editor.css';
import './review/review.css';
import './newsletter/newsletter.css';
import './people/people.css';
import './insights/insights.css';
import './redirects/redirects.css';
import './webhooks/webhooks.css';
import './media/media.css';
