/** The candidate nearest to a mistyped name (edit distance), for "did you mean …?" hints. */
export function closestName(name: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Beyond half the name's length the "closest" name is just another name.
  return best !== null && bestDistance <= Math.max(2, Math.ceil(name.length / 2)) ? best : null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** "Unknown scenario "x" (did you mean "y"?)": the message both the server and the CLI give. */
export function unknownScenarioMessage(name: string, known: readonly string[]): string {
  const near = closestName(name, known);
  return `Unknown scenario "${name}"${near ? ` (did you mean "${near}"?)` : ''}. Known: ${known.join(', ') || 'none'}`;
}
