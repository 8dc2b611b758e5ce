// Post still-life registry: name -> scene function.
import type { Scene } from './core.ts';
import { ramen } from './posts/ramen.ts';
import { pastry } from './posts/pastry.ts';
import { seafood } from './posts/seafood.ts';
import { coffee } from './posts/coffee.ts';
import { market } from './posts/market.ts';
import { streetFood } from './posts/street-food.ts';
import { wine } from './posts/wine.ts';
import { dumplings } from './posts/dumplings.ts';
import { tacos } from './posts/tacos.ts';
import { bakery } from './posts/bakery.ts';
import { noodlesScene } from './posts/noodles.ts';
import { dessert } from './posts/dessert.ts';
import { grill } from './posts/grill.ts';
import { tea } from './posts/tea.ts';
import { cheese } from './posts/cheese.ts';
import { brunch } from './posts/brunch.ts';
import { pizzaScene } from './posts/pizza.ts';
import { sushi } from './posts/sushi.ts';

export const POST_SCENES: Record<string, Scene> = {
  ramen,
  pastry,
  seafood,
  coffee,
  market,
  'street-food': streetFood,
  wine,
  dumplings,
  tacos,
  bakery,
  noodles: noodlesScene,
  dessert,
  grill,
  tea,
  cheese,
  brunch,
  pizza: pizzaScene,
  sushi,
};
