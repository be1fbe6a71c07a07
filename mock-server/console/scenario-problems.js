// The banner above the console that says when a scenario file has a mistake, as soon as it is saved
// (the server sends the scenario files' state on every reload), and what still plays meanwhile.
import { setText } from './keyed-children.js';

/** Shows the files of `scenarios` (GET /control/scenarios's list) that have a mistake, or hides the banner. */
export function showScenarioProblems(banner, scenarios) {
  const broken = scenarios.filter((scenario) => scenario.errors.length > 0);
  banner.hidden = broken.length === 0;
  const lines = broken.map((scenario) => {
    const plays = scenario.servingLastValid
      ? `the demo keeps playing its last good version${scenario.name ? ` ("${scenario.name}")` : ''}`
      : 'it never had a good version, so nothing plays it (its conversations get the built-in assistant)';
    return `${scenario.file} has a mistake; ${plays} until you fix it: ${scenario.errors.join(' | ')}`;
  });
  const items = lines.map((line) => {
    const item = document.createElement('li');
    item.textContent = line;
    return item;
  });
  const list = banner.querySelector('ul');
  // Rewritten only when it changed, so the alert is announced once per change.
  if (list.dataset.text !== lines.join('\n')) {
    list.dataset.text = lines.join('\n');
    list.replaceChildren(...items);
  }
  setText(
    banner.querySelector('p'),
    broken.length === 1 ? 'A scenario file has a mistake' : `${broken.length} scenario files have a mistake`,
  );
}
