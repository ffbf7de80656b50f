import { describe, expect, it } from 'vitest';
import { runForEach } from './person-list-bulk-actions';
import { ApiError } from '../../../api/api-error';

describe('bulk person actions', () => {
  it('calls once per person and reports successes, failures and the server messages', async () => {
    const called: string[] = [];
    const result = await runForEach(['a', 'b', 'c', 'd', 'e'], async (id) => {
      called.push(id);
      if (id === 'b' || id === 'd') throw new ApiError(403, { errors: ['You are not allowed to do this.'] });
      if (id === 'e') throw new Error('network');
    });
    expect(called.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.succeeded.sort()).toEqual(['a', 'c']);
    expect(result.failed.sort()).toEqual(['b', 'd', 'e']);
    expect(result.messages).toEqual(['You are not allowed to do this.']);
  });

  it('does nothing for an empty selection', async () => {
    expect(await runForEach([], async () => undefined)).toEqual({ succeeded: [], failed: [], messages: [] });
  });
});
