import type { ControlClient } from './control-client.js';

/**
 * What `demo start` says about the assistant's name when the web app already runs (issue 28, item
 * 5). The web app takes the name when it starts (VITE_ASSISTANT_NAME), so a running one keeps the
 * name it was started with; the mock server beside it says which (GET /control/web-app). The note
 * tells the page's name as it is: nothing to do when it is already the scenario's, the restart to
 * make when it is not.
 */
export interface NameNote {
  /** Whether the page already shows what the scenario asks for. */
  ok: boolean;
  text: string;
}

/**
 * `wanted`: the scenario's assistantName (undefined: none, the page's default name). `running`: the
 * running web app's name, null for its default, undefined when the server does not say.
 */
export function assistantNameNote(
  wanted: string | undefined,
  running: string | null | undefined,
): NameNote | null {
  const restart = 'stop the demo (Ctrl-C where it runs) and run this again';
  if (running === undefined) {
    return wanted === undefined
      ? null
      : {
          ok: false,
          text: `The web app already runs and shows the assistant's name it was started with; if that is not "${wanted}" (assistantName), ${restart}.`,
        };
  }
  if ((wanted ?? null) === running) {
    return wanted === undefined
      ? null
      : { ok: true, text: `The page shows the assistant as "${wanted}" (assistantName).` };
  }
  if (wanted === undefined) {
    return {
      ok: false,
      text: `The page shows the assistant as "${running}" (from the demo that started it); this scenario names none. For the page's default name, ${restart}.`,
    };
  }
  const shown = running === null ? "the page's default name" : `"${running}"`;
  return {
    ok: false,
    text: `The web app already runs, showing the assistant as ${shown}; "${wanted}" (assistantName) shows once you ${restart}.`,
  };
}

/**
 * The running web app's assistant name as its mock server says (GET /control/web-app; null: its
 * default), undefined when it does not say. `demo start` notes it, `demo record` keeps it.
 */
export async function runningAssistantName(control: ControlClient): Promise<string | null | undefined> {
  try {
    const { assistantName } = await control.get<{ assistantName?: unknown }>('/control/web-app');
    return typeof assistantName === 'string' || assistantName === null ? assistantName : undefined;
  } catch {
    return undefined;
  }
}
