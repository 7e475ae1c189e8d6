import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/document';
import { allRoutes } from '../../src/routes';

describe('OpenAPI document', () => {
  it('validates against the official OpenAPI 3.0 JSON schema', async () => {
    const doc = openApiDocument(allRoutes, 'https://edge.example.com');
    const result = await new Validator().validate(doc as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is checked by a validator that does reject a broken document', async () => {
    const result = await new Validator().validate({
      openapi: '3.0.3',
      info: { title: 'x' },
      paths: { '/a': { get: { responses: 'none' } } },
    });
    expect(result.valid).toBe(false);
  });

  it('gives every operation a unique operationId', () => {
    const doc = openApiDocument(allRoutes, 'https://edge.example.com') as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
