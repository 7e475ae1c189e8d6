type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function parameterRows(parameters: Json[]): string {
  if (!parameters.length) return '';
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}${p.required ? ', required' : ''}</td><td>${escape(p.description)}</td></tr>`,
  );
  return `<table><tr><th>Parameter</th><th>In</th><th>Meaning</th></tr>${rows.join('')}</table>`;
}

function operationBlock(method: string, path: string, op: Json): string {
  const auth = op.security ? 'Bearer token or X-API-Key' : 'no credentials';
  return `<section><h3><span class="m ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)}${op.description ? ` — ${escape(op.description)}` : ''}</p><p class="auth">Auth: ${auth}</p>${parameterRows(op.parameters ?? [])}</section>`;
}

/** The readable page of /api-docs: the same OpenAPI document, laid out by tag, with no script. */
export function docsPage(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const tag = (op as Json).tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationBlock(method, path, op as Json)]);
    }
  }
  const sections = [...byTag].map(([tag, blocks]) => `<h2>${escape(tag)}</h2>${blocks.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:0 .25rem}table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
.m{font:bold 12px monospace;padding:.1rem .4rem;border-radius:3px;color:#fff;background:#555}.get{background:#2b7}.post{background:#27b}.delete{background:#c33}.auth{color:#666;font-size:13px}</style></head>
<body><h1>${escape(doc.info.title)}</h1><p>Version ${escape(doc.info.version)}. Machine-readable: <a href="/api-docs/openapi.json">/api-docs/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<p>Answers use envelope B: <code>{"status":"success","data":…,"timestamp","requestId"}</code>; errors <code>{"status":"error","error":{"code","message","details"},…}</code>.</p>${sections}</body></html>`;
}
