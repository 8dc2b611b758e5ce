import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';

export interface Preset {
  name: string;
  src: string;
}

/** The five hero images offered by the hero editor, on the home page and on posts alike. */
export const HERO_PRESETS = [
  { name: 'San Francisco Cityscape', src: '/images/presets/san-francisco-cityscape.jpg' },
  { name: 'Mountain Trail', src: '/images/presets/mountain-trail.jpg' },
  { name: 'Restaurant Interior', src: '/images/presets/restaurant-interior.jpg' },
  { name: 'Food Plating', src: '/images/presets/food-plating.jpg' },
  { name: 'London Bridge', src: '/images/presets/london-bridge.jpg' },
] as const;

/** The six hero images offered when generating a guide. */
export const GENERATION_PRESETS = [
  { name: 'San Francisco Cityscape', src: '/images/presets/san-francisco-cityscape.jpg' },
  { name: 'London Street', src: '/images/presets/london-street.jpg' },
  { name: 'European City', src: '/images/presets/european-city.jpg' },
  { name: 'Restaurant Interior', src: '/images/presets/restaurant-interior.jpg' },
  { name: 'Food Plating', src: '/images/presets/food-plating.jpg' },
  { name: 'Asian Cuisine', src: '/images/presets/asian-cuisine.jpg' },
] as const;

/** The smallest WebP rendition the image pipeline writes beside every preset, used as its thumbnail. */
export const presetThumbnail = (src: string): string => src.replace(/\.jpg$/, `-${IMAGE_VARIANT_WIDTHS[0]}.webp`);
