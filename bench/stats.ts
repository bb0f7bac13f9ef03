/** Median of a list of numbers (mean of the middle two for an even count); undefined for none. */
export function median(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}
