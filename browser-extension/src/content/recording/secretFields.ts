/** Fields whose values are secrets: never written into a step, only kept beside it for replays. */
const SECRET_AUTOCOMPLETE = /current-password|new-password|one-time-code|cc-number|cc-csc/;

export function isSecretField(field: Element): boolean {
  if (field instanceof HTMLInputElement && field.type === 'password') return true;
  if (field.hasAttribute('data-secret') || field.hasAttribute('data-browser-debug-secret')) return true;
  return SECRET_AUTOCOMPLETE.test(field.getAttribute('autocomplete') ?? '');
}

/** A readable, stable key for the placeholder: the field's name or id, else "password". */
export function secretKeyFor(field: Element): string {
  const raw = field.getAttribute('name') || field.id || 'password';
  return raw.replace(/[^\w.-]/g, '_').slice(0, 60) || 'password';
}
