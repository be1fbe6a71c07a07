import { afterEach, describe, expect, it } from 'vitest';
import { openSession, stopSessions } from './testing/open-session.js';
import { manualFrames } from './testing/manual-frames.js';

afterEach(stopSessions);

/** Runs the tasks queued so far (timers of 0 ms) and the promise callbacks they queue. */
const queuedTasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const shows = (state: { messages: ReadonlyArray<{ text: string }> }, text: string) =>
  state.messages.some((message) => message.text === text);

describe('a sent message, told to the page once its requests have left', () => {
  it('is not in the page before its save has been asked for, and is by the paint after', async () => {
    const frames = manualFrames();
    const { session, backend, calls } = await openSession({ nextFrame: frames.nextFrame });
    frames.paint();
    const save = backend.data.holdNext('addMessage');
    /** For each time the page is told and sees the message: whether the save had left by then. */
    const savedBeforeShown: boolean[] = [];
    session.subscribe(() => {
      if (shows(session.getState(), 'Hello') && savedBeforeShown.length === 0) {
        savedBeforeShown.push(calls.includes('addMessage'));
      }
    });

    void session.send('Hello');
    expect(shows(session.getState(), 'Hello')).toBe(false); // not in the render the Enter causes
    // The visitor's box is cleared in the same moment: that change tells the page, and still
    // does not show the message before its request.
    session.setDraft('');
    expect(shows(session.getState(), 'Hello')).toBe(false);

    await save.started;
    await queuedTasks();
    await queuedTasks();
    frames.paint();
    expect(shows(session.getState(), 'Hello')).toBe(true);
    expect(savedBeforeShown).toEqual([true]);
    expect(session.getState().messages.find((m) => m.text === 'Hello')?.delivery).toBe('sending');
    save.release();
  });

  it('is shown by the paint even when nothing else changes (a save still waiting in line)', async () => {
    const frames = manualFrames();
    const { session, backend } = await openSession({ nextFrame: frames.nextFrame });
    frames.paint();
    const first = backend.data.holdNext('addMessage');
    void session.send('First');
    await first.started;
    await queuedTasks();
    await queuedTasks();
    frames.paint();
    void session.send('Second'); // waits in the line behind First: no request leaves for it
    await queuedTasks();
    expect(shows(session.getState(), 'Second')).toBe(false);
    frames.paint();
    expect(session.getState().messages.map((m) => m.text)).toEqual(['First', 'Second']);
    first.release();
  });

  it('is in the state at once where nothing paints (no nextFrame: demo check, the benchmark)', async () => {
    const { session } = await openSession();
    void session.send('Hello');
    expect(shows(session.getState(), 'Hello')).toBe(true);
  });
});
