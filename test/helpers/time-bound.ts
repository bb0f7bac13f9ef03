/**
 * Time bounds that hold on a busy machine. `npm test` runs two test files at once on two cores, so a
 * measurement can land on a moment when the other file's work shares its core. A measurement over its
 * bound is taken again, up to `tries` times in all, and the fastest counts: an input that is slow is
 * slow every time and still fails; a moment of contention does not.
 */
export async function fastestOf<T extends { ms: number }>(maxMs: number, measure: () => Promise<T> | T, tries = 3): Promise<T> {
  let fastest = await measure();
  for (let attempt = 1; attempt < tries && fastest.ms > maxMs; attempt++) {
    const again = await measure();
    if (again.ms < fastest.ms) fastest = again;
  }
  return fastest;
}
