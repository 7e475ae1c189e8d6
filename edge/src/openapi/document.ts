import { z } from 'zod';
import type { RouteSpec } from '../http/route';
import { API_VERSION, EDGE_VERSION } from '../base/version';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType): Json =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Json;

const errorEnvelope: Json = {
  type: 'object',
  required: ['status', 'error', 'timestamp', 'requestId'],
  properties: {
    status: { type: 'string', enum: ['error'] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'object', additionalProperties: true },
      },
    },
    timestamp: { type: 'string', format: 'date-time' },
    requestId: { type: 'string' },
  },
};

const successEnvelope = (data: Json): Json => ({
  type: 'object',
  required: ['status', 'data', 'timestamp', 'requestId'],
  properties: {
    status: { type: 'string', enum: ['success'] },
    data,
    timestamp: { type: 'string', format: 'date-time' },
    requestId: { type: 'string' },
  },
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

function parameters(route: RouteSpec, path: string): Json[] {
  const list: Json[] = [];
  for (const name of path.match(/:([A-Za-z_]+)/g) ?? []) {
    const key = name.slice(1);
    list.push({
      name: key,
      in: 'path',
      required: true,
      description: route.params?.[key] ?? key,
      schema: { type: 'string' },
    });
  }
  const shape = (route.query?.shape ?? {}) as Record<string, z.ZodType>;
  for (const [name, schema] of Object.entries(shape)) {
    const json = schemaOf(schema);
    list.push({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      description: schema.description ?? json.description,
      schema: json,
    });
  }
  if (route.sessionHeader)
    list.push({
      name: 'X-Session-ID',
      in: 'header',
      required: false,
      description: 'narrow to one of your sessions',
      schema: { type: 'string' },
    });
  return list;
}

function responses(route: RouteSpec): Json {
  const ok =
    'data' in route.response
      ? {
          description: 'success (envelope B)',
          content: { 'application/json': { schema: successEnvelope(schemaOf(route.response.data)) } },
        }
      : {
          description: route.response.description,
          content: { [route.response.mediaType]: { schema: { type: 'string' } } },
        };
  const result: Json = {
    [String(route.response.status ?? 200)]: ok,
    '400': errorResponse('invalid parameter or body'),
    '429': errorResponse('rate limited'),
  };
  if (route.access !== 'public')
    Object.assign(result, {
      '401': errorResponse('no valid credentials'),
      '403': errorResponse('missing scope or not your session'),
    });
  return result;
}

function operation(route: RouteSpec, path: string): Json {
  const op: Json = {
    operationId: `${route.method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
    summary: route.summary,
    tags: [route.tag],
    parameters: parameters(route, path),
    responses: responses(route),
  };
  if (route.description) op.description = route.description;
  if (route.access !== 'public') op.security = [{ bearerAuth: [] }, { apiKey: [] }];
  if (route.body)
    op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } };
  return op;
}

/** OpenAPI 3.0 built from the route table, so every documented parameter is the one validated. */
export function openApiDocument(routes: RouteSpec[], serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    for (const path of route.paths) {
      const key = path.replace(/:([A-Za-z_]+)/g, '{$1}');
      paths[key] = { ...paths[key], [route.method]: operation(route, path) };
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Browser Debug edge API',
      version: `${EDGE_VERSION} (${API_VERSION})`,
      description: 'Remote access to browser captures. See the README section “Remote deployment (edge)”.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorEnvelope: errorEnvelope },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'access token from POST /auth/token',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
  };
}
