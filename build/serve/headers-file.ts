/** One block of a Netlify/Cloudflare `_headers` file: a path pattern and the headers sent for it. */
export interface HeaderRule { pattern: string; headers: Record<string, string> }

/** Parses `_headers`: a path line (`/*`, `/assets/*`), then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const match = /^\s+([^:]+):\s*(.*)$/.exec(line);
    const rule = rules.at(-1);
    if (!match || !rule) throw new Error(`unexpected _headers line: ${line}`);
    rule.headers[match[1].trim()] = match[2].trim();
  }
  return rules;
}

/** The headers of every rule whose pattern matches the path (`*` matches any rest), later rules winning. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const matching = rules.filter(({ pattern }) => pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);
  return Object.assign({}, ...matching.map((rule) => rule.headers));
}
