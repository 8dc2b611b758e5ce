import { sql, type Kysely } from 'kysely';

// When these pages were written: fixed, so that a migrated site and a freshly seeded one render the same.
const WRITTEN_AT = '2024-11-01T00:00:00.000Z';

// About, Terms and Privacy as they read when they were hard-coded pages (January 2025), in Markdown:
// `{site}` stands for the site's name, a leading `# line` is About's heading, `##` starts a section.
const PAGES = [
  {
    slug: 'about',
    title: 'About',
    layout: 'about',
    kicker: 'About {site}',
    metaDescription:
      '{site} is a food-travel publication for people who plan a trip around lunch. We eat our way through a city, slowly and more than once, then hand you the days we would happily repeat.',
    content: [
      '# We plan our trips around lunch',
      '{site} is a food-travel publication for people who plan a trip around lunch. We eat our way through a city, slowly and more than once, then hand you the days we would happily repeat.',
      '## What {site} Is',
      'Every {site} guide is a city told through its tables: the bakery that opens before the trams do, the noodle counter with nine stools and a forty-year-old broth, the wine bar where the owner pours whatever she is excited about this week. We write for travelers who would rather walk twenty minutes for the right dumpling than settle for the nearest one.',
      'Alongside the guides, we publish dining posts: single meals worth the detour, seasonal dishes that vanish in a month, and the occasional argument about where to find the best version of something. The tone is opinionated because eating well is a matter of taste, and we would rather give you a clear point of view than a polite list.',
      '## How We Choose Places',
      'We pay our own way. Every meal in a {site} guide was ordered, eaten and paid for by us, usually without anyone in the kitchen knowing who we were. We don’t accept free dinners, comped tasting menus or hosted trips, and no restaurant can buy its way onto a page.',
      'We also go back. A single great night can be luck, so a place earns its spot only after more than one visit, ideally at different times of day and in different moods. We notice how the room feels at a quiet Tuesday lunch as well as a crowded Saturday, and we cut places that were brilliant once and ordinary the second time.',
      'There are no sponsored placements, affiliate rankings or paid upgrades in our itineraries. When a place closes, slips or changes hands, we revisit the guide and say so. Our only obligation is to the reader planning the trip, and to the dinner they will remember.',
      '## How to Use a Guide',
      'Each guide is built as an itinerary of four to seven days, with breakfast, lunch, dinner and the snacks in between arranged so that the neighborhoods flow into one another. Follow it day by day, or treat it as a menu and pick the meals that fit your trip. Either way, the order is deliberate: light where the walking is long, generous where the evening can stretch.',
      'Many guides come with a map. Where we have mapped the places, each one is a numbered pin matching the itinerary, so you can see at a glance what sits near your hotel or your next museum; otherwise the map shows the neighborhoods the guide covers. The full itinerary carries every stop with addresses, neighborhoods and notes, as a table to read and a spreadsheet to download, sort and share with whoever is traveling with you. Before you go, check opening hours directly; kitchens keep their own calendars.',
      '## Get in Touch',
      'We love hearing from readers: a correction, a place we should try on our next visit, a report from a meal you ate because of us. Write to hello\\@forkcast.example or use the contact form, and a person on our small team will read it, usually with a pen in hand and a list of restaurants growing longer.',
      'If you would like new guides and dining posts as they are published, subscribe to the newsletter. It arrives occasionally rather than relentlessly, says something worth reading each time, often a meal that didn’t fit in a guide, and you can leave whenever you like: reply to any issue or write to us.',
      '## Write to Us {#contact}',
      'Tips, corrections and long emails about a single bowl of noodles are all welcome at <hello@forkcast.example>.',
    ].join('\n\n'),
  },
  {
    slug: 'terms',
    title: 'Terms of Use',
    layout: 'legal',
    kicker: 'The fine print',
    metaDescription: "The terms that apply when you read or use {site}'s city food guides and dining posts.",
    content: [
      'Last updated: January 2025',
      '## Acceptance of These Terms',
      'These Terms of Use set out the ground rules for reading {site}, the food-travel publication you are visiting now. By browsing the site, subscribing to our newsletter or sending us a message, you agree to these terms. If any part of them doesn’t sit right with you, the simplest course is to stop using the site; we would rather you tell us why at hello\\@forkcast.example, because we read every note.',
      'We have tried to write these terms in plain English. Where we say “{site},” “we” or “us,” we mean the small independent team that researches, writes and publishes the site. Where we say “you,” we mean anyone reading it, from the first click to the last bite.',
      '## About {site} and Our Content',
      '{site} publishes curated city food guides, each built around a four- to seven-day restaurant itinerary, along with dining posts, maps and downloadable spreadsheets. Everything we publish reflects the honest opinion of our writers at the time they ate, drank and took notes. It is editorial judgment, not a guarantee, and another diner on another night may reasonably disagree with us.',
      'We do not accept payment for placement in our guides, and nothing on the site is advertising dressed up as a recommendation. When we mention a restaurant, market stall or bar, it is because we think it is worth your appetite and your time.',
      '## Using the Site',
      'You are welcome to read, bookmark, print and share {site} for your own personal, non-commercial use, whether you are planning a trip or daydreaming about one. Please share links generously; it is the nicest thing you can do for a small publication.',
      'We ask that you don’t misuse the site. That means no attempting to break into the editing tools, no overloading our servers with automated requests, no scraping our guides in bulk to build a competing product or to train software, and nothing that interferes with other readers’ enjoyment. We may block access from anyone who ignores these requests.',
      '## Accuracy, Prices and Opening Hours',
      'Restaurants change faster than any guide can. Chefs move on, menus rotate with the seasons, prices climb, and a beloved counter can close for a month’s holiday without notice. We check our facts carefully and revisit guides regularly, but we cannot promise that every address, price, phone number or opening hour is current on the day you read it.',
      'Before you build a day around a single meal, please confirm details directly with the place itself, especially reservations, dietary needs and allergen information. Prices we quote are approximate and meant only to give you a sense of scale. If you spot something out of date, we would be grateful if you told us.',
      '## Intellectual Property',
      'The writing, photographs, illustrations, itineraries, map annotations, spreadsheets, logo and design of {site} belong to us or to the people who have licensed them to us, and they are protected by copyright and related laws. Using the site does not give you ownership of any of it.',
      'You may quote short passages with a clear credit and a link back to the original page. Republishing whole guides or posts, reselling our spreadsheets, or presenting our work as your own is not permitted without our written permission. If you would like to use something in a way not covered here, just ask; we are often happy to say yes.',
      '## Newsletter and Contact Messages',
      'When you subscribe to our newsletter, you are asking us to send occasional emails about new guides, updated itineraries and dining posts. You can unsubscribe at any time using the link in any issue or by writing to hello\\@forkcast.example. Our Privacy Policy explains how we handle your email address.',
      'When you write to us through the contact form, please keep your message respectful and lawful, and don’t include sensitive personal details we don’t need. We read every message, but we cannot promise to reply to all of them, and sending us a tip or suggestion does not create any obligation for us to publish it or to credit or pay you for it.',
      '## Third-Party Links, Maps and Spreadsheets',
      'Our guides link to restaurant websites, booking pages and other resources we think you will find useful. Those sites are run by other people under their own terms and privacy practices, and we are not responsible for their content, availability or how they treat you. A link is a pointer, not an endorsement of everything on the other end.',
      'Guide maps are drawn using map data and tiles from OpenStreetMap and its contributors, which are subject to their own licenses. Our downloadable spreadsheets are provided for personal trip planning; once you download or copy them into another service, that service’s terms apply to how it stores and handles your copy.',
      '## Disclaimers',
      '{site} is provided “as is” and “as available.” To the fullest extent the law allows, we make no warranties of any kind, express or implied, about the site or its content, including warranties of accuracy, fitness for a particular purpose, or uninterrupted and error-free operation. We work hard to keep the site reliable, but occasional outages and mistakes happen.',
      'Our guides are not professional advice. Nothing we publish is medical, nutritional, legal, financial or travel safety advice. You are responsible for your own choices while traveling and dining, including decisions about food allergies, alcohol, local laws and getting safely from one meal to the next.',
      '## Limitation of Liability',
      'To the fullest extent permitted by law, {site} and the people who make it will not be liable for any indirect, incidental, special, consequential or punitive damages arising from your use of the site, including a disappointing dinner, a missed reservation, a closed restaurant or travel plans that go sideways.',
      'Where the law does not allow us to exclude liability entirely, our total liability to you for any claim related to the site is limited to one hundred US dollars. Some jurisdictions do not permit certain limitations, so parts of this section may not apply to you, but the rest of it still will.',
      '## Governing Law and Changes',
      'These terms are governed by the laws of the United States and of the state in which {site} is based, without regard to conflict-of-law principles. If any provision turns out to be unenforceable, the remaining provisions stay in full effect, and our not enforcing a provision right away does not mean we have waived it.',
      'We may update these terms as the site grows or the law changes. When we do, we will revise the date at the top of this page, and for significant changes we may also mention it in the newsletter. Continuing to use {site} after an update means you accept the revised terms. Questions are always welcome at hello\\@forkcast.example.',
    ].join('\n\n'),
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    layout: 'legal',
    kicker: 'The fine print',
    metaDescription: 'What {site} collects, why we collect it, and the choices you have.',
    content: [
      'Last updated: January 2025',
      '## Who We Are',
      '{site} is a small, independent food-travel publication. We research, write and publish city food guides, restaurant itineraries and dining posts, and we run the site ourselves. This Privacy Policy explains what information we collect when you read {site}, subscribe to our newsletter or write to us, what we do with it, and the choices you have.',
      'Our guiding principle is simple: we collect as little as we can and keep it only as long as it is useful. Readers don’t need an account to use {site}, and we have no interest in building a profile of who you are or where you eat.',
      '## What We Collect',
      'We collect information only when you choose to give it to us. If you subscribe to the newsletter, we store your email address. If you use the contact form, we store the name, email address, subject and message you send. Both are kept in {site}’s own database rather than handed to a marketing platform.',
      'Like nearly every website, our server also receives basic technical information when your browser requests a page, such as your IP address, browser type and the page requested. We use this only to keep the site running and secure. We do not run advertising networks, analytics trackers or social media pixels on {site}.',
      'To see which pages are read, we count page views ourselves, with no cookie, no local storage and no third party. For each view we store the page’s path, the website you came from (its host name only), a campaign source if the link named one (utm_source), whether the device is a phone, tablet or computer, the browser’s family (such as Firefox, without its version) and the time. We never store your IP address or full browser string: to count a visitor once a day, we keep a one-way hash of them under a random key that is replaced every day and then destroyed, so a visit cannot be linked to you or to another day. Views from browsers that send Global Privacy Control or Do Not Track are not counted, nor are known bots. These raw views are combined into daily and hourly totals and deleted within 48 hours. When you search the site, we add one to that day’s count of the words you searched for and note how many results they found, so we can tell which searches find nothing; nothing about who searched is kept with them.',
      '## How We Use Information',
      'We use your information for the purpose you gave it to us and nothing else. Newsletter addresses are used to send the newsletter. Contact messages are used to read and, where we can, reply to what you wrote, whether that is a question about a guide, a correction, a restaurant tip or a note about a partnership.',
      'Technical information is used to deliver pages, diagnose problems, and protect the site and its editing tools from abuse, such as repeated attempts to guess a password. We do not use your information to target advertising, and we do not combine it with data from other sources to learn more about you.',
      '## Newsletter',
      'If you sign up for the {site} newsletter, we store your email address and the date you subscribed so we can send you occasional notes about new guides, refreshed itineraries and dining posts. We will never use that address for anything else, and we won’t flood your inbox.',
      'Every issue includes a way to unsubscribe, and you can also write to hello\\@forkcast.example to be removed. Once you unsubscribe, we stop sending you the newsletter straight away and delete your address from our list. If you change your mind later, you are always welcome to sign up again.',
      '## Contact Messages',
      'When you send us a message through the contact form, we keep your name, email address, subject and message, along with the time you sent it, in our database so that our editor can read it and reply. Please don’t include anything sensitive, such as health details or payment information; we don’t need it to answer you.',
      'We treat your message as a private conversation. We won’t publish it or quote you by name without asking first. If you share a restaurant tip that later makes it into a guide, we may use the tip itself, but we will not attach your name to it unless you have told us you would like the credit.',
      '## Cookies',
      '{site} uses very few cookies, and none for advertising or tracking. When our editor signs in to update the site, a strictly necessary cookie keeps that session signed in and secure. Readers never receive it. We may also set a small cookie that remembers a display preference, such as how a page is laid out; it contains no secret or personal information.',
      'Guide pages include interactive maps built with OpenStreetMap. When you view a guide’s map, your browser requests map tiles from OpenStreetMap’s servers, which means they may receive your IP address and basic browser information, as any website you load does. Their handling of that information is governed by the OpenStreetMap Foundation’s own privacy policy.',
      '## Sharing and Service Providers',
      'We do not sell, rent or trade your personal information, and we never will. We share it only with the limited service providers that help us run {site}, such as the company that hosts our server and the service that delivers our email, and only to the extent they need it to do that job on our behalf.',
      'We may also disclose information if we are required to by law, or if it is genuinely necessary to protect the safety of our readers, our team or the public. If {site} were ever to be sold or merged, we would make sure the new owners honor the commitments in this policy, and we would let you know.',
      '## Data Retention',
      'We keep newsletter addresses for as long as you remain subscribed. Contact messages are kept for as long as they are useful for answering you and keeping track of corrections and tips, after which we delete them. If you ask us to delete a message sooner, we will.',
      'Server logs containing technical information are kept for a short period to help us investigate problems and abuse, and are then discarded. Backups of our database may briefly hold information after it has been deleted from the live site, but those backups are overwritten on a regular schedule.',
      '## Your Rights and Choices',
      'You are in control of the information you give us. You can ask to see what we hold about you, ask us to correct it, or ask us to delete it entirely. You can unsubscribe from the newsletter at any time using the link in any issue. Depending on where you live, you may have further rights under local law, and we will respect them.',
      'To make a request, write to hello\\@forkcast.example from the email address in question, so we can be confident the request is really yours. We will respond as quickly as we reasonably can, and we will never charge you for making a request or treat you differently for exercising your choices.',
      '## Children’s Privacy',
      '{site} is written for adults planning their travel and dining, and it is not directed at children. We do not knowingly collect personal information from children under 13, and we ask that children under 13 do not subscribe to our newsletter or send us messages.',
      'If we learn that we have collected personal information from a child under 13, we will delete it promptly and will not use it for any purpose. If you are a parent or guardian and believe your child has given us information, please contact us at hello\\@forkcast.example and we will take care of it.',
      '## Changes and Contact',
      'We may update this Privacy Policy from time to time, for example if we add a feature or change a service provider. When we do, we will revise the date at the top of this page, and if a change meaningfully affects how we handle your information, we will say so clearly on the site or in the newsletter.',
      'If you have a question about this policy, a concern about how we have handled your information, or a request about your data, please write to hello\\@forkcast.example. A real person on our small team will read your message and get back to you.',
    ].join('\n\n'),
  },
];

