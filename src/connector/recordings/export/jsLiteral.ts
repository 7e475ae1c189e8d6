/**
 * The one encoder for values written into an exported test: JSON's string and object syntax, which is
 * JavaScript's, with U+2028 and U+2029 escaped too (older parsers end a line there, and a comment or
 * a tool reading lines would break on them). Every recorded string reaches generated code through this.
 */
export function jsLiteral(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsLiteral: a value with no JSON form');
  return json.replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}
