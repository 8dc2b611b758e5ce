import { describe, expectTypeOf, it } from 'vitest';
import type * as contracts from '@forkcast/shared/contracts';
import type { City, ContactMessage, ContentBlock, ContentItem, Post, PublishRecord, Subscriber } from './index.ts';

describe('the shared contracts', () => {
  it('describes the rows the API answers with (posts and cities with their version)', () => {
    expectTypeOf<City & contracts.Versioned>().toExtend<contracts.City>();
    expectTypeOf<Post & contracts.Versioned>().toExtend<contracts.Post>();
    expectTypeOf<ContentItem>().toExtend<contracts.ContentItem>();
    expectTypeOf<ContentBlock>().toExtend<contracts.ContentBlock>();
    expectTypeOf<Subscriber>().toExtend<contracts.Subscriber>();
    expectTypeOf<ContactMessage>().toExtend<contracts.ContactMessage>();
    // The status names the users a publish's record keeps by id.
    type Named = Omit<PublishRecord, 'userIds'> & { by: string[] };
    expectTypeOf<Named & { at: string }>().toExtend<NonNullable<contracts.PublishStatus['lastPublish']>>();
    expectTypeOf<Named>().toExtend<NonNullable<contracts.PublishStatus['lastFailure']>>();
  });
});
