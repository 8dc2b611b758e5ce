import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as contracts from '@forkcast/shared/contracts';
import type { AuthoredCity } from '../authoring/city-writes.ts';
import type { AuthoredPost } from '../authoring/post-writes.ts';
import type { Readiness } from '../health/readiness.ts';
import type { SendsOverview } from '../sends/sends.ts';
import type * as shapes from './shapes.ts';

type Shape<S extends z.ZodType> = Plain<z.output<S>>;
/** A type with its intersections spelt out as one object, at every depth, so equal shapes compare equal. */
type Plain<T> = T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

// Checked by the type checker (make typecheck): a field added to a contract and not to its shape
// (or the other way round) fails here, so the document cannot fall behind what the routes answer.
describe('the shapes of the OpenAPI document', () => {
  it('are the contracts the routes answer with', () => {
    expectTypeOf<Shape<typeof shapes.City>>().toEqualTypeOf<Plain<contracts.City>>();
    expectTypeOf<Shape<typeof shapes.CityWithUrl>>().toEqualTypeOf<Plain<AuthoredCity & contracts.Versioned>>();
    expectTypeOf<Shape<typeof shapes.CityOverview>>().toEqualTypeOf<Plain<contracts.CityOverview>>();
    expectTypeOf<Shape<typeof shapes.Post>>().toEqualTypeOf<Plain<contracts.Post>>();
    expectTypeOf<Shape<typeof shapes.PostWithUrl>>().toEqualTypeOf<Plain<AuthoredPost & contracts.Versioned>>();
    expectTypeOf<Shape<typeof shapes.ContentItem>>().toEqualTypeOf<Plain<contracts.ContentItem>>();
    expectTypeOf<Shape<typeof shapes.ContentBlock>>().toEqualTypeOf<Plain<contracts.ContentBlock>>();
    expectTypeOf<Shape<typeof shapes.Subscriber>>().toEqualTypeOf<Plain<contracts.Subscriber>>();
    expectTypeOf<Shape<typeof shapes.NewsletterSend>>().toEqualTypeOf<Plain<contracts.NewsletterSend>>();
    expectTypeOf<Shape<typeof shapes.SendsOverview>>().toEqualTypeOf<Plain<SendsOverview>>();
    expectTypeOf<Shape<typeof shapes.ContactMessage>>().toEqualTypeOf<Plain<contracts.ContactMessage>>();
    expectTypeOf<Shape<typeof shapes.CurrentUser>>().toEqualTypeOf<Plain<contracts.CurrentUser>>();
    expectTypeOf<Shape<typeof shapes.User>>().toEqualTypeOf<Plain<contracts.User>>();
    expectTypeOf<Shape<typeof shapes.PublishStatus>>().toEqualTypeOf<Plain<contracts.PublishStatus>>();
    expectTypeOf<Shape<typeof shapes.RevisionSummary>>().toEqualTypeOf<Plain<contracts.RevisionSummary>>();
    expectTypeOf<Shape<typeof shapes.RevisionDetail>>().toEqualTypeOf<Plain<contracts.RevisionDetail>>();
    expectTypeOf<Shape<typeof shapes.RestoreResult>>().toEqualTypeOf<Plain<contracts.RestoreResult>>();
    expectTypeOf<Shape<typeof shapes.TrashItem>>().toEqualTypeOf<Plain<contracts.TrashItem>>();
    expectTypeOf<Shape<typeof shapes.GenerateGuideResult>>().toEqualTypeOf<Plain<contracts.GenerateGuideResult>>();
    expectTypeOf<Shape<typeof shapes.GuidePreview>>().toEqualTypeOf<Plain<contracts.GuidePreview>>();
    expectTypeOf<Shape<typeof shapes.SearchAnswer>>().toEqualTypeOf<Plain<contracts.SearchAnswer>>();
    expectTypeOf<Shape<typeof shapes.Readiness>>().toEqualTypeOf<Plain<Readiness>>();
    expectTypeOf<Shape<typeof shapes.UploadResult>>().toEqualTypeOf<Plain<contracts.UploadResult>>();
    expectTypeOf<Shape<typeof shapes.HeroUploadResult>>().toEqualTypeOf<Plain<contracts.HeroUploadResult>>();
    expectTypeOf<Shape<typeof shapes.Presence>>().toEqualTypeOf<Plain<contracts.PresenceAnswer>>();
    expectTypeOf<Shape<typeof shapes.StaleVersion>>().toEqualTypeOf<Plain<contracts.StaleVersionDetails>>();
  });
});
