// Run by backends.test.ts in a vitest of its own (not matched by the db project's *.test.ts pattern).
import { expect, it } from 'vitest';
import { backends, describeEachBackend } from './backends';

const list = await backends('postgres://postgres:secret@127.0.0.1:1/x', false);

describeEachBackend(list, 'a database test on $name', (backend) => {
  it('runs where its backend is there', () => expect(backend.unavailable).toBeUndefined());
  it('runs there too', () => expect(backend.name).toBe('PGlite'));
});
