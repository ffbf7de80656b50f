import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient, showsLoadError } from './query-client';
import { ApiError } from '../api/api-error';

const notistack = vi.hoisted(() => ({ enqueueSnackbar: vi.fn() }));
vi.mock('notistack', () => notistack);

const notFound = () => Promise.reject(new ApiError(404, { title: 'Not Found' }));

afterEach(() => {
  queryClient.clear();
  vi.clearAllMocks();
});

describe('the query client', () => {
  it('shows one loading-error snackbar for a failed load that asks for it', async () => {
    await queryClient.prefetchQuery({ queryKey: ['a'], queryFn: notFound, meta: showsLoadError });
    expect(notistack.enqueueSnackbar).toHaveBeenCalledTimes(1);
    expect(notistack.enqueueSnackbar).toHaveBeenCalledWith(expect.any(String), {
      variant: 'error',
      preventDuplicate: true,
    });
  });

  it("shows the server's messages when it refused the request", async () => {
    const refused = () => Promise.reject(new ApiError(400, { errors: ['Bitte grenzen Sie die Auswahl ein.'] }));
    await queryClient.prefetchQuery({ queryKey: ['c'], queryFn: refused, meta: showsLoadError });
    expect(notistack.enqueueSnackbar).toHaveBeenCalledWith('Bitte grenzen Sie die Auswahl ein.', {
      variant: 'error',
      preventDuplicate: true,
    });
  });

  it('leaves other failed loads to their page', async () => {
    await queryClient.prefetchQuery({ queryKey: ['b'], queryFn: notFound });
    expect(notistack.enqueueSnackbar).not.toHaveBeenCalled();
  });
});
