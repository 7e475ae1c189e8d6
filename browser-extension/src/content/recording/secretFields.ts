import { isSecretField as isSecret } from '../../../../src/shared/secretFields';

/** Fields whose values are secrets: never written into a step, only kept beside it for replays (the rule: src/shared/secretFields). */
export function isSecretField(field: Element): boolean {
  return isSecret({
    tag: field.tagName,
    type: field instanceof HTMLInputElement ? field.type : (field.getAttribute('type') ?? undefined),
    name: field.getAttribute('name') ?? undefined,
    id: field.id || undefined,
    autocomplete: field.getAttribute('autocomplete') ?? undefined,
    marked: field.hasAttribute('data-secret') || field.hasAttribute('data-browser-debug-secret'),
  });
}

/** A readable, stable key for the placeholder: the field's name or id, else "password". */
export function secretKeyFor(field: Element): string {
  const raw = field.getAttribute('name') || field.id || 'password';
  return raw.replace(/[^\w.-]/g, '_').slice(0, 60) || 'password';
}
