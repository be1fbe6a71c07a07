// The Scenario choice for the picked conversation. It shows what that conversation plays: its own
// scenario, or else the first option, whose label says what plays without one — its business's
// scenario or the built-in assistant (attaching that option sends null: back to the business's).
// Refreshes update the choice only while the staffer has not changed it, so a choice being made is
// not undone before they press "Attach scenario".

export function createScenarioChoice(select) {
  const noneOfItsOwn = new Option('Built-in assistant (no scenario)', '');
  /** The value the console last put in; a different value is the staffer's own choice. */
  let shown = '';

  function hasOption(value) {
    return [...select.options].some((option) => option.value === value);
  }

  return {
    /** Lists `scenarios` (as GET /control/scenarios answers), keeping the current choice. */
    list(scenarios) {
      const current = select.value;
      select.replaceChildren(
        noneOfItsOwn,
        ...scenarios.map((scenario) => {
          const option = new Option(`${scenario.id}${scenario.valid ? '' : ' (invalid)'}`, scenario.id);
          option.disabled = !scenario.valid && !scenario.servingLastValid;
          return option;
        }),
      );
      select.value = hasOption(current) ? current : '';
    },
    /**
     * Shows what `state` (GET /control/conversations/:id/scenario) says the conversation plays; unless
     * `force` (another conversation was just picked, or a scenario attached), only while the staffer
     * has not changed the choice nor is in it.
     */
    show(state, { force = false } = {}) {
      noneOfItsOwn.text =
        state.via === 'business'
          ? `Its business's scenario (${state.scenario})`
          : state.via === 'conversation'
            ? "None of its own (its business's scenario or the built-in assistant)"
            : 'Built-in assistant (no scenario)';
      const value = state.via === 'conversation' ? state.scenario : '';
      const untouched = select.value === shown && document.activeElement !== select;
      if (!force && !untouched) return;
      // A scenario file added since the list was read: list it rather than show a wrong one.
      if (!hasOption(value)) select.append(new Option(value, value));
      select.value = value;
      shown = value;
    },
  };
}
