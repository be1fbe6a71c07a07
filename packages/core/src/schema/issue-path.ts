/** A schema issue's path as `[0].locations[1].hours.timeZone`, for messages that name the field. */
export function formatPath(issuePath: readonly PropertyKey[]): string {
  if (issuePath.length === 0) return '(root)';
  return issuePath
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
