// About page copy as the page read when it was code: the seed's About (content-db/seed/pages) must
// read exactly so, which tests/integration/site.test.ts checks on the rendered page.

import { CONTACT_EMAIL } from './site';

export interface AboutSection {
  heading: string;
  paragraphs: string[];
}

export const ABOUT: { lede: (siteName: string) => string; sections: AboutSection[] } = {
  lede: (siteName) =>
    `${siteName} is a food-travel publication for people who plan a trip around lunch. We eat our way through a city, slowly and more than once, then hand you the days we would happily repeat.`,
  sections: [
    {
      heading: 'What Forkcast Is',
      paragraphs: [
        'Every Forkcast guide is a city told through its tables: the bakery that opens before the trams do, the noodle counter with nine stools and a forty-year-old broth, the wine bar where the owner pours whatever she is excited about this week. We write for travelers who would rather walk twenty minutes for the right dumpling than settle for the nearest one.',
        'Alongside the guides, we publish dining posts: single meals worth the detour, seasonal dishes that vanish in a month, and the occasional argument about where to find the best version of something. The tone is opinionated because eating well is a matter of taste, and we would rather give you a clear point of view than a polite list.',
      ],
    },
    {
      heading: 'How We Choose Places',
      paragraphs: [
        'We pay our own way. Every meal in a Forkcast guide was ordered, eaten and paid for by us, usually without anyone in the kitchen knowing who we were. We don’t accept free dinners, comped tasting menus or hosted trips, and no restaurant can buy its way onto a page.',
        'We also go back. A single great night can be luck, so a place earns its spot only after more than one visit, ideally at different times of day and in different moods. We notice how the room feels at a quiet Tuesday lunch as well as a crowded Saturday, and we cut places that were brilliant once and ordinary the second time.',
        'There are no sponsored placements, affiliate rankings or paid upgrades in our itineraries. When a place closes, slips or changes hands, we revisit the guide and say so. Our only obligation is to the reader planning the trip, and to the dinner they will remember.',
      ],
    },
    {
      heading: 'How to Use a Guide',
      paragraphs: [
        'Each guide is built as an itinerary of four to seven days, with breakfast, lunch, dinner and the snacks in between arranged so that the neighborhoods flow into one another. Follow it day by day, or treat it as a menu and pick the meals that fit your trip. Either way, the order is deliberate: light where the walking is long, generous where the evening can stretch.',
        'Many guides come with a map. Where we have mapped the places, each one is a numbered pin matching the itinerary, so you can see at a glance what sits near your hotel or your next museum; otherwise the map shows the neighborhoods the guide covers. The full itinerary carries every stop with addresses, neighborhoods and notes, as a table to read and a spreadsheet to download, sort and share with whoever is traveling with you. Before you go, check opening hours directly; kitchens keep their own calendars.',
      ],
    },
    {
      heading: 'Get in Touch',
      paragraphs: [
        `We love hearing from readers: a correction, a place we should try on our next visit, a report from a meal you ate because of us. Write to ${CONTACT_EMAIL} or use the contact form, and a person on our small team will read it, usually with a pen in hand and a list of restaurants growing longer.`,
        'If you would like new guides and dining posts as they are published, subscribe to the newsletter. It arrives occasionally rather than relentlessly, says something worth reading each time, often a meal that didn’t fit in a guide, and you can leave whenever you like: reply to any issue or write to us.',
      ],
    },
  ],
};
