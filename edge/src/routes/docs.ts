import { z } from 'zod';
import type { RouteSpec } from '../http/route';
import { defineRoute } from '../http/route';
import { openApiDocument } from '../openapi/document';
import { docsPage } from '../openapi/page';

/** Takes the finished route table, so the document covers every route including these two. */
export function docsRoutes(routes: RouteSpec[]): RouteSpec[] {
  const json = defineRoute({
    method: 'get',
    paths: ['/api-docs/openapi.json'],
    summary: 'OpenAPI 3 document of this API',
    tag: 'Service',
    access: 'public',
    response: { mediaType: 'application/json', description: 'OpenAPI 3.0 document' },
    async handle(c) {
      return c.json(openApiDocument(routes, new URL(c.req.url).origin));
    },
  });
  const page = defineRoute({
    method: 'get',
    paths: ['/api-docs'],
    summary: 'Readable API reference',
    tag: 'Service',
    access: 'public',
    query: z.object({}),
    response: { mediaType: 'text/html', description: 'HTML page generated from the OpenAPI document' },
    async handle(c) {
      return c.html(docsPage(openApiDocument(routes, new URL(c.req.url).origin)));
    },
  });
  return [json, page];
}