/**
 * A page gets a layout and a kicker (issue 42): 'standard' is a title over Markdown; 'about' keeps
 * About's lede and grid of sections; 'legal' numbers the `##` sections and lists them as contents.
 * The kicker is the small line over the title (empty: the site's name); the head's summary is the
 * page's meta description (migration 0034), as the hard-coded pages had one of their own. About, Terms and Privacy, until now pages in
 * code, become pages with today's text in every database already in use (one with content, or
 * seeded); a new site gets them from the seed, and an empty one (a test's, an import's target)
 * stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_pages')
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('standard').check(sql`layout in ('standard', 'about', 'legal')`))
    .execute();
  await db.schema
    .alterTable('site_pages')
    .addColumn('kicker', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const { rows } = await sql<{ used: number }>`select exists (select 1 from posts) or exists (select 1 from cities)
    or exists (select 1 from settings where key = 'seeded_at') as used`.execute(db);
  if (!rows[0]?.used) return;
  for (const page of PAGES) {
    await sql`insert into site_pages (slug, title, content, status, layout, kicker, meta_description, created_at, updated_at, published_at)
      values (${page.slug}, ${page.title}, ${page.content}, 'published', ${page.layout}, ${page.kicker}, ${page.metaDescription}, ${WRITTEN_AT}, ${WRITTEN_AT}, ${WRITTEN_AT})
      on conflict (slug) do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The code before this migration renders these three pages itself.
  await sql`delete from site_pages where slug in ('about', 'terms', 'privacy')`.execute(db);
  await db.schema.alterTable('site_pages').dropColumn('kicker').execute();
  await db.schema.alterTable('site_pages').dropColumn('layout').execute();
}
