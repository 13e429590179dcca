import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library unmounts between tests only when told to (no globals in this project).
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
