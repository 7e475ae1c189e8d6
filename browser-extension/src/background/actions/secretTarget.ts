import { isSecretField, type FieldTraits } from '../../../../src/shared/secretFields';
import type { Acting } from './acting';
import { callOn } from './locate';

/** What the shared rule reads of a field, read in the page (the element itself, or the focused one). */
const TRAITS = `function () {
  let el = this && this.nodeType === 1 ? this : document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el) return {};
  const attr = (name) => el.getAttribute(name) || undefined;
  return { tag: el.tagName, type: el.type || attr('type'), name: attr('name'), id: el.id || undefined,
    autocomplete: attr('autocomplete'),
    marked: el.hasAttribute('data-secret') || el.hasAttribute('data-browser-debug-secret') };
}`;

/**
 * Whether typing goes into a secret field (password, one-time code, card number…, see
 * src/shared/secretFields): the connector then logs only `[secret, N chars]`. Unknown counts as secret.
 */
export async function typesIntoSecret(session: Acting, backendNodeId?: number): Promise<boolean> {
  try {
    const traits =
      backendNodeId !== undefined
        ? await callOn<FieldTraits>(session.send, backendNodeId, TRAITS)
        : ((
            await session.send<{ result: { value?: FieldTraits } }>('Runtime.evaluate', {
              expression: `(${TRAITS}).call(undefined)`,
              returnByValue: true,
            })
          ).result.value ?? {});
    return isSecretField(traits);
  } catch {
    return true;
  }
}
