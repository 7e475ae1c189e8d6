/** The `chrome` events the action engine's modules listen to when loaded, for tests that load them in Node. */
const listener = { addListener: () => undefined };
Object.assign(globalThis, { chrome: { webNavigation: { onCommitted: listener }, tabs: { onRemoved: listener } } });
