/**
 * The page side of an inspection (elementFacts): source compiled in the element's own frame by CDP
 * `Runtime.callFunctionOn`, so it carries everything it uses. Its selector maker is
 * browser-extension/src/inPage/uniqueSelector.ts (@medv/finder), embedded as text and bound in a closure:
 * the page's `window` gets nothing.
 */
import uniqueSelectorSource from 'inpage:uniqueSelector';

/** Binds `uniqueSelector` in the scope of the functions below. */
const WITH_SELECTOR = `const { uniqueSelector } = ${uniqueSelectorSource};`;

/**
 * Runs in the page on the element (`target`): a selector that finds it alone (`uniqueSelector`), why it
 * cannot be seen, the component chain the framework's development build leaves on DOM nodes (React fibers,
 * Vue instances, Svelte `__svelte_meta`), its border box and the computed values of `names`. Plain page code: no framework
 * is imported, only read. One call answers what took four DevTools round trips.
 */
const FACTS = `function (target, names) {
  const el = target.nodeType === 1 ? target : target.parentElement;
  const short = (node) => {
    if (!node || node.nodeType !== 1) return '';
    let text = '<' + node.tagName.toLowerCase();
    if (node.id) text += '#' + node.id;
    else if (typeof node.className === 'string' && node.className.trim())
      text += '.' + node.className.trim().split(/\\s+/).slice(0, 2).join('.');
    return text + '>';
  };
  const hidden = [];
  if (!el || !el.isConnected) hidden.push('not in the document');
  else {
    for (let at = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      const who = at === el ? 'the element itself' : 'its ancestor ' + short(at);
      if (style.display === 'none') hidden.push('display:none on ' + who);
      if (style.opacity === '0') hidden.push('opacity:0 on ' + who);
      if (style.contentVisibility === 'hidden' && at !== el) hidden.push('content-visibility:hidden on ' + who);
    }
    const own = getComputedStyle(el);
    if (own.visibility !== 'visible') hidden.push('visibility:' + own.visibility);
    const rect = el.getBoundingClientRect();
    if (!hidden.some((reason) => reason.startsWith('display:none'))) {
      if (rect.width === 0 || rect.height === 0) hidden.push('zero size (' + Math.round(rect.width) + '×' + Math.round(rect.height) + ')');
      else if (rect.bottom <= 0 || rect.right <= 0 || rect.top >= innerHeight || rect.left >= innerWidth)
        hidden.push('off-screen at (' + Math.round(rect.x) + ', ' + Math.round(rect.y) + ') in a ' + innerWidth + '×' + innerHeight + ' viewport: scroll to it');
      else if (!hidden.length) {
        const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
        const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
        // Hit-tested in the element's own tree: from the document, an element in a shadow root is its host.
        const scope = el.getRootNode();
        const hit = (typeof scope.elementFromPoint === 'function' ? scope : document).elementFromPoint(x, y);
        if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) hidden.push('covered by ' + short(hit) + ' at its centre');
      }
    }
  }
  const frameOf = (stack) => {
    for (const line of String(stack || '').split('\\n').slice(1)) {
      const match = /(\\S+):(\\d+):(\\d+)\\)?\\s*$/.exec(line.trim());
      if (!match) continue;
      const url = match[1].replace(/^\\(/, '');
      if (/\\/node_modules\\/|\\/@react-refresh|\\/@vite\\//.test(url)) continue;
      return { url, line: Number(match[2]), column: Number(match[3]) };
    }
    return undefined;
  };
  const reactSource = (fiber) => {
    if (fiber._debugSource) return { file: fiber._debugSource.fileName, fileLine: fiber._debugSource.lineNumber };
    const raw = fiber._debugStack && frameOf(fiber._debugStack.stack);
    return raw ? { raw } : {};
  };
  const components = (() => {
    for (let at = el; at; at = at.parentElement) {
      const key = Object.keys(at).find((name) => name.startsWith('__reactFiber$'));
      if (key) {
        const host = at[key];
        const chain = [];
        const dev = '_debugStack' in host || '_debugSource' in host;
        for (let fiber = host.return; fiber && chain.length < 12; fiber = fiber.return) {
          const type = fiber.type;
          if (typeof type !== 'function' && !(type && typeof type === 'object' && (type.render || type.type))) continue;
          const inner = type.render || type.type || type;
          const name = type.displayName || inner.displayName || inner.name || 'Anonymous';
          chain.push({ name, ...reactSource(fiber) });
        }
        return {
          framework: 'react',
          ...(at !== el ? { note: 'React did not render this element; the chain is of its nearest React ancestor ' + short(at) + '.' } : {}),
          ...(!dev ? { note: 'React production build: component names may be minified and no source locations exist.' } : {}),
          element: { name: short(at), ...reactSource(host) },
          components: chain,
        };
      }
      if (at.__vueParentComponent) {
        const chain = [];
        for (let instance = at.__vueParentComponent; instance && chain.length < 12; instance = instance.parent) {
          const type = instance.type || {};
          const file = type.__file;
          const name = type.name || type.__name || (file ? String(file).split('/').pop().replace(/\\.vue$/, '') : 'Anonymous');
          chain.push(file ? { name, file } : { name });
        }
        return chain.some((entry) => entry.file)
          ? { framework: 'vue', components: chain }
          : { framework: 'vue', note: 'Vue production build: no __file on components.', components: chain };
      }
      if (at.__svelte_meta) {
        const chain = [];
        const loc = at.__svelte_meta.loc;
        for (let parent = at.__svelte_meta.parent; parent && chain.length < 12; parent = parent.parent)
          // Blocks (if, each, await) sit on the same stack as components; only components name the chain.
          if (parent.file && parent.type === 'component') chain.push({ name: String(parent.componentTag || 'Component'), file: parent.file, fileLine: parent.line });
        return {
          framework: 'svelte',
          element: loc ? { name: short(at), file: loc.file, fileLine: loc.line } : undefined,
          components: chain,
        };
      }
    }
    return {
      framework: 'none',
      note: 'No component found: no React fiber, Vue instance or Svelte metadata on the element or its ancestors (a production build, server-rendered HTML, or another framework).',
      components: [],
    };
  })();
  const values = {};
  let rect = null;
  if (el && el.isConnected) {
    const style = getComputedStyle(el);
    for (const name of names) {
      const value = style.getPropertyValue(name);
      if (value) values[name] = value.slice(0, 2000);
    }
    if (el.getClientRects().length) {
      const box = el.getBoundingClientRect();
      // In a same-process frame: moved by each frame's content box up to the top (or an out-of-process frame's).
      let dx = 0;
      let dy = 0;
      try {
        for (let owner = el.ownerDocument.defaultView.frameElement; owner; owner = owner.ownerDocument.defaultView.frameElement) {
          const at = owner.getBoundingClientRect();
          const ownerStyle = getComputedStyle(owner);
          dx += at.left + owner.clientLeft + parseFloat(ownerStyle.paddingLeft);
          dy += at.top + owner.clientTop + parseFloat(ownerStyle.paddingTop);
        }
      } catch {}
      rect = { x: box.x + dx, y: box.y + dy, width: box.width, height: box.height };
    }
  }
  return { tag: el ? el.tagName.toLowerCase() : '', selector: el ? uniqueSelector(el) : '', hiddenReasons: hidden, components, values, rect };
}`;

/** A first inspection of an element: FACTS compiled and run on it (`this`) in one call. */
export const FACTS_ON_THIS = `function (names) { ${WITH_SELECTOR} return (${FACTS})(this, names); }`;
/** Makes FACTS in the element's own frame (its `document`, its viewport) and hands it back to be kept. */
export const MAKE_FACTS = `function () { ${WITH_SELECTOR} return ${FACTS}; }`;
