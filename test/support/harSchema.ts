import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/** har-schema ships plain JSON schemas (draft-06) without types. */
const load = createRequire(__filename);

/** Validates a HAR document against the HAR 1.2 JSON schema; answers the problems, [] when valid. */
export function harProblems(har: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addMetaSchema(load('ajv/dist/refs/json-schema-draft-06.json') as object);
  for (const schema of Object.values(load('har-schema') as Record<string, object>)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#')!;
  return validate(har) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
