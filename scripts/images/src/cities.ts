// City hero registry: slug -> scene function.
import type { Scene } from './core.ts';
import { sanFrancisco } from './cities/san-francisco.ts';
import { kyoto } from './cities/kyoto.ts';
import { london } from './cities/london.ts';
import { osaka } from './cities/osaka.ts';
import { lisbon } from './cities/lisbon.ts';
import { athens } from './cities/athens.ts';
import { vienna } from './cities/vienna.ts';
import { oahu } from './cities/oahu.ts';
import { portland } from './cities/portland.ts';
import { mexicoCity } from './cities/mexico-city.ts';
import { copenhagen } from './cities/copenhagen.ts';
import { singapore } from './cities/singapore.ts';
import { naples } from './cities/naples.ts';
import { montreal } from './cities/montreal.ts';

export const CITY_SCENES: Record<string, Scene> = {
  'san-francisco': sanFrancisco,
  kyoto,
  london,
  osaka,
  lisbon,
  athens,
  vienna,
  oahu,
  portland,
  'mexico-city': mexicoCity,
  copenhagen,
  singapore,
  naples,
  montreal,
};
