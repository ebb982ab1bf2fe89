import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n';

// Tests render in English unless they switch; i18n is ready before any test renders.
await initI18n('en');

afterEach(() => {
  cleanup();
});
