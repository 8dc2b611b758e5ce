/** The keys the product stores in `settings`. */
export const SETTING = {
  homepageHeroImage: 'homepage_hero_image',
  /** The homepage hero's alt text, replaced together with the image. */
  homepageHeroAlt: 'homepage_hero_alt',
  /** A random id given to a database when it is created, so a site folder knows which one it shows. */
  databaseId: 'database_id',
  /** When the seed content was first added; later starts leave the content to the editor. */
  seededAt: 'seeded_at',
  /** The random key newsletter links (confirm, unsubscribe) are signed with; never leaves the server. */
  newsletterSecret: 'newsletter_secret',
} as const;

export type SettingKey = (typeof SETTING)[keyof typeof SETTING];
