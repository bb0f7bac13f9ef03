/** Backticks or tildes opening a fenced code block; any indentation, since fences inside list items are indented. */
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Reads a page line by line and tells, for each line, whether it belongs to a fenced code block (the
 * fence lines included), where Markdown syntax is only text. Passes that scan raw lines use it.
 */
export function codeFenceTracker(): (line: string) => boolean {
  let open: string | undefined;
  return (line) => {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (!open || marker.startsWith(open))) {
      open = open ? undefined : marker;
      return true;
    }
    return open !== undefined;
  };
}
