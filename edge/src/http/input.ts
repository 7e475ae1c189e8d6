import { z } from 'zod';
import { ApiError, invalidParameter, missingParameter } from '../../../src/shared/errors';

const MAX_BODY_BYTES = 64 * 1024;

function enumValues(schema: z.ZodType): readonly string[] | undefined {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : undefined;
}

/** Enum query values match case-insensitively (`level=WARN`), as on the local connector. */
function normalize(shape: Record<string, z.ZodType>, raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const options = shape[name] && enumValues(shape[name]);
    out[name] = options?.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value;
  }
  return out;
}

function validValuesOf(issue: z.core.$ZodIssue, schema: z.ZodType | undefined): unknown[] {
  if ('values' in issue && Array.isArray(issue.values)) return issue.values;
  if (schema?.description) return [schema.description];
  if (issue.code === 'invalid_type') return [`a value of type ${issue.expected}`];
  return [];
}

/** The first zod issue becomes INVALID_PARAMETER (or BAD_REQUEST when missing), naming the parameter. */
export function toParameterError(
  error: z.ZodError,
  shape: Record<string, z.ZodType>,
  input: unknown,
  prefix = '',
): ApiError {
  const issue = error.issues[0]!;
  const name = prefix + issue.path.join('.');
  const top = shape[String(issue.path[0])];
  const value = issue.path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key as string] : undefined),
    input,
  );
  if (value === undefined) return missingParameter(name);
  return invalidParameter(
    name,
    value,
    validValuesOf(issue, top),
    issue.message.replace(/^Invalid input: /, '').replace(/\.$/, ''),
  );
}

export function parseQuery<T extends z.ZodObject>(schema: T, url: URL): z.infer<T> {
  const raw: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (value !== '') raw[name] = value;
  const shape = schema.shape as Record<string, z.ZodType>;
  const normalized = normalize(shape, raw);
  const parsed = schema.safeParse(normalized);
  if (!parsed.success) throw toParameterError(parsed.error, shape, normalized);
  return parsed.data;
}

export async function parseBody<T extends z.ZodType>(schema: T, request: Request): Promise<z.infer<T>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json.');
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES)
    throw new ApiError('PAYLOAD_TOO_LARGE', `The body is over ${MAX_BODY_BYTES} bytes.`, { maxBytes: MAX_BODY_BYTES });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The body is not valid JSON.');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new ApiError('BAD_REQUEST', 'The body must be a JSON object.');
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  throw toParameterError(parsed.error, shape, json);
}
