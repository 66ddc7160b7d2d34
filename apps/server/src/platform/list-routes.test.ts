import { stockLevelList, stockWriteOffList } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Lists built from their declarations (packages/shared/src/lists) describe their answer in the OpenAPI document.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('declared lists', () => {
  it('document the flat list envelope with the declared row', async () => {
    const docs = await t.call('GET', '/api/docs');
    for (const list of [stockLevelList, stockWriteOffList]) {
      const answer = docs.body.paths[`/api${list.path}`].get.responses['200'].content['application/json'].schema;
      expect(Object.keys(answer.properties)).toEqual(
        expect.arrayContaining(['success', 'data', 'current_page', 'last_page', 'total', 'per_page', 'from', 'to']),
      );
      expect(Object.keys(answer.properties.data.items.properties)).toEqual(
        expect.arrayContaining(list.columns.map((c) => c.field.split('.')[0])),
      );
    }
  });
});
