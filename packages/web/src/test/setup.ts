import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The first test of a file also transforms the lazy chunks it opens: give findBy* room on a busy CI machine.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts between tests only when told to (no globals in this project).
afterEach(() => {
  cleanup();
  // A Node-environment test (the lint fences) has no storage to clear.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
