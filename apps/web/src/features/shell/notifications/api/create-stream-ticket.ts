import { api } from '../../../../api/api';

/**
 * POST notification/stream-ticket: a single-use ticket (60 s) for GET notification/stream, since
 * EventSource cannot send the bearer token. Goes through the API client, so an expired access
 * token is refreshed first.
 */
export const createStreamTicket = () => api.post<{ ticket: string; expiresAt: string }>('/notification/stream-ticket');

export const streamUrl = (ticket: string) => `/api/v1/notification/stream?ticket=${encodeURIComponent(ticket)}`;
