// City hero registry: slug -> scene function.
import { CITY_SCENES_A, type Scene } from './cities-a.ts';
import { CITY_SCENES_B } from './cities-b.ts';

export type { Scene };
export const CITY_SCENES: Record<string, Scene> = { ...CITY_SCENES_A, ...CITY_SCENES_B };
