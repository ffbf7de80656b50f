import type { ApiTokenScope } from '@bpw/domain/schemas/api-token';

/**
 * The one table of what an API token may call (issue 26, docs/decisions/api-tokens.md): the
 * scope each route needs. A route without a row refuses every token (403): the token routes
 * themselves, sign-in, passwords, second factors, sessions, and everything not listed here. The
 * scope only narrows: the caller's rights (the person's, or the club's database managers') still
 * decide in the service, as for a signed-in person.
 */
export const apiTokenRouteScopes: Readonly<Record<string, ApiTokenScope>> = {
  // persons, their addresses and club relations (spec 01)
  'GET /api/v1/person': 'persons:read',
  'GET /api/v1/person/:id': 'persons:read',
  'GET /api/v1/person/:id/address': 'persons:read',
  'GET /api/v1/person/:id/club': 'persons:read',
  'GET /api/v1/person/:id/v-card': 'persons:read',
  'GET /api/v1/person/birthday-list': 'persons:read',
  'GET /api/v1/club': 'persons:read',
  'GET /api/v1/club/:id': 'persons:read',
  'GET /api/v1/club/:id/person': 'persons:read',
  'GET /api/v1/export': 'persons:read',
  'POST /api/v1/person': 'persons:write',
  'PUT /api/v1/person/:id': 'persons:write',
  'PUT /api/v1/person/:id/state': 'persons:write',
  'POST /api/v1/person/:id/club': 'persons:write',
  'PUT /api/v1/person/:personId/club/:id': 'persons:write',
  'DELETE /api/v1/person/:id/club/:relationId': 'persons:write',
  'POST /api/v1/person/:id/address': 'persons:write',
  'PUT /api/v1/person/:id/address/:addressId': 'persons:write',
  'DELETE /api/v1/person/:id/address/:addressId': 'persons:write',
  'PUT /api/v1/person/:id/primary-address': 'persons:write',
  'PUT /api/v1/person/:id/primary-phone': 'persons:write',
  'PUT /api/v1/person/:id/primary-email': 'persons:write',
  'PUT /api/v1/person/:id/primary-url': 'persons:write',
  'PUT /api/v1/person/:id/primary-club': 'persons:write',
  // events (spec 02)
  'GET /api/v1/event': 'events:read',
  'GET /api/v1/event/:id': 'events:read',
  'GET /api/v1/club/:id/event': 'events:read',
  'GET /api/v1/event-public/:id': 'events:read',
  'GET /api/v1/event-category': 'events:read',
  'GET /api/v1/event-category/:id': 'events:read',
  'GET /api/v1/event/:id/custom-field': 'events:read',
  'GET /api/v1/event-publication': 'events:read',
  'GET /api/v1/event/:id/event-publication': 'events:read',
  'GET /api/v1/club/:id/event-publication': 'events:read',
  'POST /api/v1/event': 'events:write',
  'PUT /api/v1/event/:id': 'events:write',
  'PUT /api/v1/event/:id/event-state': 'events:write',
  'DELETE /api/v1/event/:id': 'events:write',
  'POST /api/v1/event-custom-field': 'events:write',
  'PUT /api/v1/event-custom-field/:id': 'events:write',
  'DELETE /api/v1/event-custom-field/:id': 'events:write',
  // registrations (spec 02 §4)
  'GET /api/v1/event/:id/event-registration': 'registrations:read',
  'GET /api/v1/person/:id/event-registration': 'registrations:read',
  'GET /api/v1/event/:id/export-event-registration': 'registrations:read',
  'GET /api/v1/event/:id/waiting-list': 'registrations:read',
  'PUT /api/v1/event-registration/:id': 'registrations:write',
  'DELETE /api/v1/event-registration/:id': 'registrations:write',
  'PUT /api/v1/event-registration/:id/state': 'registrations:write',
  'PUT /api/v1/event-registration/:id/payment-status': 'registrations:write',
  'PUT /api/v1/event-registration/:id/extend': 'registrations:write',
  'PUT /api/v1/event-registration/:id/move-up': 'registrations:write',
};

/** The scope a route needs from a token; undefined: the route refuses tokens. */
export const scopeOfRoute = (method: string, url: string): ApiTokenScope | undefined =>
  apiTokenRouteScopes[`${method === 'HEAD' ? 'GET' : method} ${url}`];
