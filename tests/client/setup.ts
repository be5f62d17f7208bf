import { configure } from '@testing-library/react';

/**
 * `findBy…` waits up to 5 s instead of Testing Library's 1 s: pages and games are lazy imports,
 * transformed on first use, and on a busy 2-core machine a first lazy panel was seen to take longer
 * than a second (a fresh-clone run). A missing element still fails; it only fails later.
 */
configure({ asyncUtilTimeout: 5_000 });
