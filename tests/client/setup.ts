import { configure } from '@testing-library/react';
import { laterTexts } from '../../src/lib/i18n';

/**
 * `findBy…` waits up to 5 s instead of Testing Library's 1 s: pages and games are lazy imports,
 * transformed on first use, and on a busy 2-core machine a first lazy panel was seen to take longer
 * than a second (a fresh-clone run). A missing element still fails; it only fails later.
 */
configure({ asyncUtilTimeout: 5_000 });

// Tests render pages and panels directly, not through the lazy loaders that fetch the pt_BR texts
// the first page leaves out (src/lib/i18n.ts): every test starts with all of them.
await laterTexts();
