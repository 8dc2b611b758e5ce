// Post still-life registry: name -> scene function.
import type { Scene } from './cities-a.ts';
import { POST_SCENES_A } from './posts-a.ts';
import { POST_SCENES_B } from './posts-b.ts';

export const POST_SCENES: Record<string, Scene> = { ...POST_SCENES_A, ...POST_SCENES_B };
