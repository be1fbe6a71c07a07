/** `1 byte`, `2 bytes`: a count with its noun, singular for exactly one. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
