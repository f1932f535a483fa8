import { describe, expect, it } from 'vitest';
import { orThrow, RequestFailedError } from '../query';

describe('orThrow', () => {
  it('passes data through and turns false into an error for React Query', async () => {
    await expect(orThrow('/api/x', Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 });
    await expect(orThrow('/api/x', Promise.resolve(null))).resolves.toBeNull();
    await expect(orThrow('/api/x', Promise.resolve(false))).rejects.toBeInstanceOf(RequestFailedError);
  });
});
