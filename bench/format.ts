/** Number formatting and plain-text / Markdown tables shared by the console report and docs/performance.md. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function mebibytes(kib: number | undefined): string {
  return kib === undefined ? 'n/a' : `${Math.round(kib / 1024)} MiB`;
}

export function kibibytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function times(ratio: number): string {
  return `${ratio.toFixed(ratio >= 10 ? 1 : 2)}×`;
}

export function fixed(value: number, digits = 1): string {
  return value.toFixed(digits);
}

export type Table = { header: string[]; rows: string[][] };

/** Columns padded to width; every column but the first right-aligned (they hold numbers). */
export function textTable({ header, rows }: Table): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable({ header, rows }: Table): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map((_, column) => (column === 0 ? '---' : '---:')).join('|')}|`, ...rows.map(line)].join('\n');
}
