import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out and has no scrollIntoView; the page calls it to bring an error into view.
// Tests that care spy on it; the others need it to exist. (Node-environment tests have no DOM.)
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(() => cleanup());
