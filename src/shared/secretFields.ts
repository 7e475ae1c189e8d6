/**
 * What counts as a secret field: its typed value is never logged, streamed or stored, only its length
 * (`[secret, 12 chars]`). One rule for the recorder, the action tools and the connector.
 */

/** What the rule reads of a form field. */
export interface FieldTraits {
  tag?: string;
  type?: string;
  name?: string;
  id?: string;
  autocomplete?: string;
  /** `data-secret` or `data-browser-debug-secret` is present. */
  marked?: boolean;
}

const SECRET_AUTOCOMPLETE = /current-password|new-password|one-time-code|cc-number|cc-csc|cc-exp/i;
const SECRET_NAME =
  /pass(word|wd|code)?|pwd|otp|one.?time|token|secret|api.?key|cc.?(number|num|csc)|cvc|cvv|card.?number|pin\b|ssn/i;

export function isSecretField(field: FieldTraits): boolean {
  if (field.marked) return true;
  if ((field.type ?? '').toLowerCase() === 'password') return true;
  if (SECRET_AUTOCOMPLETE.test(field.autocomplete ?? '')) return true;
  return SECRET_NAME.test(field.name ?? '') || SECRET_NAME.test(field.id ?? '');
}

/** What stands in for a secret value. */
export function secretPlaceholder(value: string): string {
  return `[secret, ${value.length} chars]`;
}
